"""Limits on the wire: daphne's websocket protocol drops an abusive socket before the app.

``sarco.socket_limits`` refuses frames politely inside the consumer, but by then daphne has
read, unmasked and decoded each frame and queued it for the application, and a client that
reconnects at once has had a whole application instance built for it (session, cache lease):
a flood still costs the process, and so every table it serves, something per frame. Here,
in the protocol daphne builds for every socket (``sarco.serve`` installs it), nothing of that
happens:

- a frame (autobahn's own limit, set by ``sarco.serve``) or a message of several frames
  larger than ``WIRE_MAX_BYTES`` drops the connection at the header that says so, before its
  payload is read. (Not autobahn's message limit: it bounds what the server sends too, and a
  board's fragments may be larger than any move.)
- a connection sending frames beyond a token bucket (set well above the consumer's, so a
  person only ever meets the consumer's message) is closed at the first frame too many, which
  is never read;
- a client address opening sockets faster than another token bucket allows is answered 429
  at the handshake, before an application instance exists, and a socket dropped for either
  reason above costs its address extra tokens, so a client that reconnects to flood again is
  soon turned away at the door (so does a socket the consumer closed for abuse);
- an address that owes more than ``SARCO_SOCKET_BLOCK_DEBT`` tokens (dropped for abuse, or
  knocking on after 429s) has its TCP connections closed as they are accepted, before a byte
  is read, for the few seconds until it is back within the bound. Only when clients talk to
  this process directly: behind a load balancer every connection comes from the balancer.

The buckets live in this process's memory: each server process guards itself (the load
balancer in front of them all should limit connections per address too; README.md).
"""

from __future__ import annotations

import logging
import time

from autobahn.websocket.types import ConnectionDeny
from daphne.ws_protocol import WebSocketProtocol
from django.conf import settings

from .socket_limits import POLICY_VIOLATION, TokenBucket

log = logging.getLogger(__name__)

TOO_MANY_REQUESTS = 429
MESSAGE_TOO_BIG = 1009
WIRE_MAX_BYTES = 16 * 1024  # a move is well under 1 KiB; the consumer refuses over 4 KiB


def limit(name: str, default: float) -> float:
    """A named setting, read at use (the launcher reads them after Django is set up)."""
    return getattr(settings, name, default)


class AddressBudget:
    """New sockets per client address in this process: a token bucket each, in bounded
    memory (a bucket that has filled up again is the same as none, so it can be forgotten)."""

    def __init__(self, rate: float, burst: float, max_addresses: int = 10_000) -> None:
        self.rate, self.burst, self.max_addresses = rate, burst, max_addresses
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str, now: float | None = None) -> bool:
        """Whether ``address`` may open one more socket now."""
        return self._bucket(address, now).take(now)

    def charge(self, address: str, tokens: float, now: float | None = None) -> None:
        """Take ``tokens`` away from ``address``: its next sockets wait ``tokens / rate``
        seconds longer (the debt is capped, so no address is shut out for long)."""
        bucket = self._bucket(address, now)
        bucket.take(now)  # brings the bucket up to date (and uses one token: the abuse's)
        bucket.tokens = max(bucket.tokens - tokens, -10 * self.burst)

    def blocked(self, address: str, debt: float, now: float | None = None) -> bool:
        """Whether ``address`` owes more than ``debt`` tokens: it was dropped for abuse, or it
        kept knocking after being refused, within the last few seconds."""
        bucket = self.buckets.get(address)
        if bucket is None:
            return False
        now = time.monotonic() if now is None else now
        return bucket.tokens + (now - bucket.stamp) * self.rate < -debt

    def _bucket(self, address: str, now: float | None) -> TokenBucket:
        now = time.monotonic() if now is None else now
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.max_addresses:
                self._forget_full(now)
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst, now)
        return bucket

    def _forget_full(self, now: float) -> None:
        self.buckets = {
            address: bucket
            for address, bucket in self.buckets.items()
            if bucket.tokens + (now - bucket.stamp) * self.rate < self.burst
        }
        if len(self.buckets) >= self.max_addresses:  # a spray of addresses: memory first
            self.buckets.clear()


