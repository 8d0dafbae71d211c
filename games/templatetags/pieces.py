"""Cards, tiles and coins as tags, not includes: a board shows dozens of pieces a rendering,
and each include cost a context push and a template of its own (measured: bench/README.md).

A piece's markup is kept once drawn, keyed by everything it shows (its face's values, the
words in the reader's language among them): the same cards come back in every seat's board
and every version, and escaping each value afresh was most of a piece's cost."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from sarco.drawing_language import gettext as _

register = template.Library()

CARD = (
    '<span class="{}" data-card="{}"><span class="card-rank" aria-hidden="true">{}</span>'
    '<span class="card-suit" aria-hidden="true">{}</span>'
    '<span class="visually-hidden">{}</span></span>\n'
)
SARKOPHAG_CARD = (
    '<span class="card sk-card sk-heads-{}" data-card="{}">'
    '<span class="card-rank" aria-hidden="true">{}</span>'
    '<span class="sk-pips" aria-hidden="true">{}</span>'
    '<span class="visually-hidden">{}</span></span>\n'
)
TILE = (
    '<span class="sc-tile sc-{} sc-suit-{}" data-tile="{}">'
    '<span class="sc-value" aria-hidden="true">{}</span>'
    '<span class="sc-symbol" aria-hidden="true">{}</span>'
    '<span class="visually-hidden">{}</span></span>\n'
)
TILE_BACK = '<span class="sc-tile sc-back"><span class="visually-hidden">{}</span></span>\n'
COIN = (
    '<span class="sc-coin sc-coin-{}"{}><span aria-hidden="true">{}</span>'
    '<span class="visually-hidden">{}</span></span>\n'
)
CARD_BACK = mark_safe('<span class="card card-back" aria-hidden="true"></span>\n')
KEPT = 4096  # pieces' markup per tag: a deck's cards in a few languages, many times over


def kept(draw: Callable[[dict[str, Any]], SafeString]) -> Callable[[Any], SafeString]:
    """``draw`` once per distinct face (all its values), then its markup as drawn."""
    drawn: dict[tuple, SafeString] = {}

    @wraps(draw)
    def piece(face):
        if not face:
            return draw(face)
        key = tuple(face.items())
        try:
            return drawn[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key: drawn every time
            return draw(face)
        if len(drawn) >= KEPT:
            drawn.clear()
        drawn[key] = html = draw(face)
        return html

    return piece


@register.simple_tag
@kept
def card(face: dict[str, Any]) -> SafeString:
    """A face-up playing card (``scoring.faces.card_face``)."""
    classes = "card"
    if face.get("red"):
        classes += " card-red"
    if face.get("joker"):
        classes += " card-joker"
    return format_html(CARD, classes, face["card"], face["rank"], face["suit"], face["name"])


@register.simple_tag
def card_back() -> SafeString:
    """A face-down card: nothing of it is sent."""
    return CARD_BACK


@register.simple_tag
@kept
def sarkophag_card(face: dict[str, Any]) -> SafeString:
    """A Sarkophag card: its number and one pip per head it carries."""
    pips = mark_safe("<i></i>" * face["heads"]) if face["heads"] else mark_safe("<b>·</b>")
    return format_html(
        SARKOPHAG_CARD, face["heads"], face["card"], face["card"], pips, face["name"]
    )


@register.simple_tag
@kept
def tile(face: dict[str, Any] | None) -> SafeString:
    """A Sarcophagus tile: face up as ``games.boards.sarcophagus`` describes it, else its back."""
    if not face:
        return format_html(TILE_BACK, _("face down"))
    return format_html(
        TILE, face["kind"], face["suit"], face["tile"], face["text"], face["symbol"], face["name"]
    )


@register.simple_tag
@kept
def coin(face: dict[str, Any]) -> SafeString:
    """A Sarcophagus coin; its value shows only where the view holds it."""
    data = format_html(' data-coin="{}"', face["coin"]) if face.get("coin") else ""
    return format_html(COIN, face["suit"], data, face.get("text") or face["symbol"], face["name"])
