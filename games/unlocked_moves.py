"""A move without the lock: worked out on the table as read, written only if the row is still
that table (``move_writes``), then kept for this process's sockets and told to the table's.

``tables.play`` tries it first on the database thread (``play``); a socket's move on
PostgreSQL tries it on the event loop first (``loop_moves``). Both work the move out and keep
and tell it here, so the two differ only in how the one statement runs. A move that ends the
game, and one whose table changed meanwhile, go the locked way (``tables``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from sarco import json_text

from . import recent_tables
from .clocks import after_move
from .models import SEAT_PEOPLE, Table, TableMove, TableSeat
from .move_news import announce_move
from .move_writes import advance, write_move
from .table_checks import MoveRefused, work_out


class Worked(NamedTuple):
    """A move applied to its table in memory, and what its write checks and sends."""

    table: Table
    seats: list[TableSeat]
    new_state: Any
    logged: TableMove
    seen_version: int
    seen_seat_changes: int
    clocks: list[TableSeat] | None  # at a clocked table, the seats whose clock the move changed
    state_text: str  # the state dumped once, for the write and for the message


def seats_of(table: Table) -> list[TableSeat]:
    """The seats with what a rendering reads of them, so the move's answer reads no more."""
    return list(table.seats.select_related(SEAT_PEOPLE).order_by("position"))


def worked_out(
    table: Table, seats: list[TableSeat], move: Any, version: int, user, bot_position
) -> Worked | None:
    """The move applied to ``table`` (changed in memory), or ``MoveRefused`` as
    ``table_checks.work_out`` refuses it; None for a move that ends the game, whose session
    is recorded under the lock."""
    seat, to_act, new_state = work_out(table, seats, move, version, user, bot_position)
    if table.engine.is_over(new_state):
        return None
    seen_version, seen_seat_changes = table.version, table.seat_changes
    logged = advance(table, seats, seat, move, to_act, new_state, bot_position is not None)
    clocks = after_move(table, seats, seat, to_act, table.last_move_at) if table.clock else None
    state_text = json_text.dumps(table.state_json)
    return Worked(
        table, seats, new_state, logged, seen_version, seen_seat_changes, clocks, state_text
    )


def kept_and_told(worked: Worked, announce: Callable[..., None]) -> Table:
    """After the write: the table kept as this process's sockets and next move start from it,
    and ``announce`` called with the table, its state and the state's text."""
    table = worked.table
    table.hold_seats(worked.seats)
    recent_tables.remember(table)
    announce(table, worked.new_state, state_text=worked.state_text)
    return table


def play(table: Table, move: Any, version: int, user, bot_position) -> Table | None:
    """The move on the thread: two reads and one or two statements. None when the table
    changed meanwhile or the move ends the game: then the locked path plays it. A refusal
    here is the one the locked path would give at the moment of the read. The table as this
    process left it at ``version`` (``recent_tables``) is not read again: the write's WHERE
    finds out whether it still is that table. Its seats may predate a seat change (a bot
    handed the seat a moment ago), so a refusal worked out on it is left to the locked path,
    which reads the seats as they are."""
    held = recent_tables.held_copy(table.public_id.hex, version)
    if held is not None:
        table, seats = held, list(held.seat_list)
    else:
        table = Table.objects.get(pk=table.pk)
        seats = seats_of(table)
    try:
        worked = worked_out(table, seats, move, version, user, bot_position)
    except MoveRefused:
        if held is not None:
            return None
        raise
    if worked is None:
        return None
    if not write_move(
        table,
        worked.seen_version,
        worked.seen_seat_changes,
        worked.logged,
        worked.clocks,
        worked.state_text,
    ):
        return None
    return kept_and_told(worked, announce_move)
