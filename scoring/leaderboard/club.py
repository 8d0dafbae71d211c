"""The club's own page: plays per month, the most played game of each month and the most
active members (figures in ``club_stats``)."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_safe

from .charts import month_bars
from .club_stats import club_stats


@require_safe
def club(request):
    stats = club_stats()
    context = {"stats": stats, "chart": month_bars(stats.months)}
    return render(request, "leaderboard/club.html", context)
