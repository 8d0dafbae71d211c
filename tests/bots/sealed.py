"""The structural no-peeking check shared by the search bot's tests: after ``information``
the real state is sealed, and any later look at it fails the test."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from games.bots.search import GameSearch, SearchBot


class Sealed:
    """Stands for the real state: any look at it once sealed fails the test."""

    def __init__(self, state):
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "sealed", False)

    def __getattr__(self, name):
        if object.__getattribute__(self, "sealed"):
            raise AssertionError(f"the search read the real state's {name}")
        return getattr(object.__getattribute__(self, "_state"), name)


def choose_sealed(engine, state, seat: int, spec: GameSearch, iterations: int = 40) -> Any:
    """The search bot's move when the real state is reachable only through ``information``."""

    def information(engine_, real, seat_, memory):
        info = spec.information(engine_, real._state, seat_, memory)
        object.__setattr__(real, "sealed", True)
        return info

    bot = SearchBot(budget=None, iterations=iterations, spec=replace(spec, information=information))
    return bot.choose(engine, Sealed(state), seat, random.Random(4))
