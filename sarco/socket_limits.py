"""Limits on what one websocket may send, and on how many a person may hold open.

Every frame is weighed before any database or channel-layer work, in constant time and in
this process's memory: a frame larger than a move can be (or any binary frame), or one that
comes faster than a token bucket allows, is refused. The frame never reaches the consumer,
the sender is told in a short fragment, and a socket refused several times within a window
is closed with ``POLICY_VIOLATION`` (logged without the frame's content).

The number of open sockets is counted per member (per client address when anonymous) in
Django's cache, so every server process sees the same count: each socket holds a lease that
it refreshes while open, and a lease a crashed process left behind simply runs out. Taking a
place is one atomic step (a script on Redis, a lock in one process's memory), so two sockets
opened at the same instant cannot both take the last one.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.utils.html import escape
from django.utils.translation import gettext

log = logging.getLogger(__name__)

POLICY_VIOLATION = 4008  # private-use mirror of 1008: closed for abuse
TOO_MANY_SOCKETS = 4029  # private-use "too many": refused at connect


def limit(name: str, default: float) -> float:
    """A named setting (``SARCO_SOCKET_...``), read at use so tests can override it."""
    return getattr(settings, name, default)


class TokenBucket:
    """``rate`` frames a second sustained, ``burst`` at once; O(1) per frame."""

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def frame_too_big(text_data: str | None, bytes_data: bytes | None, max_bytes: int) -> bool:
    """Binary frames are never moves; text larger than ``max_bytes`` (UTF-8) is not either.
    The character count is checked first, so a huge frame is never encoded."""
    if bytes_data is not None:
        return True
    text = text_data or ""
    return len(text) > max_bytes or len(text.encode("utf-8", "replace")) > max_bytes


class RefusalCounter:
    """Refusals within the last ``window`` seconds; the first one opens the window."""

    def __init__(self) -> None:
        self.count, self.since = 0, 0.0

    def add(self, window: float, now: float | None = None) -> int:
        now = time.monotonic() if now is None else now
        if now - self.since > window:
            self.count, self.since = 0, now
        self.count += 1
        return self.count


def socket_owner(scope: dict[str, Any]) -> str:
    """Whose socket this is: the member, or the client's address (the last hop the load
    balancer appended to X-Forwarded-For, as for web requests)."""
    user = scope.get("user")
    if getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    for name, value in scope.get("headers") or ():
        if name == b"x-forwarded-for":
            last = value.decode("latin-1").split(",")[-1].strip()
            if last:
                return f"ip:{last}"
    client = scope.get("client") or ("unknown",)
    return f"ip:{client[0]}"


def sockets_allowed(owner: str) -> int:
    if owner.startswith("user:"):
        return limit("SARCO_SOCKETS_PER_MEMBER", 20)
    return limit("SARCO_SOCKETS_PER_ADDRESS", 100)


def slot_cache():
    """The cache the leases live in: Django's default one (Redis in production)."""
    return caches["default"]


def _slots_key(owner: str) -> str:
    return f"socket-leases:{owner}"


# One sorted set per owner (connection -> expiry), changed in one step on the Redis server,
# so two processes opening a socket at the same instant cannot both take the last place.
CLAIM = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[4])
   and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""

# Without Redis the cache is this process's memory: a lock makes the read and the write one
# step for its threads (each socket's cache call runs on a thread of its own).
_memory_lock = threading.Lock()


def claim_slot(owner: str, connection: str, now: float | None = None) -> bool:
    """Register ``connection`` for ``owner`` unless they hold the limit already (renewing a
    lease never counts twice); expired leases are dropped on the way."""
    now = time.time() if now is None else now
    lease = limit("SARCO_SOCKET_LEASE_SECONDS", 60)
    store = slot_cache()
    if isinstance(store, RedisCache):
        key = store.make_and_validate_key(_slots_key(owner))
        client = store._cache.get_client(key, write=True)
        claim = client.register_script(CLAIM)
        args = [now, now + lease, sockets_allowed(owner), connection, int(lease) + 1]
        return bool(claim(keys=[key], args=args))
    with _memory_lock:
        leases = _live_leases(store, owner, now)
        if connection not in leases and len(leases) >= sockets_allowed(owner):
            return False
        leases[connection] = now + lease
        store.set(_slots_key(owner), leases, timeout=int(lease) + 1)
        return True


