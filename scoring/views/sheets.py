"""The scorekeeper: start a sheet, enter rounds live, watch it on any phone, results.

Small function views; htmx requests get partial templates, others the whole page, so every
form also works without JavaScript. Every score comes from ``scoring.calculators``.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import reswap, retarget

from games.engines.registry import Option, spec_of
from sarco.catalog import GAMES, GAMES_BY_SLUG
from sarco.engine_text import say

from .. import sheets, stored_sheets
from ..entry import entry_of
from ..entry.form import MAX_VERSION, entry_context, posted_number
from ..models import Player, PlaySession
from ..numbers import form_int, form_ints
from ..played import LOCATION_LENGTH, DetailsForm, club_locations, details_form_for, tidy_line
from ..players import name_key, tidy_name
from ..sheets import EditRefused, StaleEdit
from ..signals import sheet_started
from .sheet_context import sheet_context
from .undone import forget_undone, remember_undone, undone_for

MAX_SEARCH = 12
MINE_PER_PAGE = 10
NOT_SHOWN = gettext_lazy(
    "The players picked are not the ones this page showed (after the Back button, or a page "
    "the browser restored). Check the seats below, then start again."
)
MAX_ROUNDS = 10_000  # more rounds than any sheet has; a bound for ``?round=``
MAX_ORIGIN = 40
MAX_LIMIT = 10_000  # a number option (Sarkophag's head limit) as typed on the new-sheet form
ENTRY = "scoring/_entry.html"
ENTRY_CLOSED = "scoring/_entry_closed.html"


def _session(public_id) -> PlaySession:
    return get_object_or_404(PlaySession, public_id=public_id)


def forbidden(request, session: PlaySession | None = None) -> HttpResponse:
    return render(request, "scoring/forbidden.html", {"session": session}, status=403)


# --- landing, new sheet -----------------------------------------------------------------------


@require_safe
def scorekeeper(request):
    mine = None
    if request.user.is_authenticated:
        sheets_in_progress = (
            PlaySession.objects.in_progress().editable_by(request.user).newest_first()
        )
        mine = Paginator(sheets_in_progress.with_seats(), MINE_PER_PAGE).get_page(
            request.GET.get("page")
        )
    return render(request, "scoring/scorekeeper.html", {"games": GAMES, "mine": mine})


def _picked(request) -> tuple[list[Player], list[str]]:
    """The players ticked on the new-sheet form, in the order ticked, and new guest names."""
    data = request.POST if request.method == "POST" else request.GET
    ids = form_ints(data.getlist("players"))
    by_id = Player.objects.in_bulk(ids)
    chosen = [by_id[i] for i in dict.fromkeys(ids) if i in by_id]
    guests = []
    for raw in [*data.getlist("guests"), data.get("new_guest", "")]:
        name = tidy_name(raw)
        if not name:
            continue
        known = Player.objects.named(name).first()
        if known is not None:
            if known not in chosen:
                chosen.append(known)
        elif name_key(name) not in {name_key(g) for g in guests}:
            guests.append(name)
    return chosen, guests


def _picker_context(request, game, clear_search: bool = False) -> dict:
    chosen, guests = _picked(request)
    data = request.POST if request.method == "POST" else request.GET
    query = "" if clear_search else tidy_name(data.get("q", ""))  # 40 characters, as a name
    matches = Player.objects.pickable().exclude(pk__in=[p.pk for p in chosen])
    matches = matches.search(query) if query else matches.members()
    seats = [{"id": p.pk, "name": p.name, "guest": p.is_guest} for p in chosen]
    seats += [{"id": None, "name": name, "guest": True} for name in guests]
    swap = data.get("swap") == "on"
    labels = entry_of(game.slug).SEAT_LABELS
    for seat, label in zip(seats, labels[::-1] if swap else labels, strict=False):
        seat["role"] = label
    shown = [f"p{s['id']}" if s["id"] else f"g{name_key(s['name'])}" for s in seats]
    return {
        "game": game,
        "seats": seats,
        "matches": list(matches[:MAX_SEARCH]),
        "q": query,
        "swap": swap,
        "seat_labels": labels,
        "shown": "|".join(["swap" if swap else "", *shown]),
    }


@login_required
@require_safe
def player_picker(request, game):
    """The seats and the search results, redrawn on every tick. A tick (not typing in the
    search) also clears the search and the form's last refusal, both stale by now."""
    game = GAMES_BY_SLUG.get(game) or _no_game()
    picked = bool(request.htmx) and request.htmx.trigger != "player-search"
    context = _picker_context(request, game, clear_search=picked)
    context["picked"] = picked
    return render(request, "scoring/_player_picker.html", context)


def _origin(request) -> str:
    """Where the new-sheet page was opened from (``?origin=``, kept through the form)."""
    data = request.POST if request.method == "POST" else request.GET
    origin = data.get("origin", "")
    return origin[:MAX_ORIGIN] if origin.isascii() and origin.isprintable() else ""


