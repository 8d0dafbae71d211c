"""The league pages (``leaderboard:league``, ``leaderboard:league-season``): per game, the
season's table, as a page, as CSV (``?format=csv``) and printable (``?view=print``, one page
per game)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
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
    template = "leaderboard/league_print.html" if printing else "leaderboard/league.html"
    return render(request, template, context)
