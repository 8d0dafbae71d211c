"""Sarcophagus' finished online game as its one end-of-game score-sheet entry."""

from __future__ import annotations

from typing import Any

from games.engines.sarcophagus import TILES

from ..models import Table


def entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """The one end-of-game entry: tiles held, the sarcophagus tiles claimed, and the tiles
    the sarcophagus traps took at the end (as the players chose them)."""

    def per_player(tiles_by_seat) -> dict[str, list[str]]:
        return {name: [TILES[t] for t in tiles_by_seat[seat]] for seat, name in enumerate(names)}

    return [
        {
            "tiles": per_player(state.held),
            "sarcophagus": per_player(state.buried),
            "discard": per_player(state.end_discards),
        }
    ]
