"""Bots playing whole games against each other: shared by `simulate`, `bench/` and tests.

Pure Python, no Django: a playout is only engine calls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.bots import Bot
from games.engines import Engine

# A game that runs longer than this is a bug in an engine (every game must end).
MAX_MOVES = 100_000


@dataclass(frozen=True)
class Playout:
    state: Any
    moves: int
    scores: list[int]
    winners: list[int]


def play_game(
    engine: Engine,
    bots: Sequence[Bot],
    seed: int,
    rng: random.Random | None = None,
    **options: Any,
) -> Playout:
    """Play one game to its end, each seat asking its bot; simultaneous seats in seat order."""
    rng = rng or random.Random(seed)
    state = engine.new_game(len(bots), seed, **options)
    moves = 0
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            move = bots[seat].choose(engine, state, seat, rng)
            state = engine.apply(state, seat, move)
            moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"{engine.name} game with seed {seed} did not end")
    return Playout(state, moves, engine.scores(state), engine.winners(state))
