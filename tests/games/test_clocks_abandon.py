"""A turn-based table nobody plays any more is ended as abandoned (games.clock_runs)."""

import datetime as dt

import pytest

from games import tables
from games.clocks import clock_notes
from games.models import Table
from games.vacations import take_vacation

from .clock_helpers import clocked_table, seat
from .helpers import acting_user, first_legal

pytestmark = pytest.mark.django_db

DAILY = {"kind": "daily", "days": 1}


def _fresh(table):
    return Table.objects.get(pk=table.pk)


def test_a_table_nobody_moved_in_for_three_times_its_days_is_abandoned(frozen):
    table = clocked_table(DAILY)
    first = table.to_act[0]
    frozen.tick(days=1)
    assert tables.run_clocks() == 1  # the first to act stalls first
    frozen.tick(days=1)
    assert tables.run_clocks() == 1  # then the other
    assert _fresh(table).status == Table.Status.PLAYING
    frozen.tick(days=1)
    assert tables.run_clocks() == 0
    table = _fresh(table)
    assert table.status == Table.Status.ABANDONED
    assert table.clock_due is None
    assert table.session is None
    assert [s.left for s in table.seats.order_by("position")] == [s == first for s in range(2)]


def test_the_timeouts_of_one_player_do_not_abandon_a_table_the_others_play(frozen):
    table = clocked_table(DAILY, seats=3, game="sarcophagus")
    quiet = table.to_act[0]
    for _ in range(4):
        frozen.tick(days=1)
        tables.run_clocks()
        table = _fresh(table)
        while table.to_act and table.to_act[0] != quiet and table.status == "playing":
            person, position = acting_user(table)
            table = tables.play(table, person, first_legal(table, position), table.version)
    assert _fresh(table).status == Table.Status.PLAYING
    assert seat(table, quiet).left


def test_vacation_days_do_not_count_towards_abandoning(frozen):
    table = clocked_table(DAILY)
    for position in range(2):
        take_vacation(seat(table, position).user, dt.date(2026, 3, 3), dt.date(2026, 3, 6))
    frozen.tick(days=5)  # the deadline, pushed on by four days
    assert tables.run_clocks() == 1
    assert _fresh(table).status == Table.Status.PLAYING


def test_a_live_table_is_never_abandoned(frozen):
    table = clocked_table({"kind": "live", "seconds": 30}, bots={1: "heuristic"})
    frozen.tick(days=10)
    tables.run_clocks()
    assert _fresh(table).status == Table.Status.PLAYING


def test_the_log_says_the_table_was_abandoned(frozen):
    table = clocked_table(DAILY)
    for _ in range(3):
        frozen.tick(days=1)
        tables.run_clocks()
    notes = [note["text"] for note in clock_notes(_fresh(table))]
    assert any("abandoned" in text for text in notes)
