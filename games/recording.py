"""A finished table becomes a scoring session (mode online), as the scorekeeper records it.

Per game, the engine's finished game is written as score-sheet entries (docs/scorekeeper.md)
and stored through ``scoring.recording``, which runs them through the scorekeeper's own
calculators. The calculators' totals and winners must equal the engine's: the tests check it
on many bot-played games, and here a difference is logged loudly (it would be a rules bug).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from scoring.models import PlaySession
from scoring.recording import record_online_session

from .models import Table, TableSeat
from .replay import table_states

log = logging.getLogger(__name__)

Entries = Callable[[Table, Any, list[str]], list[dict[str, Any]]]


def record(table: Table, state: Any, seats: list[TableSeat]) -> PlaySession | None:
    """Write the finished table's session; call inside ``play``'s transaction. None for a
    game whose entries are not written yet (the game still ends; nothing is rated)."""
    if table.game not in ENTRIES:
        log.warning("Table %s: %s games are not recorded yet", table.public_id, table.game)
        return None
    players = [seat.player for seat in seats]
    names = [player.name for player in players]
    entries = ENTRIES[table.game](table, state, names)
    session, result = record_online_session(
        table.game,
        players,
        roles=roles_of(table, state, names),
        options=dict(table.options),
        entries=entries,
        created_by=None,  # nobody edits an online game's sheet but an organiser
        finished_at=table.finished_at,
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


def roles_of(table: Table, state: Any, names: list[str]) -> dict[str, str]:
    if table.game != "sarg":
        return {}
    queen = state.queen
    return {"queen": names[queen], "king": names[1 - queen]}


# --- per game: the sheet entries of a finished game ---------------------------------------------


def sarg_entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """Each round's full square, read off the replay at the moment the round was scored."""
    grids: list[list[list[str]]] = []
    scored = 0
    for step in table_states(table):
        if len(step.rounds) > scored:
            scored = len(step.rounds)
            flat = step.last_grid
            grids.append([list(flat[3 * r : 3 * r + 3]) for r in range(3)])
    return [{"grid": grid} for grid in grids]


def sarkophag_entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """The heads each player took in each round."""
    return [{"heads": dict(zip(names, heads, strict=True))} for heads in state.rounds]


def sarcophagus_entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """The one end-of-game entry: tiles held, the sarcophagus tiles claimed, and the tiles
    the sarcophagus traps took at the end (as the players chose them)."""
    from games.engines.sarcophagus import TILES

    def per_player(tiles_by_seat) -> dict[str, list[str]]:
        return {name: [TILES[t] for t in tiles_by_seat[seat]] for seat, name in enumerate(names)}

    return [
        {
            "tiles": per_player(state.held),
            "sarcophagus": per_player(state.buried),
            "discard": per_player(state.end_discards),
        }
    ]


def sacrifice_entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """The one end-of-game entry: the trophies each player won and their altar (a trophy
    later sacrificed is in both, as the sheet format says), and who ran out of cards when
    the game ended that way (S9: that player lost at once, whatever the points)."""
    entry: dict[str, Any] = {
        "trophies": {name: list(state.won[seat]) for seat, name in enumerate(names)},
        "sacrificed": {name: list(state.altar[seat]) for seat, name in enumerate(names)},
    }
    if state.loser_by_cards >= 0:
        entry["lost_by_cards"] = names[state.loser_by_cards]
    return [entry]


ENTRIES: dict[str, Entries] = {
    "sarg": sarg_entries,
    "sarkophag": sarkophag_entries,
    "sarcophagus": sarcophagus_entries,
    "sacrifice": sacrifice_entries,
}