def client_address(peer_host: str | None, forwarded_for: str | None) -> str:
    """The client's address: behind the load balancer (``BEHIND_TLS_PROXY``) the last hop it
    appended to X-Forwarded-For (the ones before it are whatever the client claimed);
    otherwise the peer, since a client talking to us directly could claim any address."""
    if limit("SARCO_SOCKET_ADDRESS_FROM_FORWARDED", False) and forwarded_for:
        last = forwarded_for.split(",")[-1].strip()
        if last:
            return last
    return peer_host or "unknown"


_budget: AddressBudget | None = None


def address_budget() -> AddressBudget:
    """This process's budget of new sockets per address, made at first use."""
    global _budget
    if _budget is None:
        _budget = AddressBudget(
            limit("SARCO_SOCKET_CONNECTS_PER_SECOND", 3), limit("SARCO_SOCKET_CONNECT_BURST", 30)
        )
    return _budget


class GuardedWebSocketProtocol(WebSocketProtocol):
    """daphne's websocket protocol with the limits above."""

    _address = "unknown"
    _denied = False
    _flooding = False
    _oversized = False

    def onConnect(self, request):
        peer = self.transport.getPeer()
        self._address = client_address(
            getattr(peer, "host", None), request.headers.get("x-forwarded-for")
        )
        budget = address_budget()
        if not budget.take(self._address):
            self._denied = True
            budget.charge(self._address, 1)  # knocking on after a refusal: soon refused at once
            log.info("Socket refused at the handshake: %s opens too many", self._address)
            raise ConnectionDeny(TOO_MANY_REQUESTS, "Too many new sockets")
        self._frames = TokenBucket(
            limit("SARCO_SOCKET_WIRE_FRAMES_PER_SECOND", 10),
            limit("SARCO_SOCKET_WIRE_FRAME_BURST", 30),
        )
        return super().onConnect(request)

    def onFrameBegin(self):
        """Every frame's header, control frames too, before its payload is read."""
        if self._flooding:
            return
        if not self._frames.take():
            self._drop_flood()
            return
        super().onFrameBegin()

    def onMessageFrameBegin(self, length):
        """Each data frame's header: the message so far, with this frame, must stay small."""
        super().onMessageFrameBegin(length)
        if not self.failedByMe and self.message_data_total_length > WIRE_MAX_BYTES:
            self._oversized = True
            self._fail_connection(MESSAGE_TOO_BIG, "message too big")

    def _drop_flood(self) -> None:
        """Say 4008 and go: the close handshake's timeout drops the connection. Until then
        what arrives is read and thrown away unparsed, so the socket is never closed on
        unread bytes (a TCP reset that would swallow the close frame on its way)."""
        self._flooding = True
        log.warning("Dropping a socket of %s on the wire: frames too fast", self._address)
        self.sendCloseFrame(code=POLICY_VIOLATION, isReply=False)
        self.wasClean = False
        self.wasNotCleanReason = "frames too fast"
        self.data = b""

    def dataReceived(self, data):
        if self._flooding:
            return
        super().dataReceived(data)

    def serverClose(self, code=None):
        """The app closing a socket for abuse (``sarco.socket_limits``) costs the address too."""
        if code == POLICY_VIOLATION:
            address_budget().charge(self._address, limit("SARCO_SOCKET_ABUSE_PENALTY", 10))
        super().serverClose(code)

    def onClose(self, wasClean, code, reason):
        if self._denied:  # daphne never registered it: nothing to tell the app or the server
            return
        if self._flooding or self._oversized or self.wasMaxFramePayloadSizeExceeded:
            address_budget().charge(self._address, limit("SARCO_SOCKET_ABUSE_PENALTY", 10))
        super().onClose(wasClean, code, reason)


def refused_at_accept(peer_host: str | None) -> bool:
    """Whether a new TCP connection from ``peer_host`` is closed at once (see above)."""
    if limit("SARCO_SOCKET_ADDRESS_FROM_FORWARDED", False) or not peer_host:
        return False
    return address_budget().blocked(peer_host, limit("SARCO_SOCKET_BLOCK_DEBT", 5))
