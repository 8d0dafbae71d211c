"""Twenty tabs posting the same move at the same moment, on real threads and connections:
exactly one lands (the row lock and the version check), the others are refused as stale.
The PostgreSQL pass of `make test` runs this against the real server."""

import threading

import pytest
from django.db import connections

from games import tables
from games.models import Table, TableMove

from .helpers import acting_user, first_legal, sarg_table

TABS = 20


@pytest.mark.django_db(transaction=True)
def test_twenty_identical_moves_apply_once():
    table = sarg_table()
    player, position = acting_user(table)
    move = first_legal(table, position)
    start = threading.Barrier(TABS)
    applied: list[int] = []
    stale: list[str] = []
    failures: list[BaseException] = []

    def tab() -> None:
        try:
            start.wait()
            tables.play(Table.objects.get(pk=table.pk), player, move, 0)
            applied.append(1)
        except tables.MoveRefused as exc:
            stale.append(exc.reason)
        except BaseException as exc:
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tab) for _ in range(TABS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert not failures, failures
    assert len(applied) == 1
    assert stale == ["stale"] * (TABS - 1)
    table.refresh_from_db()
    assert table.version == 1
    assert TableMove.objects.filter(table=table).count() == 1
