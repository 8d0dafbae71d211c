"""What the four entry forms share: the draft error, number parsing and card/tile labels.

A *draft* is the state of a form as the person sees it (steppers, the card square with its
cursor, ticked tiles), posted back on every tap so the page can show the computed result
live. An *entry* is the part of it that goes into the score sheet JSON. No rule is decided
here: the sheet is computed by ``scoring.calculators`` from the entry.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engines.sarcophagus import SUITS as TILE_SUITS

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
TILE_SUIT_SYMBOL = {"sun": "☀", "moon": "☾", "crown": "♛", "arms": "⚔"}
INT = re.compile(r"^-?[0-9]{1,4}$")  # ASCII digits: "²".isdigit() is true, int("²") fails

assert set(TILE_SUITS) == set(TILE_SUIT_SYMBOL)


class DraftError(Exception):
    """A form that cannot become an entry yet; ``field`` is the form part it concerns."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def int_or_text(value: str) -> int | str:
    """A typed whole number as an int; anything else kept as typed, to show it back."""
    value = (value or "").strip()
    return int(value) if INT.match(value) else value


def card_label(card: str) -> dict[str, Any]:
    """How a playing card (``QH``, ``JK``, or empty) is drawn and read out, with the rank
    letters of the reader's pack (a German one reads B, D, K)."""
    from games.boards.cards import card_face  # the boards import the sheet's views

    if not card:
        return {"card": "", "text": "", "red": False, "name": gettext("empty")}
    if card == "JK":
        # As the online boards draw it: letters and a star every font has, not an emoji.
        return {"card": card, "text": "JK★", "red": False, "name": gettext("joker (vampire)")}
    face = card_face(card)
    return {"card": card, "text": face["text"], "red": face["red"], "name": face["name"]}


def rank_letter(rank: str) -> str:
    """A rank (``Q``) as printed on the reader's cards (``D`` for Dame in German)."""
    from games.boards.cards import RANK_LETTERS  # the boards import the sheet's views

    return str(RANK_LETTERS.get(rank, rank))


def tile_label(tile: str) -> str:
    """A Sarcophagus tile (``7-sun``) as drawn on the page (``7☀``)."""
    value, suit = tile.split("-")
    short = {"null": "0", "ace": "A"}.get(value, value)
    return f"{short}{TILE_SUIT_SYMBOL[suit]}"


def player_error(context: dict[str, Any], name: str) -> dict[str, str]:
    """The form error that belongs to one player's row, if any."""
    error = context["error"]
    mine = error["player"] == name
    return {"error": error["message"] if mine else "", "error_key": error["key"] if mine else ""}
