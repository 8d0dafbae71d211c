"""The scorekeeper: start a sheet, enter rounds live, watch it on any phone, results.

Small function views; htmx requests get partial templates, others the whole page, so every
form also works without JavaScript. Every score comes from ``scoring.calculators``.
"""

from __future__ import annotations

import json
import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import reswap, retarget

from games.catalog import GAMES, GAMES_BY_SLUG

from .. import sheets
from ..models import Player, PlaySession
from ..players import tidy_name
from ..sheets import EditRefused
from .sheet_context import entry_context, sheet_context

MAX_SEARCH = 12


def _session(public_id) -> PlaySession:
    return get_object_or_404(PlaySession, public_id=public_id)


def forbidden(request, session: PlaySession | None = None) -> HttpResponse:
    return render(request, "scoring/forbidden.html", {"session": session}, status=403)


# --- landing, new sheet -----------------------------------------------------------------------


@require_safe
def scorekeeper(request):
    mine = (
        PlaySession.objects.in_progress().editable_by(request.user).with_seats()[:10]
        if request.user.is_authenticated
        else []
    )
    return render(request, "scoring/scorekeeper.html", {"games": GAMES, "mine": mine})


def _picked(request) -> tuple[list[Player], list[str]]:
    """The players ticked on the new-sheet form, in the order ticked, and new guest names."""
    data = request.POST if request.method == "POST" else request.GET
    ids = [int(v) for v in data.getlist("players") if v.isdigit()]
    by_id = Player.objects.in_bulk(ids)
    chosen = [by_id[i] for i in dict.fromkeys(ids) if i in by_id]
    guests = []
    for raw in [*data.getlist("guests"), data.get("new_guest", "")]:
        name = tidy_name(raw)
        if not name:
            continue
        known = Player.objects.filter(name__iexact=name).first()
        if known is not None:
            if known not in chosen:
                chosen.append(known)
        elif name.casefold() not in {g.casefold() for g in guests}:
            guests.append(name)
    return chosen, guests


def _picker_context(request, game) -> dict:
    chosen, guests = _picked(request)
    data = request.POST if request.method == "POST" else request.GET
    query = data.get("q", "").strip()
    matches = Player.objects.exclude(pk__in=[p.pk for p in chosen])
    matches = matches.search(query) if query else matches.members()
    seats = [{"id": p.pk, "name": p.name, "guest": p.is_guest} for p in chosen]
    seats += [{"id": None, "name": name, "guest": True} for name in guests]
    if game.slug == "sarg":
        swap = data.get("swap") == "on"
        for i, seat in enumerate(seats[:2]):
            seat["role"] = (
                ("King (columns)" if i == 0 else "Queen (rows)")
                if swap
                else ("Queen (rows)" if i == 0 else "King (columns)")
            )
    return {
        "game": game,
        "seats": seats,
        "matches": list(matches[:MAX_SEARCH]),
        "q": query,
        "swap": data.get("swap") == "on",
    }


@login_required
@require_safe
def player_picker(request, game):
    game = GAMES_BY_SLUG.get(game) or _no_game()
    return render(request, "scoring/_player_picker.html", _picker_context(request, game))


def _no_game():
    raise Http404("No such game.")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_sheet(request, game):
    game = GAMES_BY_SLUG.get(game) or _no_game()
    context = _picker_context(request, game)
    context["limit"] = request.POST.get("limit", "")
    if request.method == "POST" and request.POST.get("action") == "start":
        chosen, guests = _picked(request)
        players = chosen + [sheets.player_named(name) for name in guests]
        options, roles = {}, {}
        error = None
        if game.slug == "sarkophag" and context["limit"].strip():
            limit = context["limit"].strip()
            if limit.isdigit():
                options["limit"] = int(limit)
            else:
                error = EditRefused("The head limit must be a whole number of heads.", "limit")
        if game.slug == "sarg" and len(players) == 2:
            queen, king = players if not context["swap"] else players[::-1]
            roles = {"queen": queen.name, "king": king.name}
        if error is None:
            try:
                session = sheets.create_session(game.slug, request.user, players, options, roles)
            except EditRefused as exc:
                error = exc
            else:
                messages.success(request, "Sheet started. Share its link so others can watch.")
                url = reverse("sheet", args=[session.public_id])
                if request.htmx:
                    response = HttpResponse(status=204)
                    response["HX-Redirect"] = url
                    return response
                return redirect(url)
        context["error"] = error
    template = "scoring/_new_form.html" if request.htmx else "scoring/new_sheet.html"
    return render(request, template, context)


