"""``play:move``: one move posted by a player (docs/contracts/tables-api.md).

POST ``version`` (the table version the page showed, ASCII digits) and ``move`` (one
``legal_moves`` dict as JSON), checked by ``games.move_input`` as the table's socket checks
a move frame. Applied: 200 with the table's fragments for the poster's seat (every other
viewer gets theirs over the socket). Refused: a 4xx whose body is the message in an element
with ``data-refusal`` (swapped into ``#move-error``) and the table's fragments as it now
stands, and nothing changed: 403 logged out or no seat that may act now, 400 malformed or
oversized, 409 stale version (a double click, a second tab), 422 illegal.

A plain form post (no JavaScript: no ``HX-Request``, an ``Accept`` of ``text/html``) is
answered with a redirect back to the table's page, a refusal's words then shown there as a
message.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from .. import move_input, recent_tables, rendering
from ..models import Table

MAX_BODY = 4096  # bytes: a move is a few dozen


def _body_too_big(request) -> bool:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return True
    return length > MAX_BODY


def _current(public_id) -> Table | None:
    return Table.objects.with_seats().filter(public_id=public_id).first()


def _plain_form_post(request) -> bool:
    """A browser's own form post (no JavaScript): it asks for a page, htmx does not."""
    return not request.headers.get("HX-Request") and "text/html" in request.headers.get(
        "Accept", ""
    )


def _back(public_id) -> HttpResponse:
    """To the table's page, fetched anew (303: a GET whatever the browser)."""
    response = redirect("play:table", public_id=public_id)
    response.status_code = 303
    return response


def refusal(request, public_id, refused: move_input.Refusal) -> HttpResponse:
    """The refusal with the table as it stands (read again: nothing changed, but the page may
    show an older version), or back to the table's page for a plain form post."""
    table = _current(public_id)
    if _plain_form_post(request):
        if table is None:
            raise Http404
        messages.error(request, refused.message)
        return _back(public_id)
    html = move_input.refusal_fragment(refused)
    if table is not None:
        user = request.user
        html += rendering.table_fragments(table, rendering.viewer_seat(table, user), user=user)
    return HttpResponse(html, status=refused.status)


@require_POST
def move(request, public_id):
    if not request.user.is_authenticated:
        return refusal(request, public_id, move_input.not_logged_in())
    if _body_too_big(request):
        return refusal(request, public_id, move_input.too_big())
    version = move_input.parse_version(request.POST.get("version", ""))
    # The table as the page showed it, if this process holds it (no query): ``play`` reads it
    # again under the lock anyway.
    table = recent_tables.at(public_id.hex, version) if version is not None else None
    if table is None:
        table = get_object_or_404(Table, public_id=public_id)
    checked = move_input.fields(request.POST.get("version", ""), request.POST.get("move", ""))
    if isinstance(checked, move_input.Refusal):
        return refusal(request, public_id, checked)
    version, move = checked
    try:
        played = move_input.play(table, request.user, version, move)
    except Table.DoesNotExist:  # removed since the page was drawn
        raise Http404 from None
    if isinstance(played, move_input.Refusal):
        return refusal(request, public_id, played)
    recent_tables.remember(played)  # the other seats' sockets in this process render from it
    if _plain_form_post(request):
        return _back(public_id)
    seat = rendering.viewer_seat(played, request.user)
    return HttpResponse(rendering.table_fragments(played, seat, user=request.user))
