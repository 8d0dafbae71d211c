"""Sacrifice's cards as the board orders and names them: a hand sorted as a player sorts it,
faces, a list of cards in words."""

from __future__ import annotations

from typing import Any

from sarco.drawing_language import gettext as _
from scoring.faces import card_face

RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]


def _rank_index(card: str) -> int:
    return RANK_ORDER.index(card if card == "JK" else card[:-1])


def sort_cards(cards: list[str]) -> list[str]:
    """Low to high by rank, then suit, as a player sorts a hand (jokers last)."""
    return sorted(cards, key=lambda c: (_rank_index(c), c[-1]))


def faces(cards: list[str]) -> list[dict[str, Any]]:
    return [card_face(c) for c in cards]


def and_text(cards: list[str]) -> str:
    names = [card_face(c)["text"] for c in cards]
    if len(names) == 1:
        return names[0]
    return _("%(cards)s and %(last)s") % {"cards": ", ".join(names[:-1]), "last": names[-1]}


def rank_key(cards: list[str]) -> list[int]:
    return [_rank_index(c) for c in cards]