# --- the sheet --------------------------------------------------------------------------------


@require_safe
def sheet(request, public_id):
    session = _session(public_id)
    number = request.GET.get("round")
    number = int(number) if number and number.isdigit() else None
    return render(request, "scoring/sheet.html", sheet_context(request, session, number=number))


def _seen(request) -> int | None:
    value = request.POST.get("seen", "")
    return int(value) if value.isdigit() else None


def _body(request, session, message, *, level="success", error=None, number=None):
    """After an action: the htmx sheet body with an inline note, or a redirect."""
    if request.htmx:
        context = sheet_context(request, session, number=number)
        context.update(note=message, note_level=level)
        response = render(request, "scoring/_sheet_body.html", context)
        return reswap(retarget(response, "#sheet-body"), "outerHTML")
    getattr(messages, level)(request, message)
    url = reverse("sheet", args=[session.public_id])
    return redirect(f"{url}?round={number}" if number else url)


@require_http_methods(["GET", "HEAD", "POST"])
def entry(request, public_id):
    """GET: the entry form (``?round=N`` to change round N). POST: a tap (the draft comes
    back, computed) or ``action=save`` (the entry is saved, or refused with its reason)."""
    session = _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    data = request.POST if request.method == "POST" else request.GET
    number = data.get("round", "")
    number = int(number) if number.isdigit() else None
    if request.method != "POST":
        context = entry_context(request, session, number=number)
        if request.htmx:
            return render(request, "scoring/_entry.html", context)
        return redirect(f"{reverse('sheet', args=[public_id])}?round={number or ''}")
    context = entry_context(request, session, number=number, post=request.POST)
    if request.POST.get("action") == "save" and context["draft_entry"] is not None:
        op = "end" if session.game in sheets.END_GAMES else ("replace" if number else "add")
        try:
            outcome = sheets.apply_edit(
                session.public_id,
                request.user,
                op,
                entry=context["draft_entry"],
                number=number,
                seen_version=_seen(request),
            )
        except EditRefused as exc:
            context = entry_context(request, session, number=number, post=request.POST, refusal=exc)
        else:
            message = outcome.message
            if outcome.extra.get("game_over"):
                message += " The game is over: check the sheet and tap Finish to record it."
            return _body(request, outcome.session, message)
    elif request.POST.get("action") == "save":
        context["error"]["message"] += " Nothing was saved."
    if request.htmx:
        return render(request, "scoring/_entry.html", context)
    page = sheet_context(request, session, number=number)
    page.update(context)
    return render(request, "scoring/sheet.html", page, status=200)


def _action(request, public_id, op, done_level="success"):
    session = _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    try:
        outcome = sheets.apply_edit(
            session.public_id, request.user, op, seen_version=_seen(request)
        )
    except EditRefused as exc:
        return _body(request, session, exc.message, level="error")
    return _body(request, outcome.session, outcome.message, level=done_level)


@require_POST
def undo(request, public_id):
    return _action(request, public_id, "undo")


@require_POST
def finish(request, public_id):
    return _action(request, public_id, "finish")


@require_safe
def export(request, public_id):
    session = _session(public_id)
    response = JsonResponse(sheets.export_sheet(session), json_dumps_params={"indent": 2})
    stamp = session.created_at.strftime("%Y-%m-%d")
    response["Content-Disposition"] = (
        f'attachment; filename="{session.game}-{stamp}-{session.public_id.hex[:8]}.json"'
    )
    return response


# --- import, results --------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_sheet(request):
    error = None
    text = ""
    if request.method == "POST":
        upload = request.FILES.get("file")
        text = upload.read().decode("utf-8", "replace") if upload else request.POST.get("json", "")
        try:
            data = json.loads(text)
        except ValueError as exc:
            error = f"This is not valid JSON: {exc}."
        else:
            try:
                session = sheets.import_sheet(data, request.user)
            except EditRefused as exc:
                where = f" (at {exc.field})" if exc.field else ""
                error = f"{exc.message}{where} Nothing was imported."
            else:
                messages.success(request, "Sheet imported.")
                return redirect("sheet", public_id=session.public_id)
    return render(request, "scoring/import.html", {"error": error, "text": text})


@require_safe
def results(request):
    game = request.GET.get("game", "")
    if game not in GAMES_BY_SLUG:
        game = ""
    sessions = PlaySession.objects.finished().for_game(game).newest_first().with_seats()
    page = Paginator(sessions, 20).get_page(request.GET.get("page"))
    return render(request, "scoring/results.html", {"page": page, "games": GAMES, "game": game})


def valid_uuid(value) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True
