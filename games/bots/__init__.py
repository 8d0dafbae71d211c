"""Bots: seats played by the computer, for every game.

A bot is any object with ``choose(engine, state, seat, rng) -> move``; the move must be one
of ``engine.legal_moves(state, seat)``. Bots only decide: the caller applies the move, so a
bot's move goes through the same rules (and, online, the same service) as a person's.
Bots stay pure Python like the engines, so simulations and benchmarks need no Django.

``get_bot(game, kind)``: ``"random"`` works for every game; ``"easy"`` is the ``EasyBot``
(half heuristic, half random); ``"heuristic"`` is the ``HeuristicBot`` of
``games.bots.<game>``; ``"search"`` is the ``SearchBot`` of ``games.bots.search`` (0.3 s a
move), and ``"search:N"`` the same capped at N iterations with no clock (deterministic, for
strength runs). Tables offer the levels ``BOT_LEVELS`` (easy, normal, hard); ``"random"``
stays accepted because older tables store it.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, Protocol

from games.engines import Engine, Move

BOT_KINDS = ("random", "easy", "heuristic", "search")
BOT_LEVELS = ("easy", "heuristic", "search")  # what tables offer: easy, normal, hard


class Bot(Protocol):
    name: str

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move: ...


class RandomBot:
    """Picks uniformly among the legal moves: the baseline every heuristic must beat."""

    name = "random"

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        return rng.choice(engine.legal_moves(state, seat))


def get_bot(game: str, kind: str) -> Bot:
    """A fresh bot of that kind for that game; ``ValueError`` naming the kinds otherwise."""
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        return import_module(f"{__name__}.{game}").HeuristicBot()
    if kind == "easy":
        return import_module(f"{__name__}.easy").EasyBot(game)
    name, _, cap = kind.partition(":")
    if name == "search" and (not cap or (cap.isdigit() and int(cap) > 0)):
        search = import_module(f"{__name__}.search")
        if cap:
            return search.SearchBot(game, budget=None, iterations=int(cap))
        return search.SearchBot(game)
    raise ValueError(f"No bot kind {kind!r}; known kinds: {', '.join(BOT_KINDS)}, search:N")
