"""What one move costs the server, pinned: the statements of a move, of its HTTP answer and
of a socket's rendering, and one rendering per view per version (issue 16's profile)."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.conf import settings
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import rendering, tables
from games.consumers import TableConsumer
from games.models import Table
from games.routing import websocket_urlpatterns
from tests.sockets import WebsocketCommunicator

from .helpers import acting_user, first_legal, sarg_table, user, user_at

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")

# A move: read the table and its seats, then write the table's new state and version (checked
# against the version read) and the move log's row: one statement on PostgreSQL, two elsewhere.
# The session (unless kept in memory: one process, no Redis), the user (middleware) and the
# table's 404 check come on top; the answer renders from the seats the move read.
MOVE_WRITES = 1 if connection.vendor == "postgresql" else 2
PLAY_STATEMENTS = 2 + MOVE_WRITES
SESSION_READS = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
MOVE_VIEW_STATEMENTS = PLAY_STATEMENTS + SESSION_READS + 2


def statements(captured) -> list[str]:
    return [
        q["sql"] for q in captured.captured_queries if not q["sql"].startswith(TRANSACTION_CONTROL)
    ]


@pytest.mark.django_db
def test_a_move_is_two_reads_and_its_writes():
    table = sarg_table()
    player, position = acting_user(table)
    with CaptureQueriesContext(connection) as captured:
        tables.play(table, player, first_legal(table, position), 0)
    assert len(statements(captured)) == PLAY_STATEMENTS, statements(captured)


@pytest.mark.django_db
def test_a_move_writes_at_most_two_statements_and_locks_nothing():
    table = sarg_table()
    player, position = acting_user(table)
    with CaptureQueriesContext(connection) as captured:
        tables.play(table, player, first_legal(table, position), 0)
    done = statements(captured)
    writes = [sql for sql in done if not sql.startswith("SELECT")]
    assert len(writes) == MOVE_WRITES, writes
    assert not [sql for sql in done if "FOR UPDATE" in sql], done


@pytest.mark.django_db
def test_a_move_on_the_table_as_this_process_left_it_reads_nothing_before_its_writes():
    table = sarg_table()
    player, position = acting_user(table)
    table = tables.play(table, player, first_legal(table, position), 0)
    player, position = acting_user(table)
    move = first_legal(table, position)
    with CaptureQueriesContext(connection) as captured:
        tables.play(table, player, move, 1)
    assert len(statements(captured)) == MOVE_WRITES, statements(captured)


@pytest.mark.django_db
def test_a_posted_move_and_its_answer_take_a_fixed_number_of_statements(client):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    url = reverse("play:move", args=[table.public_id])
    data = {"version": "0", "move": json.dumps(first_legal(table, position))}
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, data)
    assert response.status_code == 200
    assert len(statements(captured)) == MOVE_VIEW_STATEMENTS, statements(captured)


def second_move(client) -> tuple[Table, str, dict]:
    """A table after one move posted here (so this process holds it at version 1), the client
    logged in as the seat to act next, and that seat's move."""
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    url = reverse("play:move", args=[table.public_id])
    client.post(url, {"version": "0", "move": json.dumps(first_legal(table, position))})
    table.refresh_from_db()
    player, position = acting_user(table)
    client.force_login(player)
    return table, url, {"version": "1", "move": json.dumps(first_legal(table, position))}


@pytest.mark.django_db
def test_a_move_on_a_table_the_process_holds_at_that_version_skips_its_reads(client):
    """Neither the 404 check nor the move reads the table or its seats again."""
    _, url, data = second_move(client)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, data)
    assert response.status_code == 200
    assert len(statements(captured)) == MOVE_VIEW_STATEMENTS - 3, statements(captured)


# A game's end, under the table's lock: its three reads and writes (table, seats, the move's
# row), the table's last write; then its recording (games.recording): the players and the
# move log read, the session and its seats created and read back, the rounds in one INSERT,
# a score per seat, the session finished, the records written from the sheet just computed;
# and its rating (scoring.ratings): the ledger locked, the session read back, its old events
# looked for, its seats read as the event, the players' ratings read, the new events in one
# INSERT, a rating per seat and the ledger's newest event.
def game_end_statements(seats: int) -> int:
    return 4 + 9 + 6 + 2 * seats


def last_move(table: Table) -> tuple[Table, object, dict]:
    """``table`` played with its first legal moves up to its last: the table, the person to
    make the last move and that move."""
    while True:
        player, position = acting_user(table)
        engine, state = table.engine, table.state()
        for move in engine.legal_moves(state, position):
            if engine.is_over(engine.apply(state, position, move)):
                return table, player, move
        table = tables.play(table, player, first_legal(table, position), table.version)


