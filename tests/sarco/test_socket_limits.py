"""The pieces of the websocket limits: the token bucket, the size check, the leases."""

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

from sarco import socket_limits
from sarco.socket_limits import (
    RefusalCounter,
    TokenBucket,
    claim_slot,
    frame_too_big,
    release_slot,
    socket_owner,
)
from tests.services import REDIS_URL


def test_a_bucket_lets_a_burst_through_then_refuses():
    bucket = TokenBucket(rate=5, burst=10, now=0.0)
    assert all(bucket.take(now=0.0) for _ in range(10))
    assert not bucket.take(now=0.0)


def test_a_bucket_refills_at_its_rate():
    bucket = TokenBucket(rate=5, burst=10, now=0.0)
    for _ in range(10):
        bucket.take(now=0.0)
    assert bucket.take(now=0.2)  # one frame's worth at 5 a second
    assert not bucket.take(now=0.2)


def test_a_bucket_never_holds_more_than_its_burst():
    bucket = TokenBucket(rate=5, burst=3, now=0.0)
    assert [bucket.take(now=100.0) for _ in range(4)] == [True, True, True, False]


def test_a_move_sized_text_frame_is_not_too_big():
    assert not frame_too_big('{"resync": true}', None, 4096)
    assert not frame_too_big("x" * 4096, None, 4096)


def test_a_text_frame_over_the_limit_is_too_big():
    assert frame_too_big("x" * 4097, None, 4096)


def test_the_limit_counts_encoded_bytes():
    assert frame_too_big("\u00e4" * 3000, None, 4096)  # 6000 bytes in UTF-8


def test_any_binary_frame_is_too_big():
    assert frame_too_big(None, b"", 4096)


def test_refusals_outside_the_window_start_the_count_again():
    refusals = RefusalCounter()
    assert [refusals.add(10, now=t) for t in (1.0, 2.0, 3.0)] == [1, 2, 3]
    assert refusals.add(10, now=20.0) == 1


class Anonymous:
    is_authenticated = False


class Member:
    is_authenticated = True
    pk = 7


def test_a_member_owns_their_sockets():
    assert socket_owner({"user": Member(), "client": ["10.0.0.1", 1]}) == "user:7"


def test_an_anonymous_socket_belongs_to_the_load_balancers_last_hop():
    scope = {
        "user": Anonymous(),
        "client": ["10.0.0.9", 1],
        "headers": [(b"x-forwarded-for", b"1.2.3.4, 5.6.7.8")],
    }
    assert socket_owner(scope) == "ip:5.6.7.8"


def test_without_a_forwarded_header_the_peer_address_counts():
    assert socket_owner({"client": ["10.0.0.9", 1]}) == "ip:10.0.0.9"


@pytest.fixture
def two_per_member(settings):
    settings.SARCO_SOCKETS_PER_MEMBER = 2
    settings.SARCO_SOCKET_LEASE_SECONDS = 60
    cache.clear()
    yield
    cache.clear()


def test_a_member_holds_only_so_many_sockets(two_per_member):
    assert claim_slot("user:1", "a") and claim_slot("user:1", "b")
    assert not claim_slot("user:1", "c")
    assert claim_slot("user:2", "c")  # someone else is not held back


def test_renewing_a_lease_does_not_count_twice(two_per_member):
    assert claim_slot("user:1", "a") and claim_slot("user:1", "b")
    assert claim_slot("user:1", "a")


def test_a_released_socket_frees_its_slot(two_per_member):
    claim_slot("user:1", "a")
    claim_slot("user:1", "b")
    release_slot("user:1", "a")
    assert claim_slot("user:1", "c")


def test_leases_a_crashed_process_left_run_out(two_per_member):
    long_ago = time.time() - 61
    assert claim_slot("user:1", "a", now=long_ago) and claim_slot("user:1", "b", now=long_ago)
    assert claim_slot("user:1", "c")


def slow_reads(monkeypatch, backend_class) -> None:
    """Every cache read takes a while to come back, so opens at the same instant all read
    before any of them writes."""
    real_get = backend_class.get

    def slow_get(self, *args, **kwargs):
        value = real_get(self, *args, **kwargs)
        time.sleep(0.05)
        return value

    monkeypatch.setattr(backend_class, "get", slow_get)


def claims_at_once(owner: str, connections: list[str]) -> list[bool]:
    """``claim_slot`` for each connection, all on their own threads, started together."""
    start = threading.Barrier(len(connections))

    def claim(connection: str) -> bool:
        start.wait(timeout=10)
        return claim_slot(owner, connection)

    with ThreadPoolExecutor(len(connections)) as pool:
        return list(pool.map(claim, connections))


def test_opens_at_the_same_instant_never_pass_the_bound(two_per_member, monkeypatch):
    slow_reads(monkeypatch, LocMemCache)
    assert claims_at_once("user:1", ["a", "b", "c", "d", "e", "f"]).count(True) == 2
    assert not claim_slot("user:1", "g")


@pytest.fixture
def redis_slots(redis, settings, monkeypatch):
    """The leases in the real Redis, under a key prefix of this test's own (never the whole
    database cleared: other runs share it)."""
    settings.SARCO_SOCKETS_PER_MEMBER = 2
    settings.SARCO_SOCKET_LEASE_SECONDS = 60
    backend = RedisCache(REDIS_URL, {"KEY_PREFIX": f"test-slots-{uuid.uuid4().hex}"})
    monkeypatch.setattr(socket_limits, "slot_cache", lambda: backend)
    yield backend
    client = backend._cache.get_client(write=True)
    for key in client.scan_iter(f"{backend.key_prefix}*"):
        client.delete(key)


def test_on_redis_opens_at_the_same_instant_never_pass_the_bound(redis_slots, monkeypatch):
    slow_reads(monkeypatch, RedisCache)
    assert claims_at_once("user:1", ["a", "b", "c", "d", "e", "f"]).count(True) == 2
    assert not claim_slot("user:1", "g")


def test_on_redis_a_released_socket_frees_its_slot(redis_slots):
    assert claim_slot("user:1", "a") and claim_slot("user:1", "b")
    release_slot("user:1", "a")
    assert claim_slot("user:1", "c")
    assert claim_slot("user:1", "b")  # a renewal


def test_on_redis_leases_a_crashed_process_left_run_out(redis_slots):
    long_ago = time.time() - 61
    assert claim_slot("user:1", "a", now=long_ago) and claim_slot("user:1", "b", now=long_ago)
    assert claim_slot("user:1", "c")
