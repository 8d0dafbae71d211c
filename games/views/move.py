"""``play:move``: one move posted by a player (docs/contracts/tables-api.md).

POST ``version`` (the table version the page showed, ASCII digits) and ``move`` (one
``legal_moves`` dict as JSON). Applied: 200 with the table's fragments for the poster's
seat (every other viewer gets theirs over the socket). Refused: a 4xx whose body is the
message in plain text, and nothing changed: 403 logged out or no seat that may act now,
400 malformed or oversized, 409 stale version (a double click, a second tab), 422 illegal.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import recent_tables, rendering, tables
from ..models import Table

MAX_BODY = 4096  # bytes: a move is a few dozen
MAX_MOVE = 1024  # characters of move JSON
VERSION = re.compile(r"[0-9]{1,9}")  # ASCII digits only: no "²", no 5000-digit numbers
STATUS = {"stale": 409, "forbidden": 403, "illegal": 422}


def refusal(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _body_too_big(request) -> bool:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return True
    return length > MAX_BODY


def _version(request) -> int | None:
    raw = request.POST.get("version", "")
    return int(raw) if VERSION.fullmatch(raw) else None


def _move(request) -> dict[str, Any] | None:
    raw = request.POST.get("move", "")
    if not raw or len(raw) > MAX_MOVE:
        return None
    try:
        move = json.loads(raw)
    except (ValueError, RecursionError):  # bad JSON, 5000-digit numbers, deep nesting
        return None
    return move if isinstance(move, dict) else None


@require_POST
def move(request, public_id):
    if not request.user.is_authenticated:
        return refusal(_("Log in to play."), 403)
    if _body_too_big(request):
        return refusal(_("That request is far too big to be a move."), 400)
    version = _version(request)
    # The table as the page showed it, if this process holds it (no query): ``play`` reads it
    # again under the lock anyway.
    table = recent_tables.at(public_id.hex, version) if version is not None else None
    if table is None:
        table = get_object_or_404(Table, public_id=public_id)
    if version is None:
        return refusal(_("The move must say which version of the table it was made on."), 400)
    move = _move(request)
    if move is None:
        return refusal(_("That is not a move; pick one of the highlighted choices."), 400)
    try:
        table = tables.play(table, request.user, move, version)
    except tables.MoveRefused as exc:
        return refusal(exc.message, STATUS.get(exc.reason, 422))
    except Table.DoesNotExist:  # removed since the page was drawn
        raise Http404 from None
    recent_tables.remember(table)  # the other seats' sockets in this process render from it
    seat = rendering.viewer_seat(table, request.user)
    return HttpResponse(rendering.table_fragments(table, seat, user=request.user))
