"""A move played on the event loop, with no hand-over to the database thread and back.

A move that reaches the socket's own process with the table held there at the version the
page shows (``recent_tables``) needs nothing read: it is worked out on the held table and
written with a WHERE that checks that the row is still that table, then kept and told, as on
the thread (``unlocked_moves``). The write runs on a connection of the loop's own, so the move
is played, told to the table's group and drawn for its sockets without leaving the loop: the
hand-over to the database thread and back cost more CPU than the write (docs/online-speed.md,
"A move played on the event loop; its JSON by orjson"). On PostgreSQL that is one statement
on psycopg's asynchronous connection (``sarco.databases.postgresql.loop_connection``); on
SQLite in a file, its two statements in one transaction on a connection that never waits for
the write lock (``sarco.databases.sqlite.loop_connection``): while the lock is taken the
thread plays the move, waiting for the lock as every write there does.

Every other move goes on as before, on the thread (``tables.play``): SQLite in memory, a
table not held at that version, a clocked table, a move that ends the game, one the checks
refuse (the thread gives the exact refusal, reading what it must), one whose table changed
meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.db import DEFAULT_DB_ALIAS, connections

from sarco.databases.sqlite import loop_connection as sqlite_loop
from sarco.group_messages import remember_loop, send_now

from . import local_viewers, move_news, recent_tables
from .models import Table
from .move_writes import one_statement, two_statements
from .table_checks import MoveRefused
from .table_groups import group_name
from .unlocked_moves import Worked, kept_and_told, worked_out

log = logging.getLogger(__name__)


def plays_here() -> bool:
    """Moves may be played on the loop: the database is PostgreSQL, or SQLite in a file."""
    return connections[DEFAULT_DB_ALIAS].vendor == "postgresql" or sqlite_loop.usable()


async def play(public_id_hex: str, user: Any, version: int, move: Any) -> Table | None:
    """``user``'s ``move`` on the table held at ``version``, written and announced; the
    table after it (held, for the sockets to draw), or None for the thread to play it."""
    if not plays_here():
        return None
    remember_loop()  # the server's: the move's news is sent from it
    table = recent_tables.held_copy(public_id_hex, version)
    if table is None or table.clock or not getattr(user, "is_authenticated", False):
        return None
    try:
        worked = worked_out(table, list(table.seat_list), move, version, user, None)
    except MoveRefused:
        return None
    if worked is None:
        return None
    # Once sent, the write is seen through and told even if the socket's task is cancelled
    # (its client gone, the server stopping), as the database thread would see it through.
    writing = asyncio.ensure_future(_write_and_tell(public_id_hex, worked))
    _writing.add(writing)  # the loop keeps only a weak reference to a task
    writing.add_done_callback(_writing.discard)
    return await asyncio.shield(writing)


_writing: set[asyncio.Future] = set()


async def write(worked: Worked) -> int:
    """The move's write on the loop's own connection: the rows its UPDATE changed (one, or
    nothing was written). ``Unavailable``: nothing was written."""
    table, seen = worked.table, (worked.seen_version, worked.seen_seat_changes)
    if connections[DEFAULT_DB_ALIAS].vendor == "postgresql":
        from sarco.databases.postgresql import loop_connection

        sql, params = one_statement(table, *seen, worked.logged, None, worked.state_text)
        return await loop_connection.execute(sql, params)
    update, params, insert, values = two_statements(table, *seen, worked.logged, worked.state_text)
    return await sqlite_loop.write_when_free(update, params, insert, values)


async def _write_and_tell(public_id_hex: str, worked: Worked) -> Table | None:
    from sarco.databases.postgresql import loop_connection

    table = worked.table
    try:
        written = await write(worked)
    except sqlite_loop.Unavailable:
        # the write lock still taken (the thread waits for it), or no connection (logged
        # where it was opened): the thread plays
        return None
    except loop_connection.Unavailable:
        log.warning("Table %s: no connection on the loop; the thread plays", public_id_hex)
        return None
    except Exception:
        # sent, but its outcome unknown: every socket reads the table again, and the thread
        # plays the move (refused as stale if it was written after all)
        log.warning("Table %s: a move's write on the loop failed", public_id_hex, exc_info=True)
        await send_now(group_name(table), {"type": "table.version", "force": True})
        return None
    if written != 1:
        return None
    if local_viewers.watched(public_id_hex):  # spectators' views are drawn on the thread
        return await database_sync_to_async(kept_and_told)(worked, move_news.announce_move_now)
    return kept_and_told(worked, move_news.announce_move_now)
