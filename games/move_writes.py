"""The write of an applied move: the table's new state and version, and the move log's row.
A seat's turn is read from its table's ``to_act``, so a move writes no seat rows.

``tables.play`` works a move out on the table as it read it, without a lock, and writes it
here only if the table is still that table: the same version, the same seat changes, still
playing. On PostgreSQL that is one statement (the UPDATE and the INSERT in a CTE), so one
round trip with no transaction around it; elsewhere (SQLite, in process: statements cost no
round trip) the UPDATE and the INSERT in one transaction. ``False`` means nothing was written
because the table changed since it was read; the caller then plays the move under the lock,
for the exact answer the locked path gives.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import Field, JSONField
from django.utils import timezone

from sarco import json_text

from .models import Table, TableMove, TableSeat
from .statements import column, dumped_json
from .statements import table as table_name

# What a move writes of the table row when the game goes on (the end of a game, which also
# writes status, finished_at and session, is played under the lock).
TABLE_FIELDS = ("version", "state_json", "last_move_at", "to_act", "bot_to_act")
MOVE_FIELDS = ("table", "number", "seat", "move", "to_act_before", "by_bot", "created_at")


def advance(
    table: Table,
    seats: list[TableSeat],
    seat: TableSeat,
    move: Any,
    to_act: list[int],
    new_state: Any,
    by_bot: bool,
) -> TableMove:
    """Set ``table`` (in memory) to its state after the move; the move log's row to write."""
    table.version += 1
    table.state_json = table.engine.to_json(new_state)
    table.keep_state(new_state)
    table.last_move_at = timezone.now()
    sync_turn(table, new_state, seats)
    return TableMove(
        table=table,
        number=table.version,
        seat=seat.position,
        move=move,
        to_act_before=to_act,
        by_bot=by_bot,
    )


def sync_turn(table: Table, state: Any, seats: list[TableSeat]) -> None:
    """Keep the columns that mirror the state (``to_act``, ``bot_to_act``) in step; the
    seats read theirs from ``to_act``. ``seats`` are the table's seats as read with it."""
    engine = table.engine
    to_act = [] if engine.is_over(state) else list(engine.to_act(state))
    table.to_act = to_act
    table.bot_to_act = any(s.is_bot and s.position in to_act for s in seats)


def hand_over(
    table: Table, state: Any, seats: list[TableSeat], seat: TableSeat, level: str
) -> None:
    """A bot plays ``seat`` from now on (in memory; the caller saves the seat's
    ``bot_level`` and the table's ``HAND_OVER_FIELDS``): the turn columns follow, and a
    move worked out on the seats before is written no more."""
    seat.bot_level = level
    sync_turn(table, state, seats)
    table.seat_changes += 1


HAND_OVER_FIELDS = ["to_act", "bot_to_act", "seat_changes"]


def write_move(
    table: Table,
    seen_version: int,
    seen_seat_changes: int,
    move: TableMove,
    clocks: list[TableSeat] | None = None,
    state_text: str | None = None,
) -> bool:
    """Write ``table``'s ``TABLE_FIELDS`` (already set to the values after ``move``) and
    ``move`` if the row still has ``seen_version`` and ``seen_seat_changes`` and is playing.
    ``clocks``: at a clocked table, the seats whose clock the move changed; the table's
    ``clock_due`` joins the UPDATE and the seats' clocks are written in the same statement
    (PostgreSQL) or transaction. ``state_text``: the state already dumped to JSON (the
    move's message carries the same text). Hand-written statements: the ORM's compiling of
    an UPDATE and an INSERT cost more than running them."""
    # The connection itself, not the proxy that looks it up on every use: each value's
    # conversion asks it for its operations.
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor == "postgresql":
        # one statement: the INSERT takes its row from what the UPDATE returned, so a table
        # that moved on gets neither; one round trip, atomic without a transaction
        sql, params = one_statement(
            table, seen_version, seen_seat_changes, move, clocks, state_text
        )
        with connection.server_binding_cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount == 1
    update, insert, params, values = _parts(
        connection, table, seen_version, seen_seat_changes, move, clocks, state_text
    )
    rest = ", ".join(["%s"] * len(values))
    with connection.cursor() as cursor, transaction.atomic():
        cursor.execute(update, params)
        if cursor.rowcount != 1:
            return False
        cursor.execute(f"{insert} VALUES (%s, {rest})", [table.pk, *values])
        if clocks:
            TableSeat.objects.bulk_update(clocks, SEAT_CLOCK_FIELDS)
    return True


_MOVE_VALUES = [TableMove._meta.get_field(name) for name in MOVE_FIELDS[1:]]