def _no_game():
    raise Http404(_("No such game."))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_sheet(request, game):
    game = GAMES_BY_SLUG.get(game) or _no_game()
    context = _picker_context(request, game)
    context["limit"] = request.POST.get("limit", "")
    context["origin"] = _origin(request)
    details = DetailsForm(
        request.POST if request.method == "POST" else None,
        initial={"location": tidy_line(request.GET.get("location", ""), LOCATION_LENGTH)},
    )
    context.update(details_form=details, locations=club_locations())
    if request.method == "POST" and request.POST.get("action") == "start":
        chosen, guests = _picked(request)
        options = {}
        error = None
        if not details.is_valid():
            field, errors = next(iter(details.errors.items()))
            error = EditRefused(errors[0], field)
        for option in number_options(game.slug):
            typed = request.POST.get(option.name, "")
            if typed.strip():
                value = form_int(typed, MAX_LIMIT)
                if value is not None:
                    options[option.name] = value
                else:
                    error = EditRefused(say(option.not_a_number or option.label), option.name)
        shown = request.POST.get("shown")  # the seats as the page showed them
        if error is None and shown is not None and shown != context["shown"]:
            error = EditRefused(NOT_SHOWN, "players")  # Back button, or a restored form
        if error is None:
            try:
                session = sheets.start_session(
                    game.slug,
                    request.user,
                    chosen,
                    guests,
                    options,
                    swap=context["swap"],
                    details=details.cleaned_data,
                )
            except EditRefused as exc:
                error = exc
            else:
                sheet_started.send(
                    PlaySession, session=session, user=request.user, origin=context["origin"]
                )
                messages.success(request, _("Sheet started. Share its link so others can watch."))
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
    number = form_int(request.GET.get("round"), MAX_ROUNDS)
    context = sheet_context(request, session, number=number)
    if context["can_edit"]:
        context.update(details_form=details_form_for(session), locations=club_locations())
    return render(request, "scoring/sheet.html", context)


NO_VERSION = gettext_lazy(
    "Your page did not say which state of the sheet it showed, so nothing was changed. "
    "Here is the sheet as it is now."
)


def _seen(request) -> int | None:
    """The sheet version the page was drawn at; None when missing or unreadable."""
    return form_int(request.POST.get("seen"), MAX_VERSION)


def _unseen_refusal() -> StaleEdit:
    """Every page posts ``seen``; an edit without a readable one cannot be checked against
    what the person saw, so it is refused like a stale one (only imports and scripts, which
    call the service, edit without it)."""
    return StaleEdit(str(NO_VERSION))


def _body(request, session, message, *, level="success", error=None, number=None):
    """After an action: the htmx sheet body with an inline note, or a redirect."""
    if request.htmx:
        context = sheet_context(request, session, number=number)
        context.update(note=message, note_level=level, refresh_head=True)
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
    number = form_int(data.get("round"), MAX_ROUNDS)
    if request.method != "POST":
        if request.htmx:  # no next round once the game is over: a closed form instead
            context = sheet_context(request, session, number=number)
            shown = context.get("shows_entry")
            return render(request, ENTRY if shown else ENTRY_CLOSED, context)
        return redirect(f"{reverse('sheet', args=[public_id])}?round={number or ''}")
    context = entry_context(request, session, number=number, post=request.POST)
    if request.POST.get("action") == "save" and context["draft_entry"] is not None:
        if _seen(request) is None:
            return _refreshed(request, public_id, number, _unseen_refusal())
        op = "end" if session.game in sheets.END_GAMES else ("replace" if number else "add")
        try:
            outcome = sheets.apply_edit(
                session.public_id,
                request.user,
                op,
                entry=context["draft_entry"],
                number=number if op == "replace" else posted_number(request.POST, "adding") or None,
                seen_version=_seen(request),
                key=posted_key(request.POST),
            )
        except StaleEdit as exc:
            return _refreshed(request, public_id, number, exc)
        except EditRefused as exc:
            context = entry_context(request, session, number=number, post=request.POST, refusal=exc)
        else:
            message = outcome.message
            if outcome.extra.get("game_over"):
                message += " " + _("The game is over: check the sheet and tap Finish to record it.")
            return _body(request, outcome.session, message)
    elif request.POST.get("action") == "save":
        context["error"]["message"] += " " + _("Nothing was saved.")
    if request.htmx:
        return render(request, "scoring/_entry.html", context)
    page = sheet_context(request, session, number=number)
    page.update(context)
    return render(request, "scoring/sheet.html", page, status=200)


