"""A move as a person sends it, by ``play:move``'s POST or by a frame on the table's socket.

Both entries read the same two fields (``version``: the table's version the page showed, 1-9
ASCII digits; ``move``: one ``legal_moves`` dict as JSON text), check them the same way and
play through ``tables.play``; a refusal is a ``Refusal`` the caller shows with the table as it
now stands (``refusal_fragment``), so the page never keeps an old board with live buttons.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext as _

from . import tables
from .models import Table

MAX_MOVE = 1024  # characters of move JSON
VERSION = re.compile(r"[0-9]{1,9}")  # ASCII digits only: no "²", no 5000-digit numbers
STATUS = {"stale": 409, "forbidden": 403, "illegal": 422}
REFUSAL = (
    '<p id="move-error" class="message message-error move-error" role="alert" '
    'data-refusal="{}" hx-swap-oob="true">{}</p>'
)


@dataclass(frozen=True)
class Refusal:
    """Why a move was not played; nothing changed. ``reason`` is ``stale``, ``forbidden`` or
    ``illegal`` (what is not a move at all counts as illegal); ``status`` the HTTP answer's."""

    reason: str
    message: str
    status: int


def refused(reason: str, message: str, status: int | None = None) -> Refusal:
    return Refusal(reason, message, status or STATUS.get(reason, 422))


def parse_version(raw: Any) -> int | None:
    return int(raw) if isinstance(raw, str) and VERSION.fullmatch(raw) else None


def parse_move(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, str) or not raw or len(raw) > MAX_MOVE:
        return None
    try:
        move = json.loads(raw)
    except (ValueError, RecursionError):  # bad JSON, 5000-digit numbers, deep nesting
        return None
    return move if isinstance(move, dict) else None


def not_logged_in() -> Refusal:
    return refused("forbidden", _("Log in to play."))


def no_version() -> Refusal:
    return refused(
        "illegal", _("The move must say which version of the table it was made on."), 400
    )


def not_a_move() -> Refusal:
    return refused("illegal", _("That is not a move; pick one of the highlighted choices."), 400)


def too_big() -> Refusal:
    return refused("illegal", _("That request is far too big to be a move."), 400)


def fields(version_raw: Any, move_raw: Any) -> tuple[int, dict[str, Any]] | Refusal:
    """The version and the move dict, or why they are not a move."""
    version = parse_version(version_raw)
    if version is None:
        return no_version()
    move = parse_move(move_raw)
    if move is None:
        return not_a_move()
    return version, move


def frame_fields(text: str) -> tuple[Any, Any] | None:
    """A socket frame's ``version`` and ``move`` as htmx's ``ws-send`` sends a form (a JSON
    object of the form's fields, the clicked button's included); None if it is not one."""
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(frame, dict):
        return None
    return frame.get("version"), frame.get("move")


def play(table: Table, user, version: int, move: dict[str, Any]) -> Table | Refusal:
    """``tables.play``, its refusal as a ``Refusal`` (``Table.DoesNotExist`` passes through)."""
    try:
        return tables.play(table, user, move, version)
    except tables.MoveRefused as exc:
        return refused(exc.reason, exc.message)


def refusal_fragment(refusal: Refusal) -> str:
    """The refusal's words, swapped out of band into the page's ``#move-error``."""
    return format_html(REFUSAL, refusal.reason, refusal.message)
