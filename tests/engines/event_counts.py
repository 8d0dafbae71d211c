"""What the engines' event counts are checked against: a figure of the spectator's view
before and after each move of a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def per_move(engine, state, moves: list[tuple[int, dict]], figure: Callable) -> list[Any]:
    """``figure(view)`` of the spectator's view at the start and after each (seat, move)."""
    figures = [figure(engine.view(state, None))]
    for seat, move in moves:
        state = engine.apply(state, seat, move)
        figures.append(figure(engine.view(state, None)))
    return figures


def total(view: dict) -> int:
    return view["events_total"]


def shown(view: dict) -> int:
    return len(view["events"])
