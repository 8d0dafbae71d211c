"""Sacrifice: the engine and the rule functions other code calls (docs/contracts/rules-api.md).

``cards`` holds the notation, decks, trick strength and scoring, ``state`` the game state,
``view`` what one seat may know, ``hand`` a hand's course between the moves, ``engine`` the
protocol (it checks a move and carries the hand on). Only the names below are public.
"""

from .cards import (
    BUY_VALUE,
    DECK_COPIES,
    MARKET,
    SACRIFICE_POINTS,
    STARTERS,
    TROPHIES,
    final_score,
    parse_card,
    score_breakdown,
    trick_strength,
    trick_winner,
)
from .engine import ENGINE
from .hand import MIN_CARDS

__all__ = [
    "BUY_VALUE",
    "DECK_COPIES",
    "ENGINE",
    "MARKET",
    "MIN_CARDS",
    "SACRIFICE_POINTS",
    "STARTERS",
    "TROPHIES",
    "final_score",
    "parse_card",
    "score_breakdown",
    "trick_strength",
    "trick_winner",
]
