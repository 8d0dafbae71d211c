"""A move of a table held in memory is played on the event loop (PostgreSQL, SQLite in a file):
written on the loop's own connection, told to the group, with no query of Django's; any other
move is left to the thread, with nothing written."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time

import psycopg
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connection

from games import local_viewers, loop_moves, recent_tables, tables
from games.models import Table, TableMove
from sarco.databases.postgresql import loop_connection

from .clock_helpers import clocked_table
from .conftest import no_query_on_the_loop
from .helpers import first_legal, sarg_table, user, user_at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


@pytest.fixture(autouse=True)
def on_a_shared_database():
    assert loop_moves.plays_here(), "the test database is PostgreSQL or SQLite in a file"


def held(table: Table) -> Table:
    """The table read with its seats and held in this process, as a socket's reading holds it."""
    table = Table.objects.with_seats().get(pk=table.pk)
    recent_tables.remember(table)
    return table


@database_sync_to_async
def held_table(**kwargs) -> tuple[Table, object, dict]:
    """A held Sarg table, the person to act and their first legal move."""
    table = held(sarg_table(**kwargs))
    position = table.to_act[0]
    return table, user_at(table, position), first_legal(table, position)


@database_sync_to_async
def as_written(table: Table) -> tuple[Table, list[TableMove]]:
    return Table.objects.get(pk=table.pk), list(TableMove.objects.filter(table=table))


async def test_a_held_tables_move_is_written_on_the_loop_without_djangos_connection():
    table, person, move = await held_table()

    with connection.execute_wrapper(no_query_on_the_loop):
        played = await loop_moves.play(table.public_id.hex, person, table.version, move)

    written, moves = await as_written(table)
    assert played is not None and played.version == table.version + 1
    assert written.version == played.version and written.state_json == played.state_json
    assert written.to_act == played.to_act
    assert [(m.number, m.seat, m.move) for m in moves] == [(played.version, table.to_act[0], move)]
    assert recent_tables.at(table.public_id.hex, played.version) is played


async def test_the_group_hears_the_move_with_its_record():
    table, person, move = await held_table()
    layer = get_channel_layer()
    listener = await layer.new_channel()
    await layer.group_add(tables.group_name(table), listener)

    played = await loop_moves.play(table.public_id.hex, person, table.version, move)

    message = await layer.receive(listener)
    assert message["type"] == "table.version" and message["version"] == played.version
    assert recent_tables.advanced(table.public_id.hex, played.version, message["record"])


async def test_a_table_not_held_at_that_version_is_left_to_the_thread():
    table, person, move = await held_table()
    recent_tables._tables.pop(table.public_id.hex)

    assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
    assert (await as_written(table))[0].version == table.version


async def test_a_move_the_checks_refuse_is_left_to_the_thread():
    table, person, move = await held_table()
    other = await database_sync_to_async(user_at)(table, 1 - table.to_act[0])
    stranger = await database_sync_to_async(user)()

    for someone in (other, stranger):
        assert await loop_moves.play(table.public_id.hex, someone, table.version, move) is None
    assert await loop_moves.play(table.public_id.hex, person, table.version, {"x": 1}) is None
    assert (await as_written(table))[1] == []


async def test_a_signed_out_sender_is_left_to_the_thread():
    from django.contrib.auth.models import AnonymousUser

    table, _, move = await held_table()

    assert await loop_moves.play(table.public_id.hex, AnonymousUser(), table.version, move) is None


async def test_a_move_that_ends_the_game_is_left_to_the_lock(monkeypatch):
    table, person, move = await held_table()
    monkeypatch.setattr(type(table.engine), "is_over", lambda self, state: True)

    assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
    assert (await as_written(table))[1] == []


async def test_a_clocked_table_is_left_to_the_thread():
    @database_sync_to_async
    def clocked():
        table = held(clocked_table({"kind": "live", "seconds": 60}))
        position = table.to_act[0]
        return table, user_at(table, position), first_legal(table, position)

    table, person, move = await clocked()

    assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
    assert (await as_written(table))[1] == []


