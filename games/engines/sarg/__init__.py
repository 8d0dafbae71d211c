"""Sarg: the engine and the rule functions other code calls (docs/contracts/rules-api.md).

``cards`` holds the deck and notation, ``scoring`` line values, rounds and the end bonus,
``square`` the 3x3 geometry, ``state`` the game state, ``events`` the public log, ``engine``
the protocol. Only the names below are public.
"""

from .cards import DECK, parse_card
from .engine import ENGINE, ROUNDS_PER_DECK, TARGET
from .scoring import final_result, line_detail, line_value, score_round, validate_grid

__all__ = [
    "DECK",
    "ENGINE",
    "ROUNDS_PER_DECK",
    "TARGET",
    "final_result",
    "line_detail",
    "line_value",
    "parse_card",
    "score_round",
    "validate_grid",
]
