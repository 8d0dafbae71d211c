"""The pieces of the websocket limits: the token bucket, the size check, the leases."""

import time

import pytest
from django.core.cache import cache

from sarco.socket_limits import (
    RefusalCounter,
    TokenBucket,
    claim_slot,
    frame_too_big,
    release_slot,
    socket_owner,
)


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
