"""The league pages (``leaderboard:league``, ``leaderboard:league-season``): per game, the
season's table, as a page, as CSV (``?format=csv``) and printable (``?view=print``, one page
per game)."""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from scoring.models import Season

from .csv_export import LEAGUE_HEADER, csv_response, league_rows, wants_csv
from .league import current_season, fixed_points, league


@require_safe
def current(request):
    """The season containing today, else the latest one."""
    return _page(request, current_season(), current=True)


@require_safe
def season(request, season_id: int):
    found = Season.objects.filter(pk=season_id).first() if season_id < 2**63 else None
    if found is None:
        raise Http404("There is no such season.")
    return _page(request, found)


def _page(request, chosen: Season | None, *, current: bool = False):
    everyone = request.GET.get("everyone") == "on"
    tables = league(chosen, everyone=everyone) if chosen else []
    if wants_csv(request) and chosen is not None:
        return csv_response(LEAGUE_HEADER, league_rows(chosen, tables), f"league {chosen.name}")
    printing = request.GET.get("view") == "print"
    context = {
        "season": chosen,
        "seasons": Season.objects.order_by("-start")[:50],
        "tables": tables,
        "everyone": everyone,
        "current": current,
        "fixed": fixed_points(chosen) if chosen else (),
        "query": "everyone=on" if everyone else "",
    }
    if chosen is not None:
        fragment = "_league_pages.html" if printing else "_league_tables.html"
        fragment = "leaderboard/" + fragment
        context["tables_html"] = _tables_html(request, fragment, context)
    template = "leaderboard/league_print.html" if printing else "leaderboard/league.html"
    return render(request, template, context)


FRAGMENT_SECONDS = 3600


def _tables_html(request, template: str, context: dict) -> str:
    """The season's tables, rendered once per distinct content: the key is a digest of
    everything they show (every row, the season's rules, language and time zone), so it is
    never stale. Rendering a season's few thousand rows is most of a warm page's time."""
    season = context["season"]
    facts = (
        template,
        season.pk, season.name, season.start, season.end, season.scheme, season.fixed_points,
        season.min_games, context["everyone"],
        [(t.game, [tuple(vars(r).values()) for r in t.rows]) for t in context["tables"]],
        translation.get_language(), timezone.get_current_timezone_name(),
    )  # fmt: skip
    key = "league-html:" + hashlib.sha256(repr(facts).encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, context, request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return mark_safe(html)  # our own template's output, escaped when it was rendered
