"""The club's own figures: rated sessions, plays per month and game, the most active members.

Read from the rating events and the stored ratings like the player's statistics
(``stats``), and cached the same way: once per change of any game's ratings.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Case, Count, IntegerField, Max, Sum, Value, When
from django.utils import timezone

from scoring.models import PlaySession, Rating, RatingEvent, RatingLedger

from .stats import CACHE_SECONDS, MONTHS_CHARTED, MonthCount, club_time, ratings_version

ACTIVE_SHOWN = 10


@dataclass
class ActiveMember:
    player_id: int
    name: str
    plays: int
    wins: int
    last: dt.datetime
    rank: int = 0


@dataclass
class ClubStats:
    sessions: int
    months: list[MonthCount]  # charted, oldest first
    active: list[ActiveMember]


def _month_start(year: int, month: int) -> dt.datetime:
    """Midnight on the month's first day in the club's time zone."""
    return timezone.make_aware(dt.datetime(year, month, 1), timezone.get_default_timezone())


def _months_back(year: int, month: int, n: int) -> list[tuple[int, int]]:
    """The ``n`` months up to and including (year, month), oldest first."""
    index = year * 12 + month - 1 - (n - 1)
    return [((index + i) // 12, (index + i) % 12 + 1) for i in range(n)]


def club_months(limit: int = MONTHS_CHARTED) -> list[MonthCount]:
    """Rated sessions per month and game over the latest ``limit`` months up to the last
    game, oldest first. The months are bounded in Python and bucketed with
    plain comparisons: truncating each row's time to its local month would call a function
    per row (in Python, on SQLite), seconds at 100,000 sessions."""
    last = RatingLedger.objects.aggregate(last=Max("last_at"))["last"]
    if last is None:
        return []
    local = club_time(last)
    months = _months_back(local.year, local.month, limit)
    bounds = [_month_start(y, m) for y, m in months]
    bounds.append(_month_start(*_months_back(local.year, local.month + 1, 1)[0]))
    bucket = Case(
        *(When(at__lt=bound, then=Value(i)) for i, bound in enumerate(bounds[1:])),
        output_field=IntegerField(),
    )
    rows = (
        RatingEvent.objects.filter(at__gte=bounds[0], at__lt=bounds[-1])
        .annotate(bucket=bucket)
        .values("bucket", "game")
        .annotate(n=Count("session", distinct=True))
        .order_by()
    )
    out = [MonthCount(y, m) for y, m in months]
    for row in rows:
        entry = out[row["bucket"]]
        entry.plays += row["n"]
        entry.games[row["game"]] += row["n"]
    if RatingEvent.objects.filter(at__lt=bounds[0]).exists():
        return out
    first_played = next((i for i, m in enumerate(out) if m.plays), len(out))
    return out[first_played:]  # a younger club's chart starts at its first month


def most_active(limit: int = ACTIVE_SHOWN) -> list[ActiveMember]:
    """The members with the most rated plays, all games together, from the stored ratings
    (a row per player and game: the same counts as the events, without reading them)."""
    rows = (
        Rating.objects.filter(player__is_guest=False, player__is_bot=False)
        .values("player_id", "player__name")
        .annotate(plays=Sum("games"), wins=Sum("wins"), last=Max("last_played"))
        .order_by("-plays", "player__name")[:limit]
    )
    out = [
        ActiveMember(r["player_id"], r["player__name"], r["plays"], r["wins"], r["last"])
        for r in rows
    ]
    for i, member in enumerate(out):  # equal plays share a rank, as in the standings
        same = i and out[i - 1].plays == member.plays
        member.rank = out[i - 1].rank if same else i + 1
    return out


def compute_club_stats() -> ClubStats:
    return ClubStats(
        sessions=PlaySession.objects.rated().count(),
        months=club_months(),
        active=most_active(),
    )


def club_stats() -> ClubStats:
    """``compute_club_stats``, once per change of the ratings."""
    key = f"club-stats:{ratings_version()}"
    found = cache.get(key)
    if found is None:
        found = compute_club_stats()
        cache.set(key, found, CACHE_SECONDS)
    return found
