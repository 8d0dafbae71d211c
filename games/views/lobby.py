"""The lobby: tables waiting for players, tables to watch, the viewer's own, a create form."""

from __future__ import annotations

from functools import lru_cache

from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_POST, require_safe

from games.engines import GAME_NAMES
from sarco.catalog import GAMES
from sarco.drawing_language import keeps_words

from .. import tables
from ..forms import NewTableForm
from ..lobby import PACES, clean_pace, lobby_lists


def _page(request, forms: dict[str, NewTableForm] | None = None, status: int = 200):
    forms = forms or {}
    create = [
        {"info": info, "form": forms[info.slug]}
        if info.slug in forms
        else {"info": info, "fields": blank_fields(info.slug, get_language())}
        for info in GAMES
    ]
    pace = clean_pace(request.GET.get("pace", ""))
    context = {
        **lobby_lists(request.user, pace),
        "create": create,
        "open_form": next(iter(forms), ""),
        "paces": PACES.items(),
        "ws_url": f"/ws/play/lobby/?pace={pace}" if pace else "/ws/play/lobby/",
    }
    return render(request, "games/lobby.html", context, status=status)


@keeps_words
@lru_cache(maxsize=64)
def blank_fields(game: str, language: str | None) -> str:
    """A game's blank create form's fields, drawn once per game and language: the same for
    everyone (no value, no error, choices fixed with the code), and drawing the lobby's
    twenty widgets was two fifths of drawing the page. A refused form is drawn afresh."""
    return render_to_string("games/_create_fields.html", {"form": NewTableForm(game)})


@require_safe
def lobby(request):
    return _page(request)


@require_POST
@login_required
def create(request):
    game = request.POST.get("game", "")
    if game not in GAME_NAMES:
        return HttpResponseBadRequest("There is no such game.")
    form = NewTableForm(game, request.POST)
    if not form.is_valid():
        return _page(request, {game: form}, status=400)
    try:
        table = tables.open_table(game, request.user, **form.table_args())
    except tables.TableError as exc:
        form.add_error(None, exc.message)
        return _page(request, {game: form}, status=400)
    return redirect("play:table", public_id=table.public_id)