@pytest.mark.django_db
def test_a_games_end_is_recorded_and_rated_in_a_fixed_number_of_statements():
    """The players' second game: the game's ledger and their ratings exist by then."""
    first = sarg_table()
    table, player, move = last_move(first)
    tables.play(table, player, move, table.version)
    table, player, move = last_move(sarg_table(user_at(first, 0), user_at(first, 1)))
    with CaptureQueriesContext(connection) as captured:
        ended = tables.play(table, player, move, table.version)
    assert ended.status == Table.Status.FINISHED and ended.session is not None
    assert len(statements(captured)) == game_end_statements(seats=2), statements(captured)


@pytest.mark.django_db
def test_a_move_on_a_table_removed_since_the_page_was_drawn_is_not_found(client):
    table, url, data = second_move(client)
    table.delete()
    assert client.post(url, data).status_code == 404


@pytest.mark.django_db
def test_a_rendering_reads_nothing_once_the_seats_are_loaded():
    table = sarg_table()
    loaded = Table.objects.with_seats().get(pk=table.pk)
    person = user_at(table, 0)
    with CaptureQueriesContext(connection) as captured:
        rendering.table_fragments(loaded, 0, user=person)
    assert statements(captured) == []


@pytest.mark.django_db
def test_equal_views_share_one_rendering(monkeypatch):
    table = Table.objects.with_seats().get(pk=sarg_table().pk)
    calls = []
    real = rendering.draw_frame
    monkeypatch.setattr(rendering, "draw_frame", lambda *a, **k: calls.append(1) or real(*a, **k))
    person = user_at(table, 0)
    first = rendering.table_fragments(table, 0, user=person)
    assert rendering.table_fragments(table, 0, user=person) == first
    watchers = [user() for _ in range(3)]
    views = {rendering.table_fragments(table, None, user=w) for w in watchers}
    assert len(views) == 1
    assert len(calls) == 2  # seat 0 once, the spectators once
    assert rendering.table_fragments(table, 1, user=user_at(table, 1)) != first


@pytest.fixture
def reads(monkeypatch) -> list[int]:
    """Who each socket's read of the table was for."""
    seen: list[int] = []
    real_read = TableConsumer._read_and_render

    def counting(self, redraw=False):
        seen.append(self.scope["user"].pk)
        return real_read(self, redraw)

    monkeypatch.setattr(TableConsumer, "_read_and_render", counting)
    return seen


async def seated_sockets(table, people) -> dict:
    """One open socket per person, each past its first fragments (read on connect)."""
    router = URLRouter(websocket_urlpatterns)
    sockets = {}
    for person in people:
        sockets[person.pk] = WebsocketCommunicator(router, f"/ws/play/{table.public_id}/")
        sockets[person.pk].scope["user"] = person
        assert (await sockets[person.pk].connect())[0]
        await sockets[person.pk].receive_from(timeout=5)
    return sockets


@pytest.mark.django_db(transaction=True)
async def test_the_posters_socket_reuses_the_answers_rendering(reads):
    """The move view renders the poster's fragments for its answer; the poster's socket sends
    exactly those, and the other seat's socket renders from the table the move view loaded:
    neither reads the table again."""
    table = await database_sync_to_async(sarg_table)()
    player, position = await database_sync_to_async(acting_user)(table)
    other = await database_sync_to_async(user_at)(table, 1 - position)
    sockets = await seated_sockets(table, (player, other))
    assert sorted(reads) == sorted([player.pk, other.pk])
    reads.clear()

    client = Client()
    await database_sync_to_async(client.force_login)(player)
    move = await database_sync_to_async(first_legal)(table, position)
    response = await database_sync_to_async(client.post)(
        reverse("play:move", args=[table.public_id]), {"version": "0", "move": json.dumps(move)}
    )
    assert response.status_code == 200
    assert await sockets[player.pk].receive_from(timeout=5) == response.content.decode()
    assert 'data-version="1"' in await sockets[other.pk].receive_from(timeout=5)
    assert reads == []
    for socket in sockets.values():
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
async def test_sockets_of_a_server_that_did_not_make_the_move_read_nothing(reads):
    """As on a second server: the move is made elsewhere (no move view here, so no rendering
    and no table of the new version in this process). The sockets hold the version before,
    read on connect, and work out the new one from the move's record."""
    table = await database_sync_to_async(sarg_table)()
    player, position = await database_sync_to_async(acting_user)(table)
    other = await database_sync_to_async(user_at)(table, 1 - position)
    sockets = await seated_sockets(table, (player, other))
    reads.clear()

    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 0)
    for socket in sockets.values():
        assert 'data-version="1"' in await socket.receive_from(timeout=5)
        await socket.disconnect()
    assert reads == []
    await database_sync_to_async(connections.close_all)()
