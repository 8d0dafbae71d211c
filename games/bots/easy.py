"""The "easy" bot, for every game: mostly a beginner's random play, with light heuristics.

Half of its moves are the heuristic bot's, the other half random; a random move that loses
the game on the spot (say a Sacrifice sacrifice leaving fewer than seven cards) is avoided
when there is another. So it plays sensibly often enough to be a fair opponent for a new
player, and makes the mistakes a new player makes too.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from games.engines import Engine, Move

HEURISTIC_SHARE = 0.5  # chance that a move is the heuristic bot's


def loses_at_once(engine: Engine, state: Any, seat: int, move: Move) -> bool:
    """Whether ``move`` ends the game with ``seat`` not among the winners."""
    after = engine.apply(state, seat, move)
    return engine.is_over(after) and seat not in engine.winners(after)


class EasyBot:
    name = "easy"

    def __init__(self, game: str) -> None:
        self.heuristic = import_module(f"games.bots.{game}").HeuristicBot()

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        if rng.random() < HEURISTIC_SHARE:
            return self.heuristic.choose(engine, state, seat, rng)
        moves = engine.legal_moves(state, seat)
        rng.shuffle(moves)
        for move in moves:
            if not loses_at_once(engine, state, seat, move):
                return move
        return moves[0]
