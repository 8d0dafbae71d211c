"""Leaderboard pages: the overview, one game's standings (filters via htmx, shareable GET
links) and a player's page."""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe
from django_htmx.http import push_url

from scoring.models import Player

from . import players as player_data
from .charts import month_bars, monthly, rating_chart
from .csv_export import (
    STANDINGS_HEADER,
    TOP_HEADER,
    csv_response,
    standings_rows,
    top_rows,
    wants_csv,
)
from .filters import read_filter
from .standings import standings, top
from .stats import player_stats

GAMES = player_data.GAME_NAMES
PER_PAGE = 50
FRAGMENT_SECONDS = 3600
RIVALS_SHOWN = 20  # the most met; ?opponents=all shows every one


@require_safe
def index(request):
    boards = [{"game": g, "title": t, "rows": top(g, 5)} for g, t in GAMES.items()]
    if wants_csv(request):
        return csv_response(TOP_HEADER, top_rows(boards), "leaderboard")
    return render(request, "leaderboard/index.html", {"boards": boards})


@require_safe
def game(request, game: str):
    if game not in GAMES:
        raise Http404("There is no such game.")
    flt, form = read_filter(request.GET)
    rows = standings(game, flt)
    if wants_csv(request):  # every row the filters show, not just this page's 50
        return csv_response(STANDINGS_HEADER, standings_rows(rows), f"{game} standings")
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "game": game,
        "title": GAMES[game],
        "games": GAMES.items(),
        "flt": flt,
        "form": form,
        "page": page,
    }
    context["standings_html"] = _standings_html(request, context)
    if request.htmx and not request.htmx.boosted:
        response = render(request, "leaderboard/_standings_swap.html", context)
        query = "&".join(q for q in (flt.query, _page_param(request)) if q)
        return push_url(response, request.path + (f"?{query}" if query else ""))
    return render(request, "leaderboard/game.html", context)


def _standings_html(request, context) -> str:
    """The standings table, rendered once per distinct content: the key is a digest of
    everything the fragment shows (the page's rows, the filter, the pager, language and
    time zone), so it can never be stale; rendering 50 rows is most of a warm page's time."""
    if context["form"].errors:
        return render_to_string("leaderboard/_standings.html", context, request)
    page, flt = context["page"], context["flt"]
    shown = [tuple(vars(row).values()) for row in page.object_list]
    facts = (
        context["game"], shown, page.number, page.paginator.num_pages, flt.query,
        flt.describe(), translation.get_language(), timezone.get_current_timezone_name(),
    )  # fmt: skip
    key = "standings-html:" + hashlib.sha256(repr(facts).encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = render_to_string("leaderboard/_standings.html", context, request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return mark_safe(html)  # our own template's output, escaped when it was rendered


def _with_charts(records):
    for rec in records:
        rec.chart = rating_chart(rec.history)
        rec.months = monthly(rec.history)
        rec.history = []  # drawn; not kept in the cache
    return records


def _page_param(request) -> str:
    page = request.GET.get("page", "")
    return f"page={page}" if page.isdigit() and page.isascii() and page != "1" else ""


@require_safe
def player(request, key: str):
    try:
        person = player_data.find_player(key[:100])
    except Player.DoesNotExist:
        raise Http404("There is no such player.") from None
    records, rivals = player_data.cached_record(person, _with_charts)
    every = request.GET.get("opponents") == "all"
    context = {
        "person": person,
        "records": records,
        "recent": player_data.recent_sessions(person),
        "rivals": rivals if every else rivals[:RIVALS_SHOWN],
        "rivals_total": len(rivals),
        "rivals_cut": not every and len(rivals) > RIVALS_SHOWN,
    }
    context["stats"] = stats = player_stats(person)
    context["stats_chart"] = stats and month_bars(stats.months)
    return render(request, "leaderboard/player.html", context)
