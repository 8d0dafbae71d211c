"""Sarg's finished online game as score-sheet entries: each round's square."""

from __future__ import annotations

from typing import Any

from ..models import Table
from ..replay import table_states


def entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """Each round's full square, read off the replay at the moment the round was scored."""
    grids: list[list[list[str]]] = []
    scored = 0
    for step in table_states(table):
        if len(step.rounds) > scored:
            scored = len(step.rounds)
            flat = step.last_grid
            grids.append([list(flat[3 * r : 3 * r + 3]) for r in range(3)])
    return [{"grid": grid} for grid in grids]
