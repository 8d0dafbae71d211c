"""Two servers racing for one timeout, and a move arriving at the same moment as the
timeout, on real threads and connections: exactly one move lands. The PostgreSQL pass of
`make test` runs these against the real server; run alone they use SQLite."""

import threading

import pytest
from django.db import connections

from games import clock_runs, tables
from games.clock_kinds import LIVE_BANK_SECONDS
from games.models import Table, TableMove

from .clock_helpers import clocked_table
from .helpers import acting_user, first_legal

LIVE = {"kind": "live", "seconds": 30}


def _race(*jobs) -> list[BaseException]:
    failures: list[BaseException] = []

    def run(job) -> None:
        try:
            job()
        except BaseException as exc:
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return failures


@pytest.mark.django_db(transaction=True)
def test_two_servers_make_one_timeouts_move_once(frozen, monkeypatch):
    table = clocked_table(LIVE)
    position = table.to_act[0]
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    both_read = threading.Barrier(2, timeout=30)
    worked_out = clock_runs._bot_move

    def after_both_read(read, seat):
        both_read.wait()  # both servers hold the table at the same version
        return worked_out(read, seat)

    monkeypatch.setattr(clock_runs, "_bot_move", after_both_read)
    made: list[int] = []
    failures = _race(
        lambda: made.append(tables.run_clocks()), lambda: made.append(tables.run_clocks())
    )
    assert not failures, failures
    assert sorted(made) == [0, 1]
    table = Table.objects.get(pk=table.pk)
    assert table.version == 1
    assert TableMove.objects.filter(table=table, timed_out=True).count() == 1
    assert table.seats.get(position=position).timeouts == 1


@pytest.mark.django_db(transaction=True)
def test_a_move_at_the_moment_of_the_timeout_lands_once(frozen, monkeypatch):
    table = clocked_table(LIVE)
    person, position = acting_user(table)
    move = first_legal(table, position)
    frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
    both_ready = threading.Barrier(2, timeout=30)
    worked_out = clock_runs._bot_move

    def when_the_person_moves(read, seat):
        both_ready.wait()
        return worked_out(read, seat)

    def person_moves():
        fresh = Table.objects.get(pk=table.pk)
        both_ready.wait()
        try:
            tables.play(fresh, person, move, 0)
        except tables.MoveRefused as exc:
            assert exc.reason == "stale"

    monkeypatch.setattr(clock_runs, "_bot_move", when_the_person_moves)
    failures = _race(tables.run_clocks, person_moves)
    assert not failures, failures
    table = Table.objects.get(pk=table.pk)
    assert table.version == 1
    assert TableMove.objects.filter(table=table).count() == 1
    timed_out = TableMove.objects.get(table=table).timed_out
    assert table.seats.get(position=position).timeouts == (1 if timed_out else 0)
