"""Clocks: the deadlines a clocked table's seats get, with a frozen clock (games.clocks)."""

import datetime as dt

import pytest
from django.test import TestCase

from games import move_news, tables
from games.clock_kinds import LIVE_BANK_SECONDS
from games.clocks import seat_clocks
from games.models import Table

from .clock_helpers import START, clocked_table, seat
from .helpers import acting_user, first_legal, user

pytestmark = pytest.mark.django_db


LIVE = {"kind": "live", "seconds": 60}
DAILY = {"kind": "daily", "days": 3}


def _move(table):
    person, position = acting_user(table)
    return tables.play(table, person, first_legal(table, position), table.version)


def test_a_live_seat_to_act_gets_its_seconds_and_bank_at_the_start(frozen):
    table = clocked_table(LIVE)
    position = table.to_act[0]
    due = START + dt.timedelta(seconds=60 + LIVE_BANK_SECONDS)
    assert seat(table, position).deadline == due
    assert table.clock_due == due


def test_a_seat_not_to_act_has_no_deadline(frozen):
    table = clocked_table(LIVE)
    other = 1 - table.to_act[0]
    assert seat(table, other).deadline is None
    assert seat(table, other).bank_seconds == LIVE_BANK_SECONDS


def test_a_table_without_a_clock_has_no_deadlines(frozen):
    table = clocked_table(None)
    assert table.clock_due is None
    assert all(s.deadline is None for s in table.seats.all())
    assert seat_clocks(table) == []


def test_a_move_in_time_spends_no_bank_and_gives_the_next_seat_its_time(frozen):
    table = clocked_table(LIVE)
    mover = table.to_act[0]
    frozen.tick(seconds=50)
    table = _move(table)
    table = Table.objects.get(pk=table.pk)
    assert seat(table, mover).bank_seconds == LIVE_BANK_SECONDS
    assert seat(table, mover).deadline is None
    after = START + dt.timedelta(seconds=50)
    nxt = table.to_act[0]
    assert seat(table, nxt).deadline == after + dt.timedelta(seconds=60 + LIVE_BANK_SECONDS)
    assert table.clock_due == seat(table, nxt).deadline


def test_a_slow_move_spends_the_bank_beyond_its_seconds(frozen):
    table = clocked_table(LIVE)
    mover = table.to_act[0]
    frozen.tick(seconds=100)
    _move(table)
    assert seat(Table.objects.get(pk=table.pk), mover).bank_seconds == LIVE_BANK_SECONDS - 40


def test_a_daily_seat_gets_its_days(frozen):
    table = clocked_table(DAILY)
    assert table.clock_due == START + dt.timedelta(days=3)


def test_a_daily_deadline_is_pushed_on_by_the_persons_vacation(frozen):
    from games.vacations import take_vacation

    host = user()
    take_vacation(host, dt.date(2026, 3, 3), dt.date(2026, 3, 4))
    table = clocked_table(DAILY, host=host)
    due = START + dt.timedelta(days=5)
    assert [s.deadline for s in table.seats.all() if s.deadline] == (
        [due] if table.to_act == [0] else [START + dt.timedelta(days=3)]
    )


def test_seat_clocks_say_who_runs_and_how_much_is_left(frozen):
    table = clocked_table(LIVE)
    frozen.tick(seconds=30)
    clocks = seat_clocks(table)
    running = table.to_act[0]
    assert [c.position for c in clocks] == [0, 1]
    assert clocks[running].running
    assert clocks[running].seconds_left == 30 + LIVE_BANK_SECONDS
    assert not clocks[1 - running].running
    assert clocks[1 - running].seconds_left is None
    assert clocks[1 - running].bank_seconds == LIVE_BANK_SECONDS


def test_a_bot_seat_never_has_a_clock(frozen):
    table = clocked_table(LIVE, bots={1: "heuristic"})
    assert seat(table, 1).deadline is None
    assert not seat_clocks(table)[1].running


def test_a_clocked_moves_message_sends_the_other_servers_to_read_the_table(frozen, monkeypatch):
    sent = []
    monkeypatch.setattr(move_news, "_send", lambda group, message: sent.append(message))
    table = clocked_table(LIVE)
    with TestCase.captureOnCommitCallbacks(execute=True):
        _move(table)
    moved = [m for m in sent if m.get("version") == 1]
    assert moved and "record" not in moved[0]  # the seats' deadlines are not in a record


def test_a_seat_handed_to_a_bot_stops_its_clock(frozen):
    table = clocked_table(LIVE)
    position = table.to_act[0]
    tables.hand_to_bot(table, position, table.host)
    table = Table.objects.get(pk=table.pk)
    assert seat(table, position).deadline is None
    assert table.clock_due is None


def test_a_seat_still_deciding_keeps_its_deadline_when_another_moves(frozen):
    from games.clocks import set_deadlines
    from games.models import TableSeat

    table = Table(clock=LIVE, to_act=[0, 1])
    kept = START + dt.timedelta(seconds=10)
    seats = [TableSeat(position=p, user_id=p + 1, deadline=kept, bank_seconds=0) for p in range(2)]
    later = START + dt.timedelta(seconds=5)
    set_deadlines(table, seats, later, before=[0, 1], mover=0)
    assert seats[0].deadline == later + dt.timedelta(seconds=60)  # moved, to act again
    assert seats[1].deadline == kept
    assert table.clock_due == kept


def test_seat_clocks_say_who_is_on_vacation(frozen):
    from games.vacations import take_vacation

    table = clocked_table(DAILY)
    position = table.to_act[0]
    take_vacation(seat(table, position).user, START.date(), START.date())
    clocks = seat_clocks(Table.objects.get(pk=table.pk))
    assert clocks[position].on_vacation
    assert not clocks[position].running
    assert clocks[position].deadline == START + dt.timedelta(days=4)


def _statements(table) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    person, position = acting_user(table)
    move = first_legal(table, position)
    with CaptureQueriesContext(connection) as ctx:
        tables.play(table, person, move, table.version)
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


def test_a_live_move_costs_no_more_statements_than_one_without_a_clock(frozen):
    from django.db import connection

    plain = _statements(clocked_table(None))
    live = _statements(clocked_table(LIVE))
    # PostgreSQL writes the seats' clocks in the move's one statement; SQLite in one more
    assert live == plain + (0 if connection.vendor == "postgresql" else 1)


def test_a_given_day_keeps_a_move_worked_out_before_from_being_written_lean(frozen):
    from games.clocks import give_day

    table = clocked_table(DAILY)
    position = table.to_act[0]
    before = table.seat_changes
    give_day(table, seat(table, 1 - position).user, position)
    assert Table.objects.get(pk=table.pk).seat_changes == before + 1
