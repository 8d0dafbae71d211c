"""Every cache object of a process shares one Redis client, so no thread or task opens a
connection of its own (sarco.redis_cache)."""

import asyncio
import uuid

import pytest
from django.core.cache import caches

from sarco.redis_cache import SharedPoolRedisCache
from tests.services import REDIS_URL


def test_cache_objects_of_the_same_redis_share_one_client():
    first = SharedPoolRedisCache(REDIS_URL, {"KEY_PREFIX": "a"})
    second = SharedPoolRedisCache(REDIS_URL, {"KEY_PREFIX": "b"})
    assert first._cache is second._cache


def test_another_redis_or_other_options_get_a_client_of_their_own():
    base = SharedPoolRedisCache(REDIS_URL, {})
    elsewhere = SharedPoolRedisCache("redis://127.0.0.1:6379/13", {})
    other_options = SharedPoolRedisCache(REDIS_URL, {"OPTIONS": {"socket_timeout": 3}})
    assert len({id(base._cache), id(elsewhere._cache), id(other_options._cache)}) == 3


@pytest.mark.asyncio
async def test_calls_from_fresh_threads_use_the_same_connections(redis, settings):
    """``caches`` gives each thread and task a cache object of its own; before, each of them
    connected anew (the sockets' lease renewals run on fresh threads)."""
    name = f"sarco-test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = {
        "default": {
            "BACKEND": "sarco.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": name,
            "OPTIONS": {"client_name": name},
        }
    }

    def set_on_this_thread(number: int):
        cache = caches["default"]
        cache.set("key", number)
        return cache  # kept, so its connections would stay open if it had any of its own

    kept = [await asyncio.to_thread(set_on_this_thread, number) for number in range(12)]
    assert len({id(cache) for cache in kept}) == 12  # twelve cache objects, as Django makes them
    assert await asyncio.to_thread(caches["default"].get, "key") == 11
    client = kept[0]._cache.get_client(write=True)
    named = [entry for entry in client.client_list() if entry.get("name") == name]
    assert len(named) == 1
