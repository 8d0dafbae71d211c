"""Phones posting to one sheet at the same moment, on real threads and real connections.

The edit service locks the session row (SELECT ... FOR UPDATE on PostgreSQL; an IMMEDIATE
transaction on SQLite), so simultaneous requests queue up. A request repeated with the same
form (a double tap, a retry, twenty phones) applies once; the others are refused as already
done, with the sheet shown as it is now. The PostgreSQL pass of `make test` runs this against
the real server.
"""

import threading

import pytest
from django.db import connection, connections
from django.test import Client

from .sheet_helpers import sarkophag_sheet, user

POSTS = 20
HEADS = {"heads-0": "1", "heads-1": "0", "heads-2": "17"}


def in_parallel(owner, url: str, data: dict) -> list[str]:
    """POST ``data`` to ``url`` from POSTS threads released at once; the response bodies."""
    start = threading.Barrier(POSTS)
    bodies: list[str] = []
    failures: list[BaseException] = []

    def phone() -> None:
        try:
            client = Client()
            client.force_login(owner)
            start.wait()
            response = client.post(url, data, HTTP_HX_REQUEST="true")
            assert response.status_code == 200, response.status_code
            bodies.append(response.content.decode())
        except BaseException as exc:  # reported below, in the test's own thread
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone) for _ in range(POSTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures
    assert len(bodies) == POSTS
    return bodies


@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_saves_of_one_round_add_it_once():
    owner = user()
    session = sarkophag_sheet(owner, limit=1000)
    data = {**HEADS, "mode": "heads", "seen": "0", "round": "", "adding": "1", "action": "save"}
    bodies = in_parallel(owner, f"/scorekeeper/{session.public_id}/entry/", data)

    session.refresh_from_db()
    assert session.rounds.count() == 1 and session.version == 1
    assert sum("Round 1 saved." in body for body in bodies) == 1
    assert sum("Round 1 was already saved" in body for body in bodies) == POSTS - 1


@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_undos_with_one_seen_remove_one_round():
    from scoring import sheets

    owner = user()
    session = sarkophag_sheet(owner, limit=1000)
    for _ in range(3):
        entry = {"heads": {"Anna": 1, "Ben": 0, "Clara": 17}}
        sheets.apply_edit(session.public_id, owner, "add", entry=entry)
    bodies = in_parallel(owner, f"/scorekeeper/{session.public_id}/undo/", {"seen": "3"})

    session.refresh_from_db()
    assert session.rounds.count() == 2 and session.version == 4
    assert sum("Round 3 was removed." in body for body in bodies) == 1
    assert sum("nothing was undone" in body for body in bodies) == POSTS - 1


def test_this_pass_uses_the_database_it_claims():
    """The PostgreSQL pass really talks to PostgreSQL (not a silent SQLite fallback)."""
    import os

    wanted = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == wanted
