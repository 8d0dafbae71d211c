"""Phones editing one sheet at the same moment, on real threads and real connections.

The edit service locks the session row (SELECT ... FOR UPDATE on PostgreSQL; an IMMEDIATE
transaction on SQLite), so simultaneous entries queue up and every one of them lands.
The PostgreSQL pass of `make test` runs this against the real server.
"""

import threading

import pytest
from django.db import connection, connections

from scoring import sheets

from .sheet_helpers import sarkophag_sheet, user

PHONES = 4
ROUNDS_EACH = 3


@pytest.mark.django_db(transaction=True)
def test_simultaneous_entries_from_several_phones_all_land():
    owner = user()
    session = sarkophag_sheet(owner, limit=1000)
    start = threading.Barrier(PHONES)
    failures: list[BaseException] = []

    def phone(n: int) -> None:
        try:
            start.wait()
            for _ in range(ROUNDS_EACH):
                entry = {"heads": {"Anna": n, "Ben": 1, "Clara": 0}}
                sheets.apply_edit(session.public_id, owner, "add", entry=entry, seen_version=0)
        except BaseException as exc:  # reported below, in the test's own thread
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert not failures, failures
    session.refresh_from_db()
    assert session.rounds.count() == PHONES * ROUNDS_EACH
    assert session.version == PHONES * ROUNDS_EACH
    assert sorted(r.number for r in session.rounds.all()) == list(range(1, 13))
    ben = session.seats.get(position=1)
    assert ben.score == PHONES * ROUNDS_EACH  # one head per round, none lost or doubled


def test_this_pass_uses_the_database_it_claims():
    """The PostgreSQL pass really talks to PostgreSQL (not a silent SQLite fallback)."""
    import os

    wanted = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == wanted
