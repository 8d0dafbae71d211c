"""A group of moves as one form: the board of the player to move offers every legal move (a
Sarg hand of five over nine cells is dozens), and a form apiece was two thirds of a seat's
rendering and most of its bytes. One form per group holds the version on show; each of its
buttons carries one move (``name="move"``, the ``legal_moves`` dict as JSON), which the
browser, htmx and a plain POST without script alike send with the button pressed.

The form goes on the table's socket (``ws-send``) while the page is live and by ``hx-post``
otherwise (static/js/play.js picks one per submit); without JavaScript it is a plain post."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

# Every move form's attributes, here only: the boards' templates never write their own.
FORM = (
    '<form class="{}" method="post" action="{}" hx-post="{}" hx-swap="none" ws-send '
    'hx-sync="#table-board:drop" hx-disabled-elt="find button">\n'
    "{}"
    '<input type="hidden" name="version" value="{}">\n'
    "{}</form>"
)


@register.simple_block_tag(takes_context=True)
def move_form(
    context: template.Context, content: SafeString, css_class: str, when: bool = True
) -> SafeString:
    """The block inside one move form posting to ``play:move`` at the version on show; its
    buttons are the moves (``name="move" value="{{ json }}"``). With ``when`` false (the
    viewer has no move) the block is drawn bare, so a board writes its markup once."""
    if not when:
        return content
    return form(content, css_class, context["urls"]["move"], context["version"], context)


def form(content: Any, css_class: str, url: str, version: int, context: Mapping) -> SafeString:
    """The move form around ``content`` (markup); Jinja2's boards call it too (games.jinja)."""
    return format_html(FORM, css_class, url, url, _csrf(context), version, content)


def _csrf(context: Mapping) -> str:
    """The page drawn for a request carries the token, for a post without JavaScript; the
    fragments (shared between renderings) do not: htmx sends it as a header."""
    token = context.get("csrf_token")
    if not token:
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">\n', token)
