"""The league: per season and game, the table a club posts on the wall (games, wins, points
per place by the season's scheme, average place), beside the ratings.

Read from the stored rating events (one row per seat of every finished, not voided session;
their ``at`` is the session's ``finished_at``, which lies on its played date), so voided
sessions are out and online and tabletop games count alike. The computed tables are cached
per season rules and ratings generation: any finished, corrected, voided or redated
session changes the generation, so the cache is never stale.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from itertools import groupby

from django.core.cache import cache
from django.db.models import Q

from scoring.models import Player, RatingEvent, RatingLedger, Season, club_today

from .players import GAME_NAMES
from .points import PointsRefused, parse_fixed, table_places, table_points

CACHE_SECONDS = 24 * 3600


@dataclass
class LeagueRow:
    player_id: int
    name: str = ""
    is_guest: bool = False
    is_bot: bool = False
    games: int = 0
    wins: int = 0
    points: float = 0.0
    place_sum: float = 0.0
    rank: int | None = None  # None: fewer games than the season's minimum

    @property
    def average_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0

    @property
    def ranked(self) -> bool:
        return self.rank is not None


@dataclass
class GameTable:
    game: str
    title: str
    rows: list[LeagueRow] = field(default_factory=list)

    @property
    def ranked(self) -> list[LeagueRow]:
        return [r for r in self.rows if r.ranked]

    @property
    def unranked(self) -> list[LeagueRow]:
        return [r for r in self.rows if not r.ranked]


def current_season() -> Season | None:
    """The season containing today (the club's day), else the latest one."""
    today = club_today()
    return Season.objects.containing(today).first() or Season.objects.order_by("-end").first()


def fixed_points(season: Season) -> tuple[float, ...]:
    """The season's fixed list; an unreadable one (typed past the admin) counts as none."""
    try:
        return parse_fixed(season.fixed_points)
    except PointsRefused:
        return ()


def league(season: Season, *, everyone: bool = False) -> list[GameTable]:
    """Every game's table for ``season``; bots only with ``everyone``."""
    totals = _cached_totals(season)
    ids = {pid for rows in totals.values() for pid in rows}
    people = Player.objects.in_bulk(list(ids)) if ids else {}
    tables = []
    for game, title in GAME_NAMES.items():
        rows = []
        for pid, (games, wins, points, place_sum) in totals.get(game, {}).items():
            person = people.get(pid)
            if person is None or (person.is_bot and not everyone):
                continue
            rows.append(
                LeagueRow(
                    pid, person.name, person.is_guest, person.is_bot, games, wins, points, place_sum
                )
            )
        tables.append(GameTable(game, title, ranked(rows, season.min_games)))
    return tables


def ranked(rows: list[LeagueRow], min_games: int) -> list[LeagueRow]:
    """Most points first, ties broken by wins (equal both: the same rank); players below
    the minimum of games come after, unranked, by the same order."""
    order = lambda r: (-round(r.points, 6), -r.wins, r.average_place, r.name.casefold())  # noqa: E731
    rows = sorted(rows, key=order)
    qualified = [r for r in rows if r.games >= max(min_games, 1)]
    previous, rank = None, 0
    for i, row in enumerate(qualified, start=1):
        key = (round(row.points, 6), row.wins)
        if key != previous:
            rank, previous = i, key
        row.rank = rank
    return qualified + [r for r in rows if r.games < max(min_games, 1)]


# --- totals, cached ------------------------------------------------------------------------------

Totals = dict[str, dict[int, tuple[int, int, float, float]]]


def _generations() -> tuple:
    return tuple(sorted(RatingLedger.objects.values_list("game", "generation")))


def _cached_totals(season: Season) -> Totals:
    facts = (season.pk, season.start, season.end, season.scheme, season.fixed_points)
    key = "league:" + hashlib.sha256(repr((*facts, _generations())).encode()).hexdigest()
    totals = cache.get(key)
    if totals is None:
        totals = season_totals(season)
        cache.set(key, totals, CACHE_SECONDS)
    return totals


def season_totals(season: Season) -> Totals:
    """Per game and player: games, wins, points and the sum of places, over the season's
    rated sessions, in one query."""
    first, after = season.bounds()
    rows = (
        RatingEvent.objects.filter(Q(at__gte=first) & Q(at__lt=after))
        .order_by("session_id", "position")
        .values_list("session_id", "game", "player_id", "place")
        .iterator(chunk_size=5000)
    )
    scheme, fixed = season.scheme, fixed_points(season)
    totals: Totals = {}
    for (_session, game), seats in groupby(rows, key=lambda r: r[:2]):
        seats = list(seats)
        places = [r[3] for r in seats]
        table = totals.setdefault(game, {})
        ranks = table_places(places)
        points = table_points(scheme, places, fixed)
        for (_s, _g, pid, _p), rank, got in zip(seats, ranks, points, strict=True):
            games, wins, total, place_sum = table.get(pid, (0, 0, 0.0, 0.0))
            table[pid] = (games + 1, wins + (rank == 1), total + got, place_sum + rank)
    return totals
