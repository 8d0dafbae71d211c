"""Sarcophagus's pyramid cells as drawn: each cell without moves once per language and look
(``games/sarcophagus/_cell.html``), and the buttons that place a second coin on a tile once
per language. A move changes one or two of the 21 cells, and drawing every cell afresh was
most of drawing a pyramid; the board (``games.boards.sarcophagus``) works out what each cell
shows and asks here for its drawing."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from django.template import engines
from django.utils.html import format_html
from django.utils.safestring import SafeString
from markupsafe import Markup

from sarco.drawing_language import gettext as _
from sarco.drawing_language import keeps_words
from scoring.faces import coin_face, per_language, suit_word, tile_face

from ..common import move_json
from .events import where


@keeps_words
@lru_cache(maxsize=4096)
def tile_button(
    words: str | None, pick: int, coin: int, row: int, index: int, suit: str | None, shown: str
) -> SafeString:
    """The button on a face-up tile that places the second coin (the hand's ``pick``, of
    suit ``shown``), in the language ``words``: worked out once, as the player to move has
    one for every coin on every face-up tile, some fifty a frame."""
    move: dict[str, Any] = {"coin": coin, "tile": [row, index]}  # the engine's legal move
    if suit is not None:
        move["suit"] = suit  # two players own two suits each
    label = _("Place your %(suit)s %(value)s here") % {"suit": suit_word(shown), "value": coin}
    return format_html(
        '<span class="sc-tile-move" data-pick="{}"><button type="submit" name="move"'
        ' value="{}" class="sc-here" data-focus-key="tile-{}-{}-{}"'
        ' data-focus-after="#table-status" aria-label="{}, {}">'
        '<span aria-hidden="true">{}</span></button></span>',
        pick,
        move_json(move),
        row,
        index,
        pick,
        label,
        where([row, index]),
        pyramid_words()["here"],
    )


class Look(NamedTuple):
    """What a pyramid cell shows, as the board works it out: hashable, so that a drawing of
    it can be kept."""

    row: int
    index: int
    present: bool
    face_up: str | None
    coins: tuple[tuple[str, int | None], ...]  # by suit and value, None where hidden
    sarcophagus: bool
    forced: bool


def cell_of(words: str | None, look: Look, moves: list[SafeString]) -> Markup:
    """The cell showing ``look`` drawn in the language ``words``, with ``moves`` (buttons)."""
    if moves:  # the player's own buttons: seldom the same twice
        return _drawn_cell(words, look, tuple(moves))
    return _cell(words, look)


@keeps_words
@lru_cache(maxsize=4096)  # a few hundred looks a language: tiles, coins and marks at each place
def _cell(words: str | None, look: Look) -> Markup:
    """A pyramid cell without moves, drawn once per language and look: a move changes one
    or two of the 21 cells, and drawing each cell's words, classes, tile and coins was most
    of drawing a pyramid."""
    return _drawn_cell(words, look, ())


def _drawn_cell(words: str | None, look: Look, moves: tuple[SafeString, ...]) -> Markup:
    """A pyramid cell drawn (``games/sarcophagus/_cell.html``) in the language ``words``."""
    place = where([look.row, look.index])
    flags = (
        (not look.present, " sc-gone"),
        (look.sarcophagus, " sc-over"),
        (look.forced, " sc-forced"),
        (moves, " sc-target"),
    )
    cell = {
        "key": f"{look.row}-{look.index}",
        "where": place,
        "present": look.present,
        "face": tile_face(look.face_up) if look.face_up else None,
        "coins": [coin_face(suit, value) for suit, value in look.coins],
        "sarcophagus": look.sarcophagus,
        "forced": look.forced,
        "moves": moves,
        "classes": "".join(name for flag, name in flags if flag),
        "gone_text": "" if look.present else _("%(where)s: gone") % {"where": place},
    }
    return _cell_macro()(cell, pyramid_words())


def _cell_macro():
    """The cell's macro, looked up for each cell drawn (a kept cell is not drawn again)."""
    return engines["jinja2"].env.get_template("games/sarcophagus/_cell.html").module.pyramid_cell


@per_language
def pyramid_words() -> dict[str, str]:
    """The pyramid's fixed words in the reader's language, looked up once."""
    return {
        "over": _("(over the sarcophagus)"),
        "forced": _("(the next first coin goes here)"),
        "coins": _("coins:"),
        "here": _("here"),
    }
