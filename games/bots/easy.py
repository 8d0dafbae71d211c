"""The "easy" bot, for every game: mostly a beginner's random play, with light heuristics.

Half of its moves are the heuristic bot's, the other half random; a random move that loses
the game on the spot (say a Sacrifice sacrifice leaving fewer than seven cards) is avoided
when there is another. That check is made on a world drawn from what the seat knows (the
search bot's sampler), never on the real state, so the easy bot does not peek either.
It plays sensibly often enough to be a fair opponent for a new player, and makes the
mistakes a new player makes too.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from games.bots.search import game_search
from games.engines import Engine, Move

HEURISTIC_SHARE = 0.5  # chance that a move is the heuristic bot's


def loses_at_once(engine: Engine, state: Any, seat: int, move: Move) -> bool:
    """Whether ``move`` ends the game with ``seat`` not among the winners."""
    after = engine.apply(state, seat, move)
    return engine.is_over(after) and seat not in engine.winners(after)


class EasyBot:
    name = "easy"

    def __init__(self, game: str) -> None:
        self.game = game
        self.heuristic = import_module(f"games.bots.{game}").HeuristicBot()

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        if rng.random() < HEURISTIC_SHARE:
            return self.heuristic.choose(engine, state, seat, rng)
        moves = engine.legal_moves(state, seat)
        rng.shuffle(moves)
        world = self.seen_world(engine, state, seat, rng)
        for move in moves:
            if not loses_at_once(engine, world, seat, move):
                return move
        return moves[0]

    def seen_world(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from the real one, its hidden parts drawn afresh."""
        spec = game_search(self.game)
        return spec.determinise(engine, spec.information(engine, state, seat, {}), seat, rng)
