"""Django's Redis cache with one connection pool per process, whichever thread or task asks.

Django keeps a cache object per thread and, under ASGI, per task (``caches`` is an asgiref
``Local``), and each object builds its own Redis client with its own connection pool. So a
request served by daphne, each socket's consumer and each ``asyncio.to_thread`` call got a
fresh pool and opened a new TCP connection to Redis for its first command; redis-py also
reads its own package metadata from disk for every new connection. Under the online
benchmark (50 paced tables on PostgreSQL + Redis, py-spy on daphne) the socket limits'
lease renewals alone spent 13% of the server's busy time connecting. Here every cache
object of the same servers and options shares one client, whose pools redis-py makes safe
across threads (Django's own fix for this is still an open pull request, #18459).
"""

from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[tuple, RedisCacheClient] = {}
_lock = threading.Lock()


class SharedPoolRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose client is shared process-wide."""

    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client