def release_slot(owner: str, connection: str) -> None:
    store = slot_cache()
    if isinstance(store, RedisCache):
        key = store.make_and_validate_key(_slots_key(owner))
        store._cache.get_client(key, write=True).zrem(key, connection)
        return
    with _memory_lock:
        leases = _live_leases(store, owner, time.time())
        leases.pop(connection, None)
        lease = limit("SARCO_SOCKET_LEASE_SECONDS", 60)
        store.set(_slots_key(owner), leases, timeout=int(lease) + 1)


def _live_leases(store, owner: str, now: float) -> dict[str, float]:
    leases = store.get(_slots_key(owner)) or {}
    if not isinstance(leases, dict):
        return {}
    return {conn: until for conn, until in leases.items() if until > now}


class SocketLimits:
    """Mixin for a Channels websocket consumer (before ``AsyncWebsocketConsumer``).

    ``listens = False``: every frame is refused silently (the socket only listens).
    ``refusal_target``: the id of the page element a refusal is shown in."""

    listens = True
    refusal_target = "socket-refusal"
    refusal_class = "message message-error"
    _slot_owner: str | None = None
    _lease_task: asyncio.Task | None = None
    _closing_for_abuse = False

    async def websocket_connect(self, message):
        self._bucket = TokenBucket(
            limit("SARCO_SOCKET_FRAMES_PER_SECOND", 5), limit("SARCO_SOCKET_FRAME_BURST", 10)
        )
        self._refusals = RefusalCounter()
        self._connection = uuid.uuid4().hex
        owner = socket_owner(self.scope)
        if not await self._cache_call(claim_slot, owner, self._connection, default=True):
            log.info("Socket refused at connect: %s holds too many open sockets", owner)
            await self.accept()
            await self.close(code=TOO_MANY_SOCKETS)
            return
        self._slot_owner = owner
        self._lease_task = asyncio.create_task(self._keep_lease())
        await super().websocket_connect(message)

    async def websocket_disconnect(self, message):
        if self._lease_task is not None:
            self._lease_task.cancel()
        if self._slot_owner is not None:
            await self._cache_call(release_slot, self._slot_owner, self._connection)
            self._slot_owner = None
        await super().websocket_disconnect(message)

    async def websocket_receive(self, message):
        if self._closing_for_abuse:
            return
        text_data, bytes_data = message.get("text"), message.get("bytes")
        reason = self._refusal_reason(text_data, bytes_data)
        if reason is None:
            await super().websocket_receive(message)
            return
        await self._refuse(reason)

    def _refusal_reason(self, text_data: str | None, bytes_data: bytes | None) -> str | None:
        if frame_too_big(text_data, bytes_data, limit("SARCO_SOCKET_MAX_FRAME_BYTES", 4096)):
            return "too big"
        if not self._bucket.take():
            return "too fast"
        if not self.listens:
            return "not listening"
        return None

    async def _refuse(self, reason: str) -> None:
        refusals = self._refusals.add(limit("SARCO_SOCKET_REFUSAL_WINDOW", 10))
        if refusals >= limit("SARCO_SOCKET_REFUSALS_BEFORE_CLOSE", 5):
            self._closing_for_abuse = True
            log.warning(
                "Closing a %s socket of %s: %d frames refused (last: %s)",
                type(self).__name__,
                self._slot_owner,
                refusals,
                reason,
            )
            await self.close(code=POLICY_VIOLATION)
            return
        if self.listens:
            await self.send(text_data=self.refusal_fragment(reason))

    def refusal_fragment(self, reason: str) -> str:
        """An htmx out-of-band swap into the page's refusal element."""
        if reason == "too big":
            text = gettext("That message was too large and was ignored.")
        else:
            text = gettext("Too many messages at once: slow down, that one was ignored.")
        return (
            f'<p id="{self.refusal_target}" class="{self.refusal_class}" role="alert" '
            f'hx-swap-oob="true">{escape(text)}</p>'
        )

    async def _keep_lease(self) -> None:
        """Refresh this socket's lease while it is open (a third of its life each time)."""
        while True:
            await asyncio.sleep(limit("SARCO_SOCKET_LEASE_SECONDS", 60) / 3)
            await self._cache_call(claim_slot, self._slot_owner, self._connection)

    @staticmethod
    async def _cache_call(function, *args, default=None):
        """A cache call off the event loop; an unreachable cache never ends a socket (a
        connect is then allowed: the limit is a guard, not a gate)."""
        try:
            return await asyncio.to_thread(function, *args)
        except Exception:
            log.warning("Socket limits: the cache did not answer", exc_info=True)
            return default