def _refreshed(request, public_id, number: int | None, refusal: StaleEdit) -> HttpResponse:
    """The sheet as it is now, its form opened afresh with why nothing was saved."""
    session = _session(public_id)
    context = sheet_context(request, session, number=number, refusal=refusal)
    if not context.get("shows_entry"):
        context.update(note=refusal.message, note_level="error")  # no form to say it
    if request.htmx:
        response = render(request, "scoring/_sheet_body.html", context)
        return reswap(retarget(response, "#sheet-body"), "outerHTML")
    return render(request, "scoring/sheet.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_sheet(request, public_id):
    """Abandon a sheet in progress: a confirmation page, then the sheet is deleted."""
    session = PlaySession.objects.filter(public_id=public_id).first()
    if session is None and request.method == "POST":  # deleted meanwhile, or a second tap
        messages.info(request, _("That sheet is already deleted."))
        return redirect("scorekeeper")
    session = session or _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    error = None
    if request.method == "POST":
        try:
            sheets.abandon(session.public_id, request.user)
        except EditRefused as exc:
            error = exc.message
        else:
            messages.success(request, _("The sheet was deleted."))
            return redirect("scorekeeper")
    context = {"session": session, "seats": stored_sheets.seats_of(session), "error": error}
    context["round_count"] = session.rounds.count()
    return render(request, "scoring/delete_sheet.html", context)


def _action(request, public_id, op, done_level="success", done=None):
    """Undo or finish; ``done(request, outcome)`` runs once it is applied."""
    session = _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    seen = _seen(request)
    if seen is None:
        return _body(request, session, _unseen_refusal().message, level="error")
    try:
        outcome = sheets.apply_edit(session.public_id, request.user, op, seen_version=seen)
    except EditRefused as exc:
        return _body(request, _session(public_id), exc.message, level="error")
    if done is not None:
        done(request, outcome)
    return _body(request, outcome.session, outcome.message, level=done_level)


@require_POST
def swap(request, public_id):
    """Exchange the two seats before the first entry (Sacrifice's decks, Sarg's roles)."""
    session = _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    seen = _seen(request)
    if seen is None:
        return _body(request, session, _unseen_refusal().message, level="error")
    try:
        outcome = sheets.swap_seats(session.public_id, request.user, seen)
    except EditRefused as exc:
        return _body(request, _session(public_id), exc.message, level="error")
    return _body(request, outcome.session, outcome.message)


@require_POST
def undo(request, public_id):
    """Remove the last entry (the page asks first: ``undo_confirm``); this browser may then
    restore it."""
    return _action(request, public_id, "undo", done=_remember_undone)


def _remember_undone(request, outcome) -> None:
    if outcome.extra.get("undone"):
        remember_undone(request, outcome.session, outcome.extra["undone"])


@require_safe
def undo_confirm(request, public_id):
    """The question before an undo, naming the entry it removes: in place of the sheet's
    actions (htmx), or as a page of its own."""
    session = _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    context = sheet_context(request, session)
    if session.is_finished or not context["has_rounds"]:
        message = (
            _("This game is finished; its sheet can no longer be changed.")
            if session.is_finished
            else _("There is nothing to undo yet.")
        )
        return _body(request, session, message, level="error")
    last = context["table"][-1]
    context.update(
        undo_number=last["number"],
        undo_credits=[
            {"name": name, "credited": cell["credited"]}
            for name, cell in zip(context["names"], last["cells"], strict=True)
        ],
        changed=form_int(request.GET.get("seen")) != session.version,
        page=not request.htmx,
    )
    template = "scoring/_undo_confirm.html" if request.htmx else "scoring/undo_confirm.html"
    return render(request, template, context)


@require_POST
def restore(request, public_id):
    """Put back the entry this browser just undid, exactly, unless the sheet moved on."""
    session = _session(public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    undone = undone_for(request, session)
    seen = _seen(request)
    try:
        if undone is None or seen != undone["version"]:
            raise StaleEdit(
                _(
                    "The sheet changed after the undo (on another device), so nothing was "
                    "restored. Here it is now; enter the round again if it is still needed."
                )
            )
        outcome = sheets.apply_edit(
            session.public_id,
            request.user,
            "restore",
            entry=undone["entry"],
            number=undone["number"],
            seen_version=seen,
        )
    except EditRefused as exc:  # the record stays: it is offered only at its own version
        return _body(request, _session(public_id), exc.message, level="error")
    forget_undone(request)
    return _body(request, outcome.session, outcome.message)


@require_POST
def finish(request, public_id):
    return _action(request, public_id, "finish")


# --- results ---------------------------------------------------------------------------------


@require_safe
def results(request):
    game = request.GET.get("game", "")
    if game not in GAMES_BY_SLUG:
        game = ""
    # voided sessions are kept but are no results: their sheets say so, this list leaves them out
    sessions = PlaySession.objects.rated().for_game(game).newest_first().with_seats()
    page = Paginator(sessions, 20).get_page(request.GET.get("page"))
    return render(request, "scoring/results.html", {"page": page, "games": GAMES, "game": game})


def posted_key(post) -> uuid.UUID | None:
    """The phone's own key for an entry (static/js/offline-entry.js adds it to the form), or None
    when missing or not a UUID: the service applies a key once."""
    try:
        return uuid.UUID(str(post.get("key", "")))
    except ValueError:
        return None


def valid_uuid(value) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


def number_options(game: str) -> list[Option]:
    """The game's options a sheet's form takes as a typed whole number (a head limit)."""
    return [option for option in spec_of(game).options if option.kind is int]
