"""Standings of one game: stored ratings for the whole history, a cached replay over just
the filtered events otherwise. A bounded number of queries either way."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import groupby

from django.core.cache import cache
from django.db.models import Case, FloatField, OuterRef, Subquery, When

from scoring import ratings
from scoring.models import Player, Rating, RatingEvent, RatingLedger

from .filters import Filter

CACHE_SECONDS = 24 * 3600


@dataclass
class Row:
    player_id: int
    name: str
    is_guest: bool
    is_bot: bool
    mu: float
    sigma: float
    games: int
    wins: int
    last_played: dt.datetime | None
    trend: float | None  # ordinal change over the 30 days before the period's end
    rank: int = 0

    @property
    def ordinal(self) -> float:
        return ratings.ordinal(self.mu, self.sigma)

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _shown(rows: list[Row], flt: Filter) -> list[Row]:
    """Filter by minimum games and kind of player, order by ordinal and rank (ties share,
    by the one decimal that is shown)."""
    rows = [
        r
        for r in rows
        if r.games >= max(flt.min_games, 1) and (flt.everyone or not (r.is_guest or r.is_bot))
    ]
    rows.sort(key=lambda r: (-r.ordinal, -r.games, r.name.casefold()))
    previous, rank = None, 0
    for i, row in enumerate(rows, start=1):
        shown = round(row.ordinal, 1)
        if shown != previous:
            rank, previous = i, shown
        row.rank = rank
    return rows


def standings(game: str, flt: Filter) -> list[Row]:
    rows = _stored(game, flt) if flt.whole_history else _replayed(game, flt)
    return _shown(rows, flt)


def _stored(game: str, flt: Filter, limit: int | None = None) -> list[Row]:
    """The stored ratings, with each player's ordinal before the trend window in one query."""
    before = RatingEvent.objects.filter(
        player=OuterRef("player"), game=game, at__lt=flt.trend_from
    ).order_by("-at", "-session_id")
    qs = (
        Rating.objects.filter(game=game, games__gte=max(flt.min_games, 1))
        .annotate(  # only players active in the window have a trend: skip the rest
            before=Case(
                When(last_played__gte=flt.trend_from, then=Subquery(before.values("ordinal")[:1])),
                default=None,
                output_field=FloatField(),
            )
        )
        .order_by("-ordinal")
    )
    if not flt.everyone:
        qs = qs.filter(player__is_guest=False, player__is_bot=False)
    if limit:
        qs = qs[:limit]
    columns = ("player_id", "player__name", "player__is_guest", "player__is_bot", "mu", "sigma")
    columns += ("games", "wins", "last_played", "ordinal", "before")
    return [
        Row(*values[:9], _trend(values[9], values[10], values[8], flt))
        for values in qs.values_list(*columns)
    ]


def _trend(now: float, before: float | None, last: dt.datetime | None, flt: Filter):
    if last is None or last < flt.trend_from:
        return None  # not played in the window
    return now - (before if before is not None else ratings.Standing().ordinal)


def top(game: str, n: int = 3) -> list[Row]:
    """The best ``n`` members of all time (the home page, the overview)."""
    return _shown(_stored(game, Filter(), limit=n), Filter())


# --- filtered: a replay over just the filtered events, cached per ratings generation ---------


def _generation(game: str) -> int:
    return RatingLedger.objects.filter(game=game).values_list("generation", flat=True).first() or 0


def _replayed(game: str, flt: Filter) -> list[Row]:
    key = ":".join(
        str(part)
        for part in (
            "standings",
            game,
            _generation(game),
            flt.start and flt.start.timestamp(),
            flt.end and flt.end.timestamp(),
            flt.mode,
            int(flt.trend_from.timestamp() // 3600),
        )
    )
    states = cache.get(key)
    if states is None:
        states = _replay_filtered(game, flt)
        cache.set(key, states, CACHE_SECONDS)
    players = Player.objects.in_bulk(list(states))
    return [
        Row(
            pid,
            players[pid].name,
            players[pid].is_guest,
            players[pid].is_bot,
            s.mu,
            s.sigma,
            s.games,
            s.wins,
            s.last_played,
            _trend(s.ordinal, before, s.last_played, flt),
        )
        for pid, (s, before) in states.items()
        if pid in players
    ]


def filtered_events(game: str, flt: Filter):
    qs = RatingEvent.objects.filter(game=game)
    if flt.start:
        qs = qs.filter(at__gte=flt.start)
    if flt.end:
        qs = qs.filter(at__lt=flt.end)
    if flt.mode != "both":
        qs = qs.filter(mode=flt.mode)
    return qs


def _replay_filtered(game: str, flt: Filter) -> dict[int, tuple[ratings.Standing, float | None]]:
    """Each player's standing after replaying the filtered events from scratch, with their
    ordinal when the trend window opened."""
    rows = (
        filtered_events(game, flt)
        .order_by("at", "session_id", "position")
        .values_list("session_id", "at", "mode", "player_id", "position", "place", "score")
        .iterator(chunk_size=5000)
    )
    standings: dict[int, ratings.Standing] = {}
    before: dict[int, float] | None = None
    for (session_id, at, mode), seats in groupby(rows, key=lambda r: r[:3]):
        if before is None and at >= flt.trend_from:
            before = {pid: s.ordinal for pid, s in standings.items()}
        seats = tuple(ratings.SeatResult(r[3], r[4], r[5], r[6]) for r in seats)
        ratings.advance(standings, ratings.Event(session_id, at, mode, seats))
    if before is None:
        before = {pid: s.ordinal for pid, s in standings.items()}
    return {pid: (s, before.get(pid)) for pid, s in standings.items()}
