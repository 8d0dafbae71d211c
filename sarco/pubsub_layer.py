"""The channel layer over Redis's pub/sub, with two plain connections a process.

Channels-redis's pub/sub layer spent about 90 us of CPU on every message it published and as
much on every message it received, in redis-py's general machinery (a pool, a lock held
across each publish's round trip, a timeout and a retry wrapper per read): about a tenth of
each daphne's samples at 50 tables flat out (docs/online-speed.md, "The channel layer's own
connections"). This layer speaks the few commands it needs (SUBSCRIBE, UNSUBSCRIBE, PUBLISH,
AUTH) on two asyncio connections of its own and reads the replies with hiredis:

- **Publishes are pipelined.** Each waits for its own reply, none for another's.
- **A process's own sockets get its group messages at once.** Redis echoes a published
  message to every subscribed process, this one included; each payload starts with the
  sending layer's tag, and a layer drops its own echo.
- **A message is decoded where it is received** (``receive``), so each socket gets its own
  copy, as with every channel layer.

As with channels-redis's pub/sub layer, a message published while a process was cut off is
lost. Once its subscriber's connection is back, it subscribes again to everything and puts
``{"type": "layer.reconnected"}`` on every channel of the process (``sarco.layer_outages``
then sends each viewer what stands now). Publishing while Redis is away raises
``ConnectionError``; so does joining a group (the consumers retry).
"""

from __future__ import annotations

import asyncio
import os
import types
import uuid
import weakref
from typing import Any

from channels.layers import BaseChannelLayer
from channels_redis.serializers import registry

from .channel_layers import RECONNECTED
from .redis_connections import Publisher, Subscriber, endpoint_of

TAG_BYTES = 8


class _LoopLayer:
    """The layer's state on one event loop: its connections, channels and groups."""

    def __init__(self, layer: PubSubChannelLayer) -> None:
        self.layer = layer
        self.tag = os.urandom(TAG_BYTES)
        self.channels: dict[str, asyncio.Queue] = {}
        self.groups: dict[str, set[str]] = {}  # a group's Redis name: its channels here
        self.publisher = Publisher(layer.endpoint)
        self.subscriber = Subscriber(layer.endpoint, self._delivered, self._reconnected)

    def put(self, name: str, payload: bytes) -> None:
        """``payload`` onto the queue of channel ``name`` or each channel of group ``name``."""
        queue = self.channels.get(name)
        if queue is not None:
            queue.put_nowait(payload)
            return
        for channel in self.groups.get(name, ()):
            queue = self.channels.get(channel)
            if queue is not None:
                queue.put_nowait(payload)

    def _delivered(self, name: bytes, data: bytes) -> None:
        if data[:TAG_BYTES] != self.tag:  # this layer's own were put here as they were sent
            self.put(name.decode(), data[TAG_BYTES:])

    def _reconnected(self) -> None:
        message = self.layer.serialize(RECONNECTED)
        for queue in self.channels.values():
            queue.put_nowait(message)

    async def publish(self, name: str, message: dict[str, Any]) -> None:
        payload = self.layer.serialize(message)
        self.put(name, payload)
        await self.publisher.publish(name.encode(), self.tag + payload)

    def close(self) -> None:
        self.publisher.close()
        self.subscriber.close()
        self.channels, self.groups = {}, {}


class PubSubChannelLayer(BaseChannelLayer):
    """Channels' layer API (with groups and flush) over Redis's pub/sub; one Redis server.

    Configured as channels-redis's layers are: ``hosts`` (one entry: a URL, or a dict with
    ``address``), ``prefix``, ``symmetric_encryption_keys``."""

    extensions = ["groups", "flush"]

    def __init__(
        self,
        hosts: list[Any] | None = None,
        prefix: str = "asgi",
        symmetric_encryption_keys: list[str] | None = None,
        expiry: int = 60,
        capacity: int = 100,
        channel_capacity: dict | None = None,
    ) -> None:
        super().__init__(expiry=expiry, capacity=capacity, channel_capacity=channel_capacity)
        if hosts and len(hosts) > 1:
            raise ValueError("This channel layer uses one Redis server.")
        self.endpoint = endpoint_of((hosts or ["redis://localhost:6379"])[0])
        self.prefix = prefix
        self._serializer = registry.get_serializer(
            "msgpack", symmetric_encryption_keys=symmetric_encryption_keys
        )
        self._loops: dict[asyncio.AbstractEventLoop, _LoopLayer] = {}
        self._watched: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()

    def serialize(self, message: dict[str, Any]) -> bytes:
        return self._serializer.serialize(message)

    def deserialize(self, message: bytes) -> dict[str, Any]:
        return self._serializer.deserialize(message)

    def _here(self) -> _LoopLayer:
        """This loop's state, made on first use and closed with the loop (a loop that
        ``async_to_sync`` made for one call is closed after it)."""
        loop = asyncio.get_running_loop()
        here = self._loops.get(loop)
        if here is None:
            here = self._loops[loop] = _LoopLayer(self)
            if loop not in self._watched:  # once a loop, however often flushed and used again
                self._watched.add(loop)
                _close_with(self, loop)
        return here

    def _group_name(self, group: str) -> str:
        return f"{self.prefix}__group__{group}"

    async def new_channel(self, prefix: str = "specific.") -> str:
        channel = f"{self.prefix}{prefix}{uuid.uuid4().hex}"
        await self._listen(self._here(), channel)
        return channel

    async def _listen(self, here: _LoopLayer, channel: str) -> None:
        here.channels[channel] = asyncio.Queue()
        await here.subscriber.subscribe(channel.encode())

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        await self._here().publish(channel, message)

    async def receive(self, channel: str) -> dict[str, Any]:
        """The next message on ``channel``. A receive cancelled (its consumer ended) ends the
        channel, as channels-redis's pub/sub layer does."""
        here = self._here()
        if channel not in here.channels:
            await self._listen(here, channel)
        try:
            payload = await here.channels[channel].get()
        except (asyncio.CancelledError, TimeoutError, GeneratorExit):
            if here.channels.pop(channel, None) is not None:
                await here.subscriber.unsubscribe(channel.encode())
            raise
        return self.deserialize(payload)

    async def group_add(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        here = self._here()
        if channel not in here.channels:
            raise RuntimeError("Only a channel of this process can join a group.")
        name = self._group_name(group)
        here.groups.setdefault(name, set()).add(channel)
        await here.subscriber.subscribe(name.encode())

    async def group_discard(self, group: str, channel: str) -> None:
        here = self._here()
        name = self._group_name(group)
        members = here.groups.get(name)
        if not members or channel not in members:
            return
        members.discard(channel)
        if not members:
            del here.groups[name]
            await here.subscriber.unsubscribe(name.encode())

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        await self._here().publish(self._group_name(group), message)

    async def flush(self) -> None:
        """Like new: no channels, no groups, connections closed (opened again on use)."""
        here = self._loops.pop(asyncio.get_running_loop(), None)
        if here is not None:
            here.close()

    async def close(self) -> None:
        await self.flush()


def _close_with(layer: PubSubChannelLayer, loop: asyncio.AbstractEventLoop) -> None:
    """Close the layer's connections on ``loop`` when the loop is closed."""
    close = loop.close

    def closing(self, *args, **kwargs):
        layer._watched.discard(loop)
        here = layer._loops.pop(loop, None)
        if here is not None:
            here.close()
            if not loop.is_running():
                loop.run_until_complete(asyncio.sleep(0))  # the transports' close callbacks
        self.close = close
        return close(*args, **kwargs)

    loop.close = types.MethodType(closing, loop)
