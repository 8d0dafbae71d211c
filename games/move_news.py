"""What the sockets and the lobby are told after a table's transaction commits: a version,
with a move's record and the parts every viewer shares drawn once (``shared_parts``), and the
turn mails of turn-based tables. ``games.tables`` calls it; nothing here writes a table."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from sarco.group_messages import send as _send

from . import local_viewers, shared_parts, turn_mail
from .models import Table
from .recent_tables import move_record
from .table_groups import group_name

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def announce(table: Table, *, force: bool = False, lobby: bool = False) -> None:
    """After the commit: tell the table's sockets (and the lobby's, if asked)."""
    message: dict[str, Any] = {"type": "table.version", "version": table.version}
    if force:
        message["force"] = True
    group = group_name(table)
    transaction.on_commit(lambda: _send(group, message), robust=True)
    if lobby:
        transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}), robust=True)


def announce_move(
    table: Table, state: Any, *, ended: bool = False, state_text: str | None = None
) -> None:
    """After the commit: tell the table's sockets of the move, with what it wrote and the
    parts every viewer shares at the new version, drawn here once (``shared_parts``): no
    process that forwards the move draws them again; and the frames of this process's own
    sockets of the table, drawn here too (``local_viewers``). Seats attached (their names
    count). ``state_text``: the state as the move's write dumped it to JSON."""
    transaction.on_commit(
        lambda: announce_move_now(table, state, state_text=state_text), robust=True
    )
    turn_mail.after_commit(table)
    if ended:
        transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}), robust=True)


def announce_move_now(table: Table, state: Any, *, state_text: str | None = None) -> None:
    """``announce_move``'s news of a move already committed (one played on the event loop,
    ``loop_moves``, which has no transaction to wait for), sent now."""
    group = group_name(table)
    message: dict[str, Any] = {"type": "table.version", "version": table.version}
    if not table.clock:  # a clocked move also wrote its seats' clocks: the others read it
        message["record"] = move_record(table, state_text)
    try:
        parts = shared_parts.for_message(table, state)
    except Exception:  # a drawing's bug must not keep the move from the other seats
        log.exception("Table %s: the shared parts could not be drawn", table.public_id)
        parts = None
    if parts is not None:
        message["parts"] = parts
    local_viewers.draw_ahead(table, state)  # this process's sockets find their frames drawn
    _send(group, message)