async def test_a_table_that_moved_on_meanwhile_gets_nothing_written():
    table, person, move = await held_table()
    stale = recent_tables.at(table.public_id.hex, table.version)
    await database_sync_to_async(tables.play)(table, person, move, table.version)
    recent_tables._tables.pop(table.public_id.hex)
    recent_tables.remember(stale)  # this process still holds the version before

    assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
    assert len((await as_written(table))[1]) == 1


async def test_without_a_connection_the_thread_plays(monkeypatch, caplog):
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL server out of reach; SQLite opens its file in process")
    table, person, move = await held_table()
    params = loop_connection.connect_params()
    monkeypatch.setattr(
        loop_connection, "connect_params", lambda: {**params, "port": 1, "connect_timeout": 2}
    )

    with caplog.at_level(logging.WARNING, logger="games.loop_moves"):
        assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
    assert "no connection on the loop" in caplog.text
    assert (await as_written(table))[1] == []


async def test_a_write_lock_held_on_elsewhere_leaves_the_move_to_the_thread():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's write lock; PostgreSQL locks rows, which its statement checks")
    table, person, move = await held_table()
    elsewhere = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    elsewhere.execute("BEGIN IMMEDIATE")  # as the database thread's transaction holds it
    try:
        started = time.monotonic()
        assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
        assert time.monotonic() - started < 1  # a few short pauses, then the thread waits
    finally:
        elsewhere.execute("ROLLBACK")
        elsewhere.close()
    assert (await as_written(table))[1] == []


async def test_a_write_whose_outcome_is_unknown_has_every_socket_read_again(monkeypatch):
    table, person, move = await held_table()
    layer = get_channel_layer()
    listener = await layer.new_channel()
    await layer.group_add(tables.group_name(table), listener)

    async def lost(worked):
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(loop_moves, "write", lost)

    assert await loop_moves.play(table.public_id.hex, person, table.version, move) is None
    assert await layer.receive(listener) == {"type": "table.version", "force": True}


async def test_with_a_spectator_here_the_news_is_drawn_on_the_thread(monkeypatch):
    import threading

    table, person, move = await held_table()
    spectator = type("Spectator", (), {})()
    spectator.scope = {"language": "en", "user": None}
    spectator.last_key = type("Key", (), {"seat": None})()
    local_viewers.add(table.public_id.hex, spectator)
    told_on = []
    monkeypatch.setattr(
        loop_moves.move_news,
        "announce_move_now",
        lambda *args, **kwargs: told_on.append(
            threading.current_thread() is threading.main_thread()
        ),
    )
    try:
        assert await loop_moves.play(table.public_id.hex, person, table.version, move)
    finally:
        local_viewers.discard(table.public_id.hex, spectator)
    assert told_on == [False]


async def test_a_sockets_move_is_played_without_the_database_thread(monkeypatch):
    from games.consumers import TableConsumer

    from .test_socket_moves import connected, frame

    table, person, move = await held_table()
    other = await database_sync_to_async(user_at)(table, 1 - table.to_act[0])
    sockets = [await connected(table, p) for p in (person, other)]

    def not_here(*args):
        raise AssertionError("the move went to the database thread")

    monkeypatch.setattr(TableConsumer, "_play", not_here)
    with connection.execute_wrapper(no_query_on_the_loop):
        await sockets[0].send_to(text_data=frame(table.version, move))
        received = [await s.receive_from(timeout=3) for s in sockets]

    assert all(f'data-version="{table.version + 1}"' in html for html in received)
    assert len((await as_written(table))[1]) == 1
    for s in sockets:
        await s.disconnect()


async def test_a_write_under_way_is_seen_through_and_told_when_its_socket_goes(monkeypatch):
    table, person, move = await held_table()
    layer = get_channel_layer()
    listener = await layer.new_channel()
    await layer.group_add(tables.group_name(table), listener)
    write, sent = loop_moves.write, asyncio.Event()

    async def slow(worked):
        sent.set()
        await asyncio.sleep(0.2)
        return await write(worked)

    monkeypatch.setattr(loop_moves, "write", slow)
    playing = asyncio.ensure_future(
        loop_moves.play(table.public_id.hex, person, table.version, move)
    )
    await sent.wait()
    playing.cancel()  # the socket's task, cancelled mid-write

    message = await asyncio.wait_for(layer.receive(listener), 3)
    assert message["version"] == table.version + 1
    assert len((await as_written(table))[1]) == 1
    assert playing.cancelled()
