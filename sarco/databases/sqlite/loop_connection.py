"""A SQLite connection of the event loop's own, for the write of a move played there
(``games.loop_moves``).

Django's connections are for threads: on the event loop every query must be handed to the
database thread and the answer handed back, about a tenth of a millisecond of CPU each way,
more than the move's two statements cost SQLite in process (docs/online-speed.md). This
connection writes on the loop itself. It must never block the loop, so SQLite never waits
for the write lock on it: while another connection holds the lock (the database thread in a
transaction, a management command), ``Busy`` says nothing was written. ``write_when_free``
tries again after short pauses, in which the loop goes on with other work, and then the
caller leaves the move to the thread, which waits for the lock as every write there does.

One connection per loop, opened the first time a move needs it (a test's loop opens one of
its own). Only a database in a file can be shared with Django's connections; for one in
memory ``usable`` says no.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from functools import lru_cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections

log = logging.getLogger(__name__)


class Unavailable(Exception):
    """Nothing was written: the write lock was taken, or no connection could be opened."""


class Busy(Unavailable):
    """Nothing was written: another connection holds the write lock."""


# How long the loop waits for the write lock, a move at a time and without blocking, before
# it leaves the move to the thread: a pause after each try. Mostly the database thread holds
# the lock for a moment (a move of its own, a seat seen); handing each such move over made the
# thread hold it more often, until most moves went there (docs/online-speed.md).
PAUSES = (0.0005, 0.001, 0.002, 0.004, 0.008)


class _Held:
    loop: asyncio.AbstractEventLoop | None = None
    connection: sqlite3.Connection | None = None


_held = _Held()


def usable() -> bool:
    """The default database is SQLite in a file, which another connection can open."""
    connection = connections[DEFAULT_DB_ALIAS]
    return connection.vendor == "sqlite" and not connection.is_in_memory_db()


def write(update: str, params: list[Any], insert: str, values: list[Any]) -> int:
    """Run ``update`` and, if it changed exactly one row, ``insert``, in one transaction
    that takes the write lock at once or not at all; the rows ``update`` changed (nothing is
    written unless that is one). Statements are written as Django's (``%s``)."""
    connection = _connection()
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:  # the write lock is taken: nothing was written
        raise Busy(str(exc)) from exc
    try:
        changed = connection.execute(_qmarks(update), params).rowcount
        if changed == 1:
            connection.execute(_qmarks(insert), values)
            connection.execute("COMMIT")
        else:
            connection.execute("ROLLBACK")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return changed


async def write_when_free(update: str, params: list[Any], insert: str, values: list[Any]) -> int:
    """``write``, tried again after each of ``PAUSES`` while the write lock is taken (the
    loop goes on meanwhile); ``Busy`` once they are spent."""
    for pause in PAUSES:
        try:
            return write(update, params, insert, values)
        except Busy:
            await asyncio.sleep(pause)
    return write(update, params, insert, values)


def database() -> tuple[str, str]:
    """The default database's file, and the statements its connections start with."""
    settings = connections[DEFAULT_DB_ALIAS].settings_dict
    return settings["NAME"], settings.get("OPTIONS", {}).get("init_command") or ""


@lru_cache(maxsize=16)
def _qmarks(sql: str) -> str:
    """``sql`` with sqlite3's placeholders: the same few statement texts on every move."""
    return sql.replace("%s", "?")


def _connection() -> sqlite3.Connection:
    loop = asyncio.get_running_loop()
    if _held.loop is not loop:
        close()  # a connection of a loop that is gone (tests run a loop each)
        _held.loop = loop
    if _held.connection is None:
        name, init_command = database()
        try:
            # timeout 0: a taken write lock fails at once instead of holding up the loop;
            # used by this loop only, closed from whichever thread ends it (a test's end)
            connection = sqlite3.connect(
                name, timeout=0, isolation_level=None, check_same_thread=False
            )
            # as Django's connections are set up: the site's pragmas (sarco.settings: WAL,
            # synchronous=NORMAL) and foreign keys checked
            connection.executescript(init_command)
            connection.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            log.warning("No SQLite connection on the loop; the thread plays", exc_info=True)
            raise Unavailable(str(exc)) from exc
        _held.connection = connection
    return _held.connection


def close() -> None:
    """Close the loop's connection, from any thread (a test's end)."""
    connection, _held.connection = _held.connection, None
    if connection is not None:
        connection.close()
