"""Sarg's cards: the 54-card deck, card notation, and each card's value, suit and colour.

Notation is docs/rulings.md's: ranks ``A 2 ... 10 J Q K``, suits ``S H D C``, jokers ``JK``.
Values are tables built once, so scoring a line is a few dict look-ups.
"""

from __future__ import annotations

from ..base import Text

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

# 52 cards plus two jokers (the vampires); the jokers are the only card that appears twice.
DECK: tuple[str, ...] = (*(rank + suit for suit in SUITS for rank in RANKS), JOKER, JOKER)
CARDS = frozenset(DECK)

# G4: A=1, 2-10 face value, J=0; Q counts 10 across (rows), K counts 10 down (columns).
_RANK_VALUE = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 0}
ROW_VALUE: dict[str, int] = {}
COLUMN_VALUE: dict[str, int] = {}
for _card in DECK:
    _rank = _card[:-1]
    ROW_VALUE[_card] = 10 if _rank == "Q" else _RANK_VALUE.get(_rank, 0)
    COLUMN_VALUE[_card] = 10 if _rank == "K" else _RANK_VALUE.get(_rank, 0)
ROW_VALUE[JOKER] = COLUMN_VALUE[JOKER] = 0

# Suit and colour per card; the joker has neither (it zeroes its lines anyway).
SUIT: dict[str, str] = {card: card[-1] for card in DECK if card != JOKER}
RED: dict[str, bool] = {card: suit in RED_SUITS for card, suit in SUIT.items()}


def parse_card(text: str) -> str:
    """A card in docs/rulings.md notation, normalised (``" qh "`` -> ``"QH"``); else ValueError."""
    if not isinstance(text, str):
        raise ValueError(Text("A card is written like QH, 10S, AC or JK, not %(text)r.", text=text))
    card = text.strip().upper()
    if card not in CARDS:
        raise ValueError(
            Text("%(text)r is not a card; write cards like QH, 10S, AC or JK.", text=text)
        )
    return card
