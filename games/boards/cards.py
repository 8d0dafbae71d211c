"""Playing cards as people read them (rank and suit symbol, colour, a spoken name).

Shared by the boards of the card games; values stay in RULINGS notation (``QH``, ``10S``,
``JK``) for the ``data-card`` attributes, only the labels are for people.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _suit_name(suit: str) -> str:
    return {
        "S": pgettext("suit", "spades"),
        "H": pgettext("suit", "hearts"),
        "D": pgettext("suit", "diamonds"),
        "C": pgettext("suit", "clubs"),
    }[suit]


def _rank_name(rank: str) -> str:
    return {
        "A": pgettext("rank", "ace"),
        "J": pgettext("rank", "jack"),
        "Q": pgettext("rank", "queen"),
        "K": pgettext("rank", "king"),
    }.get(rank, rank)


def _rank_letter(rank: str) -> str:
    """The rank as printed in a card's corner: a German pack reads B, D, K, A."""
    return {
        "A": pgettext("rank letter on a card", "A"),
        "J": pgettext("rank letter on a card", "J"),
        "Q": pgettext("rank letter on a card", "Q"),
        "K": pgettext("rank letter on a card", "K"),
    }.get(rank, rank)


def card_face(card: str) -> dict[str, Any]:
    """``{card, rank, suit, text, red, name}`` for a face-up card in RULINGS notation.

    Worked out once per card and language (a board shows dozens of cards per rendering, and
    each name is several translation lookups); each caller gets its own copy."""
    return dict(_card_face(card, get_language()))


@lru_cache(maxsize=1024)
def _card_face(card: str, language: str | None) -> dict[str, Any]:
    if card == "JK":
        return {
            "card": card,
            "rank": "JK",
            "suit": "★",
            "text": "JK★",
            "red": False,
            "joker": True,
            "name": _("joker (vampire)"),
        }
    rank, suit = card[:-1], card[-1]
    letter = _rank_letter(rank)
    return {
        "card": card,
        "rank": letter,
        "suit": SUIT_SYMBOL[suit],
        "text": f"{letter}{SUIT_SYMBOL[suit]}",
        "red": suit in "HD",
        "joker": False,
        "name": _("%(rank)s of %(suit)s") % {"rank": _rank_name(rank), "suit": _suit_name(suit)},
    }
