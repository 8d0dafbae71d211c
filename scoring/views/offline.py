"""What a phone sends when the network is back: entries and sheets it kept while offline.

Every answer is JSON for static/js/offline-outbox.js, never cached (``no-store``), and says plainly
what happened, so the phone keeps every entry the server did not take. Each entry carries the
phone's own key; the service (``scoring.sheets.apply_edit``) applies a key once, so an
entry sent twice, or again after its answer was lost, counts once.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import Http404, JsonResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from games.engines import get_engine
from games.engines.registry import spec_of
from sarco.catalog import GAMES_BY_SLUG

from .. import sheets
from ..entry import ENTRIES
from ..entry.form import entry_context, posted_number
from ..models import Player, PlaySession, Seat
from ..numbers import form_int
from ..sheets import EditRefused, StaleEdit
from .sheets import MAX_LIMIT, MAX_ROUNDS, _picked, number_options, posted_key

NOTHING_SAVED = gettext_lazy("Nothing was saved.")


def _answer(status: str, message: str, code: int = 200, **more) -> JsonResponse:
    return JsonResponse({"status": status, "message": message, **more}, status=code)


@never_cache
@require_safe
def fresh_token(request) -> JsonResponse:
    """A CSRF token for the phone to send its kept entries with: the one in a page it
    loaded offline may be stale (Django rotates it at login)."""
    return JsonResponse({"token": get_token(request), "user": request.user.is_authenticated})


@never_cache
@require_POST
def sync_entry(request, public_id) -> JsonResponse:
    """One entry kept on the phone: the entry form's fields as they were when saved."""
    session = PlaySession.objects.filter(public_id=public_id).first()
    if session is None:
        return _answer(
            "missing",
            _("This sheet no longer exists (deleted on another device). Your entry stays here."),
            404,
        )
    if not session.can_edit(request.user):
        return _answer(
            "forbidden",
            _("You may not edit this sheet (logged out?). Log in again; your entry stays here."),
            403,
        )
    key = posted_key(request.POST)
    if key is None:
        return _answer("refused", _("The entry has no key, so it was not saved."), 400)
    already = sheets.applied_edit(session, key)
    if already is not None:
        return _applied(already)
    number = form_int(request.POST.get("round"), MAX_ROUNDS)
    context = entry_context(request, session, number=number, post=request.POST)
    if context["draft_entry"] is None:
        message = context["error"]["message"] or _("The entry is incomplete.")
        return _answer("refused", f"{message} {NOTHING_SAVED}", 422)
    op = "end" if session.game in sheets.END_GAMES else ("replace" if number else "add")
    try:
        outcome = sheets.apply_edit(
            session.public_id,
            request.user,
            op,
            entry=context["draft_entry"],
            number=number if op == "replace" else posted_number(request.POST, "adding"),
            seen_version=posted_number(request.POST, "seen"),
            key=key,
        )
    except StaleEdit as exc:
        return _answer("conflict", _conflict_message(exc, op, request.POST), 409)
    except EditRefused as exc:
        return _answer("refused", f"{exc.message} {NOTHING_SAVED}", 422)
    return _applied(outcome)


def _applied(outcome: sheets.Outcome) -> JsonResponse:
    return _answer(
        "applied",
        outcome.message,
        already=bool(outcome.extra.get("already")),
        version=outcome.session.version,
    )


def _conflict_message(exc: StaleEdit, op: str, post) -> str:
    """Another phone saved this round meanwhile: say so, and that the entry is kept."""
    adding = posted_number(post, "adding")
    if op == "add" and adding:
        said = _(
            "Round %(number)s was saved on another phone meanwhile, so yours was not saved."
        ) % {"number": adding}
    else:
        said = exc.message
    kept = _("Your entry stays here: use it again or discard it.")
    return f"{said} {kept}"


@never_cache
@require_POST
def sync_new_sheet(request, game) -> JsonResponse:
    """A sheet started on the phone while offline, with the id the phone gave it: created
    once; sent again it answers with the same sheet."""
    info = GAMES_BY_SLUG.get(game)
    public_id = posted_key({"key": request.POST.get("public_id", "")})
    if info is None or public_id is None:
        return _answer(
            "refused", _("This sheet cannot be started: its game or id is unknown."), 400
        )
    if not request.user.is_authenticated:
        return _answer("forbidden", _("Log in again; your sheet stays on this phone."), 403)
    existing = _existing(public_id, request.user)
    if existing is not None:
        return existing
    chosen, guests = _picked(request)
    options = {}
    for option in number_options(game):
        value = form_int(request.POST.get(option.name, ""), MAX_LIMIT)
        if value is not None:
            options[option.name] = value
    try:
        session = sheets.start_session(
            game,
            request.user,
            chosen,
            guests,
            options,
            swap=request.POST.get("swap") == "on",
            public_id=public_id,
        )
    except EditRefused as exc:
        return _answer("refused", f"{exc.message} {NOTHING_SAVED}", 422)
    except IntegrityError:  # the same sheet sent twice at once: the other request made it
        return _existing(public_id, request.user) or _answer(
            "refused", _("This sheet's id is taken."), 409
        )
    return _answer("applied", _("Sheet started."), url=reverse("sheet", args=[session.public_id]))


def _existing(public_id: uuid.UUID, user) -> JsonResponse | None:
    """The answer when a sheet with this id exists: the phone's own (sent before), or a
    refusal (an id is accepted once, from the person who made it)."""
    session = PlaySession.objects.filter(public_id=public_id).first()
    if session is None:
        return None
    if session.created_by_id != user.pk:
        return _answer("refused", _("This sheet's id is taken."), 409)
    return _answer(
        "applied",
        _("Sheet started."),
        already=True,
        url=reverse("sheet", args=[session.public_id]),
    )


# A seat's name in a form drawn before the players are known; the phone writes theirs in.
PLACEHOLDER = "SEAT%dPLAYER"


@login_required
@never_cache
@require_safe
def offline_entry_form(request, game: str, seats: int):
    """The first entry form of a game (``?mode=``: in that mode) for ``seats`` players named
    by placeholders: the phone keeps it, and draws it for a sheet it starts without a
    network with the names of the players ticked. Nothing is stored."""
    if game not in ENTRIES:
        raise Http404
    engine = get_engine(game)
    if not engine.min_players <= seats <= engine.max_players:
        raise Http404
    session = PlaySession(game=game, public_id=uuid.UUID(int=0), version=0)
    roles = spec_of(game).roles  # the first seats take them, as start_session gives them
    table = [
        Seat(
            session=session,
            player=Player(name=PLACEHOLDER % i),
            position=i,
            role=roles[i] if i < len(roles) else "",
        )
        for i in range(seats)
    ]
    mode = request.GET.get("mode", "")
    post = QueryDict(mutable=True) if mode else None
    if post is not None:
        post["mode"] = mode  # the game's module takes only its own modes
    context = entry_context(request, session, seats=table, rounds=[], post=post)
    return render(request, "scoring/_entry.html", context)
