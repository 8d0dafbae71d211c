"""Sacrifice's finished online game as its one end-of-game score-sheet entry."""

from __future__ import annotations

from typing import Any

from ..models import Table


def entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
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
