"""What the engines' event counts are checked with: a random game's moves, and a figure of the
spectator's view before and after each of them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def random_moves(engine, state, seed: int, steps: int) -> list[tuple[int, dict]]:
    """Up to ``steps`` random legal moves from ``state``, as (seat, move)."""
    rng = random.Random(seed)
    moves = []
    while len(moves) < steps and not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        move = rng.choice(engine.legal_moves(state, seat))
        moves.append((seat, move))
        state = engine.apply(state, seat, move)
    return moves


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
