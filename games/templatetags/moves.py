"""A move's form as a tag: the board of the player to move holds one per legal move (a Sarg
hand of five over nine cells is dozens), and as template text each cost more than its button
(issue 16's profile).

The form goes on the table's socket (``ws-send``) while the page is live and by ``hx-post``
otherwise (static/js/play.js picks one per submit); without JavaScript it is a plain post."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

FORM = (
    '<form class="{}"{} method="post" action="{}" hx-post="{}" hx-swap="none" ws-send '
    'hx-sync="#table-board:drop" hx-disabled-elt="find button">\n'
    "{}"
    '<input type="hidden" name="version" value="{}">\n'
    '<input type="hidden" name="move" value="{}">\n'
    "{}</form>"
)


@register.simple_block_tag(takes_context=True)
def move_form(
    context: template.Context, content: SafeString, move_json: str, css_class: str, pick: Any = None
) -> SafeString:
    """One legal move, posted as exactly its JSON (``play:move``) at the version on show; the
    block is its button. ``pick`` names the hand piece the move plays, for the board scripts."""
    data_pick = format_html(' data-pick="{}"', pick) if pick is not None else ""
    url = context["urls"]["move"]
    version = context["version"]
    return format_html(
        FORM, css_class, data_pick, url, url, _csrf(context), version, move_json, content
    )


def _csrf(context: template.Context) -> str:
    """The page drawn for a request carries the token, for a post without JavaScript; the
    fragments (shared between renderings) do not: htmx sends it as a header."""
    token = context.get("csrf_token")
    if not token:
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">\n', token)
