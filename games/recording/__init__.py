"""A finished table becomes a scoring session (mode online), as the scorekeeper records it.

Per game, the engine's finished game is written as score-sheet entries (docs/scorekeeper.md)
by the game's own module here (``games.recording.<game>.entries``, found by the registry)
and stored through ``scoring.recording``, which runs them through the scorekeeper's own
calculators. The calculators' totals and winners must equal the engine's: the tests check it
on many bot-played games, and here a difference is logged loudly (it would be a rules bug).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db import transaction

from games.engines.registry import parts, spec_of
from scoring.models import Player, PlaySession
from scoring.recording import record_online_session

from ..models import Table, TableSeat

log = logging.getLogger(__name__)

Entries = Callable[[Table, Any, list[str]], list[dict[str, Any]]]


def record_safely(table: Table, state: Any, seats: list[TableSeat]) -> PlaySession | None:
    """The finished table's scoring session, inside ``play``'s transaction. Should recording
    fail (a bug), the game still ends and the error is logged: a lost record beats a last
    move that cannot be made."""
    try:
        with transaction.atomic():  # a savepoint: a failure leaves no half-written session
            return record(table, state, seats)
    except Exception:
        log.exception("Table %s: the finished game could not be recorded", table.public_id)
        return None


def record(table: Table, state: Any, seats: list[TableSeat]) -> PlaySession | None:
    """Write the finished table's session; call inside ``play``'s transaction. None for a
    game whose entries are not written yet (the game still ends; nothing is rated)."""
    if table.game not in ENTRIES:
        log.warning("Table %s: %s games are not recorded yet", table.public_id, table.game)
        return None
    by_id = Player.objects.in_bulk([seat.player_id for seat in seats])  # one query, not one a seat
    players = [by_id[seat.player_id] for seat in seats]
    names = [player.name for player in players]
    entries = ENTRIES[table.game](table, state, names)
    session, result = record_online_session(
        table.game,
        players,
        roles=spec_of(table.game).roles_of(state, names),
        options=dict(table.options),
        entries=entries,
        created_by=None,  # nobody edits an online game's sheet but an organiser
        finished_at=table.finished_at,
        left=[seat.position for seat in seats if seat.left],
    )
    engine_scores = table.engine.scores(state)
    sheet_scores = [result["totals"][name] for name in names]
    if sheet_scores != engine_scores:
        log.error(
            "Table %s: the scorekeeper computes %s, the engine %s",
            table.public_id,
            sheet_scores,
            engine_scores,
        )
    engine_winners = [names[seat] for seat in table.engine.winners(state)]
    if sorted(result["winners"]) != sorted(engine_winners):
        log.error(
            "Table %s: the scorekeeper's winners are %s, the engine's %s",
            table.public_id,
            result["winners"],
            engine_winners,
        )
    return session


ENTRIES: dict[str, Entries] = {game: module.entries for game, module in parts(__name__).items()}
