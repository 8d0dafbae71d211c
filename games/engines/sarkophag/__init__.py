"""Sarkophag: the engine and the rule functions other code calls (docs/contracts/rules-api.md).

``rules`` holds the head table and who may play what, ``state`` the game state and its JSON,
``text`` events and refusals in words, ``engine`` the protocol. Only the names below are public.
"""

from .engine import ENGINE, deal, first_dealer
from .rules import (
    CARDS,
    DECK_HEADS,
    HAND_SIZE,
    HEADS,
    heads,
    legal_cards,
    limit_reached,
    lowest_seats,
    mummy_heads,
    taker,
)

__all__ = [
    "CARDS",
    "DECK_HEADS",
    "ENGINE",
    "HAND_SIZE",
    "HEADS",
    "deal",
    "first_dealer",
    "heads",
    "legal_cards",
    "limit_reached",
    "lowest_seats",
    "mummy_heads",
    "taker",
]
