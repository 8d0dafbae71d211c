"""+1 day at a turn-based table (games.clocks.give_day), with a frozen clock."""

import datetime as dt

import pytest

from games.clocks import give_day
from games.tables import TableError

from .clock_helpers import START, clocked_table, seat
from .helpers import user, user_at

pytestmark = pytest.mark.django_db


DAILY = {"kind": "daily", "days": 2}


def test_an_opponent_gives_the_seat_to_act_a_day(frozen):
    table = clocked_table(DAILY)
    position = table.to_act[0]
    give_day(table, user_at(table, 1 - position), position)
    assert seat(table, position).deadline == START + dt.timedelta(days=3)
    table.refresh_from_db()
    assert table.clock_due == START + dt.timedelta(days=3)


def test_a_giver_gives_once_a_turn(frozen):
    table = clocked_table(DAILY)
    position = table.to_act[0]
    give_day(table, user_at(table, 1 - position), position)
    with pytest.raises(TableError, match="already"):
        give_day(table, user_at(table, 1 - position), position)
    assert seat(table, position).deadline == START + dt.timedelta(days=3)


@pytest.mark.parametrize("who", ["self", "stranger", "anonymous"])
def test_only_an_opponent_gives_a_day(frozen, who):
    from django.contrib.auth.models import AnonymousUser

    table = clocked_table(DAILY)
    position = table.to_act[0]
    by = {
        "self": user_at(table, position),
        "stranger": user(),
        "anonymous": AnonymousUser(),
    }[who]
    with pytest.raises(TableError):
        give_day(table, by, position)
    assert seat(table, position).deadline == START + dt.timedelta(days=2)


def test_a_day_goes_only_to_the_seat_to_act(frozen):
    table = clocked_table(DAILY)
    position = table.to_act[0]
    with pytest.raises(TableError, match="not to move"):
        give_day(table, user_at(table, position), 1 - position)


@pytest.mark.parametrize("position", [-1, 2, "0", None])
def test_a_day_for_no_such_seat_is_refused(frozen, position):
    table = clocked_table(DAILY)
    with pytest.raises(TableError):
        give_day(table, user_at(table, 0), position)


def test_days_are_given_only_at_turn_based_tables(frozen):
    table = clocked_table({"kind": "live", "seconds": 60})
    position = table.to_act[0]
    with pytest.raises(TableError, match="turn-based"):
        give_day(table, user_at(table, 1 - position), position)
