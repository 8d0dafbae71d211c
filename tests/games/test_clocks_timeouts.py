"""run_clocks: a bot moves for a seat out of time, with a frozen clock (games.clock_runs)."""

import datetime as dt

import pytest

from games import clock_runs, tables
from games.botrunner import bot_turn
from games.clock_kinds import LIVE_BANK_SECONDS, TIMEOUTS_TO_LEAVE
from games.clocks import clock_notes
from games.models import Table, TableMove

from .clock_helpers import START, clocked_table, seat
from .helpers import acting_user, first_legal

pytestmark = pytest.mark.django_db

LIVE = {"kind": "live", "seconds": 30}
TIME = dt.timedelta(seconds=30 + LIVE_BANK_SECONDS)


def _fresh(table):
    return Table.objects.get(pk=table.pk)


def test_nothing_happens_to_a_seat_within_its_time(frozen):
    table = clocked_table(LIVE)
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS - 1)
    assert tables.run_clocks() == 0
    assert _fresh(table).version == 0
    assert seat(table, table.to_act[0]).timeouts == 0


def test_a_seat_out_of_time_gets_a_bots_move(frozen):
    table = clocked_table(LIVE)
    late = table.to_act[0]
    now = frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    assert tables.run_clocks() == 1
    table = _fresh(table)
    assert table.version == 1
    move = TableMove.objects.get(table=table)
    assert (move.seat, move.by_bot, move.timed_out) == (late, True, True)
    assert seat(table, late).timeouts == 1
    assert seat(table, late).bank_seconds == 0
    assert not seat(table, late).left
    assert table.clock_due == now + TIME


def test_run_clocks_takes_now(frozen):
    table = clocked_table(LIVE)
    assert tables.run_clocks(START + TIME - dt.timedelta(seconds=1)) == 0
    assert tables.run_clocks(START + TIME) == 1
    assert _fresh(table).version == 1


def test_a_move_arriving_in_time_wins_over_the_timeout(frozen, monkeypatch):
    table = clocked_table(LIVE)
    person, position = acting_user(table)
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    worked_out = clock_runs._bot_move

    def person_first(read, position):
        move = worked_out(read, position)
        tables.play(read, person, first_legal(read, position), read.version)  # same moment
        return move

    monkeypatch.setattr(clock_runs, "_bot_move", person_first)
    assert tables.run_clocks() == 0
    table = _fresh(table)
    assert table.version == 1
    assert not TableMove.objects.filter(table=table, timed_out=True).exists()
    assert seat(table, position).timeouts == 0


def test_the_timeout_is_refused_when_the_seat_still_has_time(frozen):
    table = clocked_table(LIVE)
    position = table.to_act[0]
    move = first_legal(table, position)
    with pytest.raises(tables.MoveRefused) as refused:
        tables.play_for_timeout(table, position, move, 0, START + TIME - dt.timedelta(seconds=1))
    assert refused.value.reason == "stale"
    assert _fresh(table).version == 0


def test_a_persons_own_move_ends_their_run_of_timeouts(frozen):
    table = clocked_table(LIVE, bots={1: "heuristic"})
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    assert tables.run_clocks() == 1
    assert seat(table, 0).timeouts == 1
    bot_turn(table.pk)
    table = _fresh(table)
    person, position = acting_user(table)
    tables.play(table, person, first_legal(table, position), table.version)
    assert seat(table, 0).timeouts == 0


def _time_out_in_a_row(table, frozen, times):
    for _ in range(times):
        frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
        assert tables.run_clocks() == 1
        bot_turn(table.pk)


def test_timeouts_in_a_row_hand_the_seat_to_a_bot_for_good(frozen):
    table = clocked_table(LIVE, bots={1: "heuristic"})
    _time_out_in_a_row(table, frozen, TIMEOUTS_TO_LEAVE - 1)
    assert not seat(table, 0).left
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    assert tables.run_clocks() == 1
    left = seat(table, 0)
    assert (left.left, left.bot_level, left.deadline) == (True, "heuristic", None)
    table = _fresh(table)
    assert table.clock_due is None  # bots only now
    assert table.bot_to_act


def test_the_log_says_who_ran_out_of_time_and_who_left(frozen):
    table = clocked_table(LIVE, bots={1: "heuristic"})
    name = seat(table, 0).user.player.name
    _time_out_in_a_row(table, frozen, TIMEOUTS_TO_LEAVE)
    notes = [note["text"] for note in clock_notes(_fresh(table))]
    assert notes.count(f"{name} ran out of time; a bot made the move.") == TIMEOUTS_TO_LEAVE
    assert notes[-1].startswith(f"{name} ran out of time too often in a row")


def test_a_table_without_a_clock_is_never_due(frozen):
    table = clocked_table(None)
    frozen.tick(days=30)
    assert tables.run_clocks() == 0
    assert _fresh(table).version == 0


def test_a_finished_game_has_no_clock_running(frozen):
    from .helpers import play_out

    table = play_out(clocked_table(LIVE, bots={1: "heuristic"}))
    table = _fresh(table)
    assert table.status == Table.Status.FINISHED
    assert table.clock_due is None
    assert not table.seats.filter(deadline__isnull=False).exists()


def test_manage_run_clocks_runs_them_once(frozen):
    from io import StringIO

    from django.core.management import call_command

    table = clocked_table(LIVE)
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    out = StringIO()
    call_command("run_clocks", stdout=out)
    assert out.getvalue().strip() == "1 move(s) made for seats out of time."
    assert _fresh(table).version == 1


@pytest.mark.django_db(transaction=True)
async def test_the_bot_runner_runs_the_clocks(frozen):
    from asgiref.sync import sync_to_async

    from games.botrunner import BotRunner

    table = await sync_to_async(clocked_table)(LIVE)
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    await BotRunner().run_once()
    assert (await sync_to_async(_fresh)(table)).version == 1


def test_a_leaver_who_takes_the_seat_back_has_not_left(frozen):
    table = clocked_table(LIVE, bots={1: "heuristic"})
    _time_out_in_a_row(table, frozen, TIMEOUTS_TO_LEAVE)
    person = seat(table, 0).user
    table = _fresh(table)
    if table.bot_to_act:
        bot_turn(table.pk)
    tables.take_back(_fresh(table), 0, person)
    back = seat(table, 0)
    assert (back.left, back.timeouts, back.bot_level) == (False, 0, "")
    table = _fresh(table)
    if 0 in table.to_act:  # the bank went in the timeouts
        assert back.deadline == frozen.now + dt.timedelta(seconds=30)
        assert table.clock_due == back.deadline
