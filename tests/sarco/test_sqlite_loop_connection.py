"""The event loop's own SQLite connection (sarco/databases/sqlite/loop_connection): one per
loop; a move's two statements in one transaction, or nothing; never a wait for the lock."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time

import pytest
from django.db import connection

from sarco.databases.sqlite import loop_connection

UPDATE = "UPDATE board SET version = %s WHERE id = %s AND version = %s"
INSERT = "INSERT INTO moves (board, number) VALUES (%s, %s)"


@pytest.fixture
def database(tmp_path, monkeypatch):
    """A file of its own: a board at version 1 and its moves (none of the tests' tables)."""
    path = str(tmp_path / "loop.sqlite3")
    setup = sqlite3.connect(path, isolation_level=None)
    setup.executescript(
        "PRAGMA journal_mode=WAL;"
        "CREATE TABLE board (id INTEGER PRIMARY KEY, version INTEGER);"
        "CREATE TABLE moves (board INTEGER REFERENCES board (id), number INTEGER UNIQUE);"
        "INSERT INTO board VALUES (1, 1);"
    )
    setup.close()
    monkeypatch.setattr(loop_connection, "database", lambda: (path, "PRAGMA synchronous=NORMAL;"))
    yield path
    loop_connection.close()


def read(path: str) -> tuple[int, list[int]]:
    reader = sqlite3.connect(path)
    try:
        version = reader.execute("SELECT version FROM board").fetchone()[0]
        return version, [row[0] for row in reader.execute("SELECT number FROM moves")]
    finally:
        reader.close()


def write(version: int) -> int:
    async def on_a_loop() -> int:
        return loop_connection.write(UPDATE, [version + 1, 1, version], INSERT, [1, version + 1])

    return asyncio.run(on_a_loop())


def test_both_statements_are_written_when_the_row_is_as_seen(database):
    assert write(1) == 1
    assert read(database) == (2, [2])


def test_nothing_is_written_when_the_row_moved_on(database):
    assert write(5) == 0
    assert read(database) == (1, [])


def test_an_insert_that_fails_takes_the_update_back_with_it(database):
    assert write(1) == 1
    sqlite3.connect(database, isolation_level=None).execute("UPDATE board SET version = 1")

    with pytest.raises(sqlite3.IntegrityError):
        write(1)  # move 2 is there already

    assert read(database) == (1, [2])


def test_a_taken_write_lock_is_busy_at_once_and_nothing_is_written(database):
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        with pytest.raises(loop_connection.Busy):
            write(1)
        assert time.monotonic() - started < 0.5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert read(database) == (1, [])
    assert write(1) == 1  # the same loop's next write goes through


def test_a_loop_keeps_one_connection_and_another_loop_opens_its_own(database):
    async def twice() -> tuple[sqlite3.Connection, sqlite3.Connection]:
        return loop_connection._connection(), loop_connection._connection()

    first, again = asyncio.run(twice())
    other, _ = asyncio.run(twice())

    assert first is again
    assert other is not first


def test_a_file_it_cannot_open_is_unavailable_and_said_so(tmp_path, monkeypatch, caplog):
    missing = str(tmp_path / "no-such-folder" / "db.sqlite3")
    monkeypatch.setattr(loop_connection, "database", lambda: (missing, ""))

    logged = caplog.at_level(logging.WARNING, logger=loop_connection.__name__)
    with logged, pytest.raises(loop_connection.Unavailable):
        write(1)
    assert "No SQLite connection on the loop" in caplog.text
    loop_connection.close()


def test_only_a_database_in_a_file_is_usable(monkeypatch):
    if connection.vendor != "sqlite":
        pytest.skip("the default database is not SQLite")
    assert loop_connection.usable()
    monkeypatch.setitem(connection.settings_dict, "NAME", ":memory:")
    assert not loop_connection.usable()


def write_when_free(version: int, holder: sqlite3.Connection, release_after: float | None):
    """``write_when_free`` on a loop while ``holder`` holds the lock, let go after
    ``release_after`` seconds (None: never); what it returned or raised, how long it took,
    and how often another task ran meanwhile."""

    async def on_a_loop():
        ticks = 0

        async def ticking():
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        if release_after is not None:
            asyncio.get_running_loop().call_later(release_after, holder.execute, "ROLLBACK")
        ticker = asyncio.create_task(ticking())
        started = time.monotonic()
        try:
            written = await loop_connection.write_when_free(
                UPDATE, [version + 1, 1, version], INSERT, [1, version + 1]
            )
        except loop_connection.Busy as busy:
            written = busy
        ticker.cancel()
        return written, time.monotonic() - started, ticks

    return asyncio.run(on_a_loop())


def test_a_lock_let_go_soon_is_waited_for_without_blocking_the_loop(database):
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")

    written, _, ticks = write_when_free(1, holder, release_after=0.003)

    holder.close()
    assert written == 1
    assert read(database) == (2, [2])
    assert ticks > 1  # the loop ran other work while it waited


def test_a_lock_held_on_is_busy_once_the_pauses_are_spent(database):
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")

    written, took, _ = write_when_free(1, holder, release_after=None)

    holder.execute("ROLLBACK")
    holder.close()
    assert isinstance(written, loop_connection.Busy)
    assert sum(loop_connection.PAUSES) <= took < 1
    assert read(database) == (1, [])
