"""The paces a host can pick: only those offered are kept, and each reads in words."""

import pytest

from games.clock_kinds import ClockError, clean_clock, describe


@pytest.mark.parametrize(
    "clock",
    [{"kind": "live", "seconds": 60}, {"kind": "daily", "days": 3}, None, {}],
)
def test_an_offered_pace_is_kept(clock):
    assert clean_clock(clock) == (clock or None)


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "live", "seconds": 61},
        {"kind": "live", "seconds": "60"},
        {"kind": "live", "seconds": True},
        {"kind": "daily", "days": 4},
        {"kind": "daily"},
        {"kind": "blitz", "seconds": 60},
        "live",
    ],
)
def test_a_pace_not_offered_is_refused_in_words(clock):
    with pytest.raises(ClockError):
        clean_clock(clock)


def test_a_pace_reads_in_words():
    assert describe({"kind": "live", "seconds": 60}) == "60 seconds a move"
    assert describe({"kind": "daily", "days": 1}) == "1 day a move"
    assert describe({"kind": "daily", "days": 7}) == "7 days a move"
    assert describe(None) == "No clock"


@pytest.mark.django_db
def test_a_table_keeps_the_pace_its_host_picked(django_user_model):
    from games import tables

    host = django_user_model.objects.create_user("host")
    table = tables.open_table("sarg", host, seats=2, clock={"kind": "daily", "days": 3})
    table.refresh_from_db()
    assert table.clock == {"kind": "daily", "days": 3}


@pytest.mark.django_db
def test_a_table_refuses_a_pace_not_offered(django_user_model):
    from games import tables

    host = django_user_model.objects.create_user("host")
    with pytest.raises(tables.TableError):
        tables.open_table("sarg", host, seats=2, clock={"kind": "live", "seconds": 5})
