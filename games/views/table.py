"""A table's page and the buttons around the game: join, leave, start, cancel, bots, rematch.

Every write goes through ``games.tables``. An htmx request gets the table's fragments back
(the socket sends them to everybody else), a plain form post a redirect to the table; a
refusal is a 4xx with the service's message for htmx, a message on the page otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from .. import presence, since_looked, tables
from ..models import Table
from ..rendering import fragments_key, shown_token, table_context, table_fragments, viewer_seat

MAX_POSITION_DIGITS = 2


def _table(public_id) -> Table:
    return get_object_or_404(Table.objects.with_seats(), public_id=public_id)


@require_safe
def table(request, public_id):
    table = _table(public_id)
    seat = viewer_seat(table, request.user)
    looked = since_looked.looked_version(table, seat)  # as read, before this visit counts
    if seat is not None:
        presence.mark_seen(table.public_id, request.user)  # a page without its socket counts
    context = table_context(table, seat, user=request.user)
    since_looked.mark(context, table, looked)
    shown = shown_token(fragments_key(table, seat, request.user))
    context["ws_url"] += f"?shown={shown}"  # its socket sends no frame while the page is current
    context["invite_url"] = request.build_absolute_uri(context["urls"]["table"])
    return render(request, "games/table.html", context)


def _position(request) -> int | None:
    """The posted seat position, or None when it is not a small plain number."""
    raw = request.POST.get("position", "")
    if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_POSITION_DIGITS:
        return None
    return int(raw)


def _act(request, public_id, action: Callable[[Table], object], done: str = ""):
    """Run one service call for the logged-in user; answer htmx and plain posts alike."""
    table = _table(public_id)
    if not request.user.is_authenticated:
        if request.htmx:
            return _plain(_("Log in to sit at a table."), 403)
        return redirect_to_login(table_url(table))
    try:
        result = action(table)
    except tables.TableError as exc:
        if request.htmx:
            return _plain(exc.message, 409)
        messages.error(request, exc.message)
        return redirect(table_url(table))
    target = result if isinstance(result, Table) and result.pk != table.pk else table
    if request.htmx and target.pk != table.pk:
        return HttpResponseClientRedirect(table_url(target))  # a rematch: off to the new table
    if request.htmx:
        table = _table(public_id)
        seat = viewer_seat(table, request.user)
        return HttpResponse(table_fragments(table, seat, user=request.user))
    if done:
        messages.success(request, done)
    return redirect(table_url(target))


def _plain(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def table_url(table: Table) -> str:
    return reverse("play:table", args=[table.public_id])


@require_POST
def join(request, public_id):
    return _act(request, public_id, lambda t: tables.take_seat(t, request.user))


@require_POST
def leave(request, public_id):
    return _act(request, public_id, lambda t: tables.leave_seat(t, request.user))


@require_POST
def start(request, public_id):
    return _act(request, public_id, lambda t: tables.start(t, request.user))


@require_POST
def cancel(request, public_id):
    return _act(request, public_id, lambda t: tables.cancel(t, request.user))


@require_POST
def seat_bot(request, public_id):
    def action(t: Table):
        if t.host_id != request.user.pk:
            raise tables.TableError(_("Only the host seats bots."))
        return tables.seat_bot(t, _seat(request), request.POST.get("level", ""))

    return _act(request, public_id, action)


@require_POST
def hand_to_bot(request, public_id):
    return _act(request, public_id, lambda t: tables.hand_to_bot(t, _seat(request), request.user))


@require_POST
def take_back(request, public_id):
    return _act(request, public_id, lambda t: tables.take_back(t, _seat(request), request.user))


@require_POST
def rematch(request, public_id):
    return _act(request, public_id, lambda t: tables.rematch(t, request.user))


def _seat(request) -> int:
    position = _position(request)
    if position is None:
        raise tables.TableError(_("Which seat? The form sent no seat number."))
    return position
