"""A seat's socket in a process other than the move's draws its next frame on the event loop,
from the table it holds and the move's record, without a hand-over to the database thread."""

import random
import threading

import pytest
from channels.db import database_sync_to_async
from django.core.exceptions import SynchronousOnlyOperation

from games import local_viewers, loop_moves, recent_tables, tables
from games.consumers import TableConsumer
from games.engines import GAME_NAMES
from games.models import Table

from .helpers import first_legal, user, user_at
from .test_local_viewers import connected, fresh_fragments, people_table
from .test_socket_moves import frame

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


@pytest.fixture
def in_another_process(monkeypatch):
    """Called once the sockets are open: from then on moves are written as if by another
    process, with nothing drawn ahead for this process's sockets and the new version not
    kept here, so each socket works it out from the version it holds and the move's record,
    as the other daphne does."""

    def moves_made_elsewhere() -> None:
        monkeypatch.setattr(local_viewers, "draw_ahead", lambda table, state=None: None)
        monkeypatch.setattr(recent_tables, "remember", lambda table: None)

    return moves_made_elsewhere


async def seated_sockets(game):
    table = await database_sync_to_async(people_table)(game)
    people = [await database_sync_to_async(user_at)(table, p) for p in range(len(table.seat_list))]
    languages = ["en"] + ["de"] * (len(people) - 1)
    sockets = [await connected(table, *viewer) for viewer in zip(people, languages, strict=True)]
    return table, people, sockets


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_the_other_seats_draw_on_the_loop_what_a_fresh_drawing_gives(
    game, drawn_on, in_another_process
):
    table, people, sockets = await seated_sockets(game)
    mover = table.to_act[0]
    move = await database_sync_to_async(first_legal)(table, mover)
    in_another_process()
    drawn_on.clear()

    await sockets[mover].send_to(text_data=frame(table.version, move))
    received = [await s.receive_from(timeout=3) for s in sockets]

    others = sorted(p for p in range(len(people)) if p != mover)
    on_loop = sorted(seat for seat, where in drawn_on if where == "loop")
    on_thread = [seat for seat, where in drawn_on if where == "thread"]
    if loop_moves.plays_here():  # PostgreSQL: the move and its answer on the loop too
        assert (on_loop, on_thread) == (sorted(range(len(people))), [])
    else:
        assert (on_loop, on_thread) == (others, [mover])  # the mover's answer on the thread
    for p, (person, html) in enumerate(zip(people, received, strict=True)):
        language = "de" if p else "en"
        expected = await database_sync_to_async(fresh_fragments)(table.public_id, person, language)
        assert html == expected
    for s in sockets:
        assert await s.receive_nothing(timeout=0.2)
        await s.disconnect()


async def test_a_spectator_draws_on_the_database_thread(drawn_on, in_another_process):
    table, _, sockets = await seated_sockets("sarg")
    watcher = await connected(table, await database_sync_to_async(user)(), "en")
    mover = table.to_act[0]
    move = await database_sync_to_async(first_legal)(table, mover)
    in_another_process()
    drawn_on.clear()

    await sockets[mover].send_to(text_data=frame(table.version, move))
    for s in [*sockets, watcher]:
        await s.receive_from(timeout=3)

    assert (None, "thread") in drawn_on  # its drawing may be shared through the cache
    for s in [*sockets, watcher]:
        await s.disconnect()


def one_move_from_the_end(table):
    """Play ``table`` on with random legal moves until its next move ends the game; that
    move is returned with the table."""
    rng = random.Random(3)
    while True:
        table = Table.objects.get(pk=table.pk)
        engine, position = table.engine, table.to_act[0]
        move = rng.choice(engine.legal_moves(table.state(), position))
        if engine.is_over(engine.apply(table.state(), position, move)):
            return table, move
        tables.play(table, user_at(table, position), move, table.version)


async def test_the_frames_of_a_game_that_ended_are_drawn_on_the_thread(
    drawn_on, in_another_process
):
    table = await database_sync_to_async(people_table)("sarg")
    table, last_move = await database_sync_to_async(one_move_from_the_end)(table)
    people = [await database_sync_to_async(user_at)(table, p) for p in range(2)]
    sockets = [await connected(table, person, "en") for person in people]
    mover = table.to_act[0]
    in_another_process()
    drawn_on.clear()

    await sockets[mover].send_to(text_data=frame(table.version, last_move))
    for s in sockets:
        await s.receive_from(timeout=3)

    assert (1 - mover, "thread") in drawn_on  # its frame names the recorded session
    assert not [seat for seat, where in drawn_on if where == "loop"]
    for s in sockets:
        await s.disconnect()


async def test_a_frame_that_reaches_for_the_database_is_drawn_on_the_thread(
    monkeypatch, in_another_process, caplog
):
    table, people, sockets = await seated_sockets("sarg")
    mover, other = table.to_act[0], 1 - table.to_act[0]
    move = await database_sync_to_async(first_legal)(table, mover)
    own = TableConsumer._render_table

    def refused_on_the_loop(consumer, table, redraw=False):
        if threading.current_thread() is threading.main_thread():
            raise SynchronousOnlyOperation("as Django refuses a query on the event loop")
        return own(consumer, table, redraw)

    monkeypatch.setattr(TableConsumer, "_render_table", refused_on_the_loop)
    in_another_process()

    await sockets[mover].send_to(text_data=frame(table.version, move))
    received = [await s.receive_from(timeout=3) for s in sockets]

    language = "de" if other else "en"
    expected = await database_sync_to_async(fresh_fragments)(
        table.public_id, people[other], language
    )
    assert received[other] == expected
    assert "reached for the database" in caplog.text
    for s in sockets:
        await s.disconnect()
