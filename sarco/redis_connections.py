"""Connections to Redis for the pub/sub channel layer (``sarco.pubsub_layer``): asyncio
protocols that write Redis's commands and read its replies with hiredis.

Only what pub/sub needs: a connection opened on demand whose commands' replies come back in
the order asked (AUTH, PUBLISH, pipelined: each caller waits for its own reply only); and a
subscriber, a connection in subscribe mode that hands each message on as it arrives and, after
a loss, connects again by itself and subscribes again to every name.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import ssl
from collections.abc import Callable
from typing import Any

import hiredis
from redis.connection import SSLConnection, UnixDomainSocketConnection, parse_url

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0  # seconds
FIRST_RECONNECT, LAST_RECONNECT = 0.1, 2.0  # seconds between attempts, doubling


def command(*parts: bytes) -> bytes:
    """One command in Redis's protocol: an array of bulk strings."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        out += (b"$%d\r\n" % len(part), part, b"\r\n")
    return b"".join(out)


class _Protocol(asyncio.Protocol):
    """One connection: writes commands, hands each reply to ``on_reply``."""

    def __init__(
        self, on_reply: Callable[[Any], None], on_lost: Callable[[_Protocol], None]
    ) -> None:
        self.on_reply, self.on_lost = on_reply, on_lost
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            self.on_reply(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.on_lost(self)

    def write(self, data: bytes) -> None:
        if self.transport is None:
            raise ConnectionError("The connection to Redis is closed.")
        self.transport.write(data)


class Connection:
    """A connection made on demand; commands' replies come back in order (``ask``)."""

    def __init__(self, endpoint: dict[str, Any]) -> None:
        self.endpoint = endpoint
        self.protocol: _Protocol | None = None
        self.waiting: collections.deque[asyncio.Future] = collections.deque()
        self._opening: asyncio.Future | None = None
        self.closed = False

    async def connected(self) -> _Protocol:
        if self.protocol is not None:
            return self.protocol
        if self._opening is None:
            self._opening = asyncio.ensure_future(self._open())
            self._opening.add_done_callback(self._opened)
        return await asyncio.shield(self._opening)  # one caller cancelled, the others wait on

    def _opened(self, opening: asyncio.Future) -> None:
        self._opening = None

    async def _open(self) -> _Protocol:
        loop = asyncio.get_running_loop()
        endpoint = self.endpoint

        def protocol_factory() -> _Protocol:
            return _Protocol(self.on_reply, self._lost)

        try:
            async with asyncio.timeout(CONNECT_TIMEOUT):
                if "path" in endpoint:
                    _, protocol = await loop.create_unix_connection(
                        protocol_factory, endpoint["path"]
                    )
                else:
                    _, protocol = await loop.create_connection(
                        protocol_factory,
                        endpoint.get("host", "localhost"),
                        endpoint.get("port", 6379),
                        ssl=endpoint.get("ssl"),
                    )
                self.protocol = protocol
                if endpoint.get("password"):
                    user = [endpoint["username"].encode()] if endpoint.get("username") else []
                    await self.ask(b"AUTH", *user, endpoint["password"].encode())
                self.opened(protocol)
        except (OSError, TimeoutError) as error:  # ConnectionError (AUTH refused) among them
            self._drop()
            raise ConnectionError(f"Redis could not be reached: {error}") from error
        return protocol

    async def ask(self, *parts: bytes) -> Any:
        """Send a command and wait for its reply; ``ConnectionError`` if the connection is lost
        or Redis answers with an error."""
        protocol = self.protocol
        if protocol is None:
            raise ConnectionError("The connection to Redis is closed.")
        protocol.write(command(*parts))  # first: a write that fails leaves no waiter behind
        waiter = asyncio.get_running_loop().create_future()
        self.waiting.append(waiter)  # the reply comes in a later turn of the loop
        return await waiter

    def on_reply(self, reply: Any) -> None:
        if not self.waiting:
            return
        waiter = self.waiting.popleft()
        if waiter.done():
            return
        if isinstance(reply, hiredis.ReplyError):
            waiter.set_exception(ConnectionError(f"Redis refused: {reply}"))
        else:
            waiter.set_result(reply)

    def _lost(self, protocol: _Protocol) -> None:
        if protocol is not self.protocol:
            return  # one this side dropped
        self._forget()
        if not self.closed:
            self.lost()

    def _forget(self) -> None:
        self.protocol = None
        waiting, self.waiting = self.waiting, collections.deque()
        for waiter in waiting:
            if not waiter.done():
                waiter.set_exception(ConnectionError("The connection to Redis was lost."))

    def opened(self, protocol: _Protocol) -> None:
        """Called when a connection is made (and authenticated)."""

    def lost(self) -> None:
        """Called when the connection went away other than by ``close``."""

    def _drop(self) -> None:
        protocol = self.protocol
        self._forget()
        if protocol is not None and protocol.transport is not None:
            protocol.transport.abort()

    def close(self) -> None:
        self.closed = True
        self._drop()


class Publisher(Connection):
    async def publish(self, name: bytes, payload: bytes) -> None:
        """Once more on a lost connection: after Redis restarted, the first publish finds the
        old connection closed, and the message would be lost with it."""
        try:
            await self.connected()
            await self.ask(b"PUBLISH", name, payload)
        except ConnectionError:
            await self.connected()
            await self.ask(b"PUBLISH", name, payload)


class Subscriber(Connection):
    """The connection in subscribe mode: every name this loop's channels and groups listen
    to, subscribed again after a loss."""

    def __init__(
        self,
        endpoint: dict[str, Any],
        deliver: Callable[[bytes, bytes], None],
        reconnected: Callable[[], None],
    ) -> None:
        super().__init__(endpoint)
        self.deliver, self.reconnected = deliver, reconnected
        self.names: set[bytes] = set()
        self.confirming: dict[bytes, list[asyncio.Future]] = {}
        self._reconnecting: asyncio.Task | None = None

    async def subscribe(self, name: bytes) -> None:
        """Listen to ``name``; returns once Redis confirmed it."""
        self.names.add(name)
        protocol = await self.connected()
        protocol.write(command(b"SUBSCRIBE", name))  # first, as in ``ask``
        waiter = asyncio.get_running_loop().create_future()
        self.confirming.setdefault(name, []).append(waiter)
        await waiter

    async def unsubscribe(self, name: bytes) -> None:
        self.names.discard(name)
        if self.protocol is not None:
            self.protocol.write(command(b"UNSUBSCRIBE", name))

    def on_reply(self, reply: Any) -> None:
        if isinstance(reply, list) and reply:
            kind = reply[0]
            if kind == b"message":
                self.deliver(reply[1], reply[2])
                return
            if kind == b"subscribe":
                for waiter in self.confirming.pop(reply[1], ()):
                    if not waiter.done():
                        waiter.set_result(None)
                return
            if kind == b"unsubscribe":
                return
        if isinstance(reply, hiredis.ReplyError) and not self.waiting:
            log.error("Redis refused a subscription: %s", reply)
            self._fail_confirming(f"Redis refused: {reply}")  # which one is not said
            return
        super().on_reply(reply)  # AUTH's

    def _fail_confirming(self, reason: str) -> None:
        confirming, self.confirming = self.confirming, {}
        for waiters in confirming.values():
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_exception(ConnectionError(reason))

    def opened(self, protocol: _Protocol) -> None:
        if self.names:  # after a loss, or joins tried while Redis was away
            protocol.write(command(b"SUBSCRIBE", *self.names))

    def lost(self) -> None:
        self._fail_confirming("The connection to Redis was lost.")
        log.warning("The channel layer lost its connection to Redis; reconnecting")
        if self._reconnecting is None or self._reconnecting.done():
            self._reconnecting = asyncio.ensure_future(self._reconnect())

    async def _reconnect(self) -> None:
        delay = FIRST_RECONNECT
        while not self.closed:
            await asyncio.sleep(delay)
            try:
                await self.connected()  # subscribes to every name again (``opened``)
            except ConnectionError:
                delay = min(delay * 2, LAST_RECONNECT)
                continue
            log.warning("The channel layer's Redis connection is back; telling every socket")
            self.reconnected()
            return

    def close(self) -> None:
        super().close()
        if self._reconnecting is not None:
            self._reconnecting.cancel()


def endpoint_of(host: dict[str, Any] | str) -> dict[str, Any]:
    """Where to connect, from a ``hosts`` entry (``{"address": "redis://..."}`` or a URL)."""
    address = host.get("address", "redis://localhost:6379") if isinstance(host, dict) else host
    options = parse_url(address)
    kind = options.pop("connection_class", None)
    if kind is SSLConnection:
        options["ssl"] = ssl.create_default_context()
    elif kind is UnixDomainSocketConnection:
        options.pop("host", None)
    return options
