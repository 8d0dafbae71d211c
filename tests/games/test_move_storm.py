"""A storm: fifty clients post moves for the same seat at the same moment through ``play:move``
(real threads, each with its own connection and session), several versions running. Exactly
one move is applied per version; every other post is refused as stale and changes nothing.
The PostgreSQL pass of ``make test`` runs it against the real server."""

import json
import random
import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from games.models import Table, TableMove

from .helpers import sarg_table, user_at

CLIENTS = 50
VERSIONS = 2


def storm(table: Table, sessionid: str, moves: list[dict]) -> list[int]:
    """Every client posts its move at the table's current version at once; the statuses."""
    url = reverse("play:move", args=[table.public_id])
    start = threading.Barrier(len(moves))
    statuses: list[int] = []
    failures: list[BaseException] = []

    def post(move: dict) -> None:
        client = Client()
        client.cookies["sessionid"] = sessionid
        try:
            start.wait(timeout=30)
            answer = client.post(url, {"version": str(table.version), "move": json.dumps(move)})
            statuses.append(answer.status_code)
        except BaseException as exc:
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(move,)) for move in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not [t for t in threads if t.is_alive()], "a post still hangs after 60 s"
    assert not failures, failures
    return statuses


@pytest.mark.django_db(transaction=True)
def test_fifty_clients_posting_for_one_seat_apply_exactly_one_move_per_version():
    table = sarg_table()
    sessions = {}
    for position in (0, 1):
        client = Client()
        client.force_login(user_at(table, position))
        sessions[position] = client.cookies["sessionid"].value
    rng = random.Random(16)
    for round_ in range(VERSIONS):
        table = Table.objects.get(pk=table.pk)
        assert table.version == round_
        position = table.to_act[0]
        legal = table.engine.legal_moves(table.state(), position)
        moves = [rng.choice(legal) for _ in range(CLIENTS)]  # the same and different moves
        statuses = storm(table, sessions[position], moves)
        assert sorted(statuses) == [200] + [409] * (CLIENTS - 1), statuses
        table = Table.objects.get(pk=table.pk)
        assert table.version == round_ + 1
    numbers = list(TableMove.objects.filter(table=table).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, VERSIONS + 1))
