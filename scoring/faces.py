"""Every piece's face, drawn the same wherever it shows: the online boards, the scorekeeper's
forms and sheets, a round's explanation, the admin.

Values stay in the notation of docs/rulings.md (``QH``, ``10S``, ``JK``; ``5-sun``,
``null-moon``) for ``data-`` attributes and the sheet JSON; only these faces are for people.
One symbol per piece (docs/play-pages.md, "Faces"): ♠ ♥ ♦ ♣ for the card suits, a card's
rank as printed on the reader's pack (a German one reads B, D, K, A), ``JK★`` for the joker
(letters and a star every font has, not an emoji), ☀ ☾ ♛ ⚜ for the piecepack suits (arms
is the piecepack's fleur-de-lis), a tile's value ``✕`` for a trap (null), ``A`` for a god
(ace), the number otherwise.

Here, in ``scoring`` (a layer both the scorekeeper and online play may import), and not in
``games``: scoring never imports the online-play app.
"""

from __future__ import annotations

from functools import lru_cache, wraps
from typing import Any

from django.utils.translation import pgettext_lazy

from games.engines.sarcophagus import SUITS as TILE_SUITS
from sarco.drawing_language import gettext as _
from sarco.drawing_language import keeps_words, language, pgettext

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER = "JK"
JOKER_TEXT = "JK★"
TILE_SUIT_SYMBOL = {"sun": "☀", "moon": "☾", "crown": "♛", "arms": "⚜"}
TILE_VALUES = ("null", "ace", "2", "3", "4", "5")  # a coin's value indexes these

assert set(TILE_SUITS) == set(TILE_SUIT_SYMBOL)

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


def per_language(words):
    """``words`` looked up once per active language and arguments. A board names dozens of
    pieces per viewer and version, and each name costs a handful of catalogue lookups."""
    cached = keeps_words(lru_cache(maxsize=256)(lambda language, *args: words(*args)))

    @wraps(words)
    def in_language(*args):
        return cached(language(), *args)

    return in_language


# --- playing cards (Sarkophag's numbers aside: Sarg, Sacrifice) ---------------------------------


def card_face(card: str) -> dict[str, Any]:
    """``{card, rank, suit, text, red, joker, name}`` for a face-up card in docs/rulings.md
    notation; the empty card (an empty cell of a square) reads as empty.

    Worked out once per card and language (a board shows dozens of cards per rendering, and
    each name is several translation lookups); each caller gets its own copy."""
    return dict(_card_face(card))


@per_language
def _card_face(card: str) -> dict[str, Any]:
    if not card:
        return {"card": "", "rank": "", "suit": "", "text": "", "red": False, "joker": False}
    if card == JOKER:
        return {
            "card": card,
            "rank": JOKER,
            "suit": "★",
            "text": JOKER_TEXT,
            "red": False,
            "joker": True,
            "name": _("joker (vampire)"),
        }
    rank, suit = card[:-1], card[-1]
    letter = rank_letter(rank)
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


def rank_letter(rank: str) -> str:
    """A rank (``Q``) as printed on the reader's cards (``D`` for Dame in German)."""
    return str(RANK_LETTERS.get(rank, rank))


def card_label(card: str) -> dict[str, Any]:
    """A card as the scorekeeper's square and its explanation draw it: the card's face, with
    the empty cell named."""
    face = card_face(card)
    if not card:
        face["name"] = _("empty")
    return face


# --- piecepack tiles and coins (Sarcophagus) ------------------------------------------------------


@per_language
def suit_name(suit: str) -> str:
    return {
        "sun": pgettext("piecepack suit", "suns"),
        "moon": pgettext("piecepack suit", "moons"),
        "crown": pgettext("piecepack suit", "crowns"),
        "arms": pgettext("piecepack suit", "arms"),
    }[suit]


@per_language
def suit_word(suit: str) -> str:
    """One suit named as a player's colour ("sun", "moon"...)."""
    return {
        "sun": pgettext("piecepack suit, one", "sun"),
        "moon": pgettext("piecepack suit, one", "moon"),
        "crown": pgettext("piecepack suit, one", "crown"),
        "arms": pgettext("piecepack suit, one", "arms"),
    }[suit]


def tile_face(tile: str) -> dict[str, Any]:
    """A face-up tile in docs/rulings.md notation (``"5-sun"``) as people read it: a new dict
    each time, since callers mark it."""
    return dict(_tile_face(tile))


@per_language
def _tile_face(tile: str) -> dict[str, Any]:
    value, suit = tile.split("-")
    if value == "null":
        kind, text = "trap", "✕"
        name = _("trap (null) of %(suit)s") % {"suit": suit_name(suit)}
    elif value == "ace":
        kind, text = "god", "A"
        name = _("god (ace) of %(suit)s") % {"suit": suit_name(suit)}
    else:
        kind, text = "number", value
        name = _("%(value)s of %(suit)s") % {"value": value, "suit": suit_name(suit)}
    return {
        "tile": tile,
        "kind": kind,
        "text": text,
        "suit": suit,
        "symbol": TILE_SUIT_SYMBOL[suit],
        "name": name,
    }


def tile_label(tile: str) -> str:
    """A tile in one short text, its value then its suit's symbol (``5☀``, ``✕☾``)."""
    face = _tile_face(tile)
    return f"{face['text']}{face['symbol']}"


def coin_face(suit: str, value: int | None) -> dict[str, Any]:
    """A coin: its value (and ``data-coin``) only when given, i.e. for its owner."""
    face: dict[str, Any] = {"suit": suit, "symbol": TILE_SUIT_SYMBOL[suit], "coin": "", "text": ""}
    if value is None:
        face["name"] = _("a %(suit)s coin") % {"suit": suit_word(suit)}
    else:
        face["coin"] = f"{TILE_VALUES[value]}-{suit}"
        face["text"] = str(value)
        face["name"] = _("your %(suit)s coin worth %(value)s") % {
            "suit": suit_word(suit),
            "value": value,
        }
    return face