def one_statement(
    table: Table,
    seen_version: int,
    seen_seat_changes: int,
    move: TableMove,
    clocks: list[TableSeat] | None = None,
    state_text: str | None = None,
) -> tuple[str, list[Any]]:
    """PostgreSQL: ``write_move``'s one statement and its parameters, for any connection
    (``games.loop_moves`` runs it on the event loop's own). Reads nothing."""
    connection = connections[DEFAULT_DB_ALIAS]
    update, insert, params, values = _parts(
        connection, table, seen_version, seen_seat_changes, move, clocks, state_text
    )
    seats, seat_params = _seat_clocks_cte(clocks)
    rest = ", ".join(["%s"] * len(values))
    sql = f"WITH moved AS ({update} RETURNING id){seats} {insert} SELECT id, {rest} FROM moved"
    return sql, params + seat_params + values


def two_statements(
    table: Table, seen_version: int, seen_seat_changes: int, move: TableMove, state_text: str
) -> tuple[str, list[Any], str, list[Any]]:
    """SQLite: ``write_move``'s UPDATE with its parameters and INSERT with its values, for
    the event loop's own connection (``games.loop_moves``), which runs them in one
    transaction. An unclocked table's only. Reads nothing."""
    connection = connections[DEFAULT_DB_ALIAS]
    update, insert, params, values = _parts(
        connection, table, seen_version, seen_seat_changes, move, None, state_text
    )
    rest = ", ".join(["%s"] * len(values))
    return update, params, f"{insert} VALUES (%s, {rest})", [table.pk, *values]


def _parts(connection, table, seen_version, seen_seat_changes, move, clocks, state_text):
    """The UPDATE and its parameters, the INSERT without its values, and those values."""
    update, insert, fields = _statements(connection.vendor, clocks is not None)
    params = [
        dumped_json(state_text)
        if field.name == "state_json" and state_text is not None
        else _value(field, getattr(table, field.attname), connection)
        for field in fields
    ]
    params += [table.pk, seen_version, seen_seat_changes, Table.Status.PLAYING.value]
    move.created_at = table.last_move_at  # auto_now_add, which a raw INSERT does not set
    values = [_value(field, getattr(move, field.attname), connection) for field in _MOVE_VALUES]
    return update, insert, params, values


def _value(field: Field, value: Any, connection) -> Any:
    """What the ORM would send for ``value``; JSON dumped by ``sarco.json_text``."""
    if value is not None and isinstance(field, JSONField):
        return dumped_json(json_text.dumps(value))
    return field.get_db_prep_save(value, connection)


@lru_cache(maxsize=4)
def _statements(vendor: str, clocked: bool) -> tuple[str, str, list[Field]]:
    """The move's UPDATE (its WHERE checks the table as read) and INSERT (without its
    values), and the table fields the UPDATE sets: the same text for every move."""
    names = TABLE_FIELDS if not clocked else (*TABLE_FIELDS, "clock_due")
    fields = [Table._meta.get_field(name) for name in names]
    sets = ", ".join(f"{column(Table, name)} = %s" for name in names)
    update = (
        f"UPDATE {table_name(Table)} SET {sets}"
        f" WHERE id = %s AND version = %s AND seat_changes = %s AND status = %s"
    )
    columns = ", ".join(column(TableMove, name) for name in MOVE_FIELDS)
    return update, f"INSERT INTO {table_name(TableMove)} ({columns})", fields


SEAT_CLOCK_FIELDS = ["deadline", "bank_seconds", "timeouts", "days_given"]
_SEAT_CLOCK_TYPES = ("timestamptz", "integer", "smallint", "jsonb")


def _seat_clocks_cte(seats: list[TableSeat] | None) -> tuple[str, list[Any]]:
    """PostgreSQL: the seats' clocks as one more CTE of the move's statement, updating only
    if the table's UPDATE did (so a table that moved on gets none of it)."""
    if not seats:
        return "", []
    names = ", ".join(column(TableSeat, name) for name in SEAT_CLOCK_FIELDS)
    casts = ", ".join(f"%s::{kind}" for kind in _SEAT_CLOCK_TYPES)
    rows = ", ".join(f"(%s::bigint, {casts})" for _ in seats)
    sets = ", ".join(f"{quoted} = v.{quoted}" for quoted in names.split(", "))
    params: list[Any] = []
    for seat in seats:
        params += [seat.pk, seat.deadline, seat.bank_seconds, seat.timeouts]
        params.append(json.dumps(seat.days_given))
    cte = (
        f", clocked AS (UPDATE {table_name(TableSeat)} AS s"
        f" SET {sets} FROM (VALUES {rows}) AS v(id, {names})"
        f" WHERE s.id = v.id AND s.table_id IN (SELECT id FROM moved))"
    )
    return cte, params
