"""Playing cards as people read them (rank and suit symbol, colour, a spoken name).

Shared by the boards of the card games; values stay in docs/rulings.md notation (``QH``, ``10S``,
``JK``) for the ``data-card`` attributes, only the labels are for people.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# Lazy, so each is translated into the language of the page when it is read.
SUIT_NAMES = {
    "S": pgettext_lazy("suit", "spades"),
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
    "C": pgettext_lazy("suit", "clubs"),
}
RANK_NAMES = {
    "A": pgettext_lazy("rank", "ace"),
    "J": pgettext_lazy("rank", "jack"),
    "Q": pgettext_lazy("rank", "queen"),
    "K": pgettext_lazy("rank", "king"),
}
# The rank as printed in a card's corner: a German pack reads B, D, K, A.
RANK_LETTERS = {
    "A": pgettext_lazy("rank letter on a card", "A"),
    "J": pgettext_lazy("rank letter on a card", "J"),
    "Q": pgettext_lazy("rank letter on a card", "Q"),
    "K": pgettext_lazy("rank letter on a card", "K"),
}


def card_face(card: str) -> dict[str, Any]:
    """``{card, rank, suit, text, red, name}`` for a face-up card in docs/rulings.md notation.

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
    letter = str(RANK_LETTERS.get(rank, rank))
    return {
        "card": card,
        "rank": letter,
        "suit": SUIT_SYMBOL[suit],
        "text": f"{letter}{SUIT_SYMBOL[suit]}",
        "red": suit in "HD",
        "joker": False,
        "name": _("%(rank)s of %(suit)s")
        % {"rank": RANK_NAMES.get(rank, rank), "suit": SUIT_NAMES[suit]},
    }
