"""One player's record: per game rating, history, results and records; recent sessions;
head-to-head. Each part is one query over stored rows, however long the history."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Avg, Count, F, Max, Min, OuterRef, Q, Subquery
from django.shortcuts import get_object_or_404
from django.utils.text import slugify

from games.engines.registry import specs
from sarco.engine_text import lazy_say
from scoring.models import (
    Player,
    PlaySession,
    Rating,
    RatingEvent,
    RatingLedger,
    Seat,
    SeatRecord,
)
from scoring.replays import replay_reference, session_url

GAME_NAMES = dict(PlaySession.GAME_CHOICES)
UNITS = {spec.slug: lazy_say(spec.unit) for spec in specs()}
LOWER_IS_BETTER = {spec.slug for spec in specs() if spec.lower_wins}  # heads are bad
# Each game's records, by its spec: a SeatRecord column and whether the least is the record.
RECORDS = {spec.slug: spec.records for spec in specs()}


def find_player(key: str) -> Player:
    """A player by id (``17``) or by the slug of their name (``anna-b``)."""
    if key.isdigit() and key.isascii():
        return get_object_or_404(Player, pk=int(key))
    if "\x00" in key:  # no name holds one, and PostgreSQL refuses it in a query
        raise Player.DoesNotExist
    name = key.replace("-", " ")
    player = Player.objects.named(name).first()
    if player is None:
        candidates = Player.objects.filter(name__icontains=key.split("-")[0][:40])
        player = next((p for p in candidates if slugify(p.name) == key), None)
    if player is None:
        raise Player.DoesNotExist
    return player


@dataclass
class Point:
    at: dt.datetime
    mu: float
    sigma: float
    ordinal: float


@dataclass
class GameRecord:
    game: str
    rating: Rating | None = None
    games: int = 0
    wins: int = 0
    average_place: float | None = None
    average_score: float | None = None
    best_score: int | None = None
    records: list[tuple[str, int]] = field(default_factory=list)
    history: list[Point] = field(default_factory=list)

    @property
    def title(self) -> str:
        return GAME_NAMES[self.game]

    @property
    def unit(self) -> str:
        return UNITS[self.game]

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0


def game_records(player: Player) -> list[GameRecord]:
    """The games the player has rated sessions in, in the club's game order."""
    out = {game: GameRecord(game) for game in GAME_NAMES}
    for rating in Rating.objects.filter(player=player):
        out[rating.game].rating = rating
    stats = (
        RatingEvent.objects.filter(player=player)
        .values("game")
        .annotate(
            n=Count("id"),
            w=Count("id", filter=Q(place=1)),
            mean_place=Avg("place"),
            mean_score=Avg("score"),
            high=Max("score"),
            low=Min("score"),
        )
    )
    for row in stats:
        rec = out[row["game"]]
        rec.games, rec.wins = row["n"], row["w"]
        rec.average_place, rec.average_score = row["mean_place"], row["mean_score"]
        rec.best_score = row["low"] if rec.game in LOWER_IS_BETTER else row["high"]
    _add_records(player, out)
    for at, game, mu, sigma, ordinal in (
        RatingEvent.objects.filter(player=player)
        .order_by("at", "session_id")
        .values_list("at", "game", "mu", "sigma", "ordinal")
    ):
        out[game].history.append(Point(at, mu, sigma, ordinal))
    return [rec for rec in out.values() if rec.games]


def _add_records(player: Player, out: dict[str, GameRecord]) -> None:
    counted = SeatRecord.objects.filter(
        player=player, session__status=PlaySession.Status.FINISHED, session__voided_at=None
    )
    columns = {record.field: record.lowest for records in RECORDS.values() for record in records}
    best = {name: (Min if lowest else Max)(name) for name, lowest in columns.items()}
    for row in counted.values("game").annotate(**best):
        rec = out[row["game"]]
        rec.records += [(lazy_say(r.label), row[r.field]) for r in RECORDS.get(rec.game, ())]
    for rec in out.values():
        rec.records = [(label, value) for label, value in rec.records if value is not None]
    # a game without records of its own (Sarcophagus: the most fame) shows its best score


def recent_sessions(player: Player, n: int = 10):
    """The player's latest finished sessions (voided ones marked), newest first, in one
    query. ``seat.url`` is where the session can be looked at again (a replay, if the session
    has one, ``seat.replay``; else its score sheet); ``seat.unit`` names the score's unit."""
    seats = list(
        Seat.objects.filter(player=player, session__status=PlaySession.Status.FINISHED)
        .select_related("session")
        .annotate(replay=replay_reference("session"))
        .order_by(F("session__finished_at").desc(nulls_last=True), "-session_id")[:n]
    )
    for seat in seats:
        seat.unit = UNITS[seat.session.game]
        seat.url = session_url(seat.replay, seat.session.public_id)
    return seats


@dataclass
class HeadToHead:
    player_id: int
    name: str
    together: int
    higher: int  # the page's player placed higher
    lower: int
    level: int


def head_to_head(player: Player) -> list[HeadToHead]:
    """Every opponent in rated sessions: games together, who placed higher, most met first."""
    mine = RatingEvent.objects.filter(session=OuterRef("session"), player=player)
    rows = (
        RatingEvent.objects.filter(session__rating_events__player=player)
        .exclude(player=player)
        .annotate(my_place=Subquery(mine.values("place")[:1]))
        .values("player_id", "player__name")
        .annotate(
            together=Count("id"),
            higher=Count("id", filter=Q(my_place__lt=F("place"))),
            lower=Count("id", filter=Q(my_place__gt=F("place"))),
        )
        .order_by("-together", "player__name")
    )
    return [
        HeadToHead(
            r["player_id"],
            r["player__name"],
            r["together"],
            r["higher"],
            r["lower"],
            r["together"] - r["higher"] - r["lower"],
        )
        for r in rows
    ]


CACHE_SECONDS = 600  # also bounds how long a renamed opponent keeps the old name here


def cached_record(player: Player, finish=lambda records: records):
    """``(game_records, head_to_head)`` of ``player``, computed once per change of any
    game's ratings (``finish`` adds what the page draws from the records, e.g. charts)."""
    ledger = RatingLedger.objects.order_by("game").values_list("game", "generation")
    key = f"player-record:{player.pk}:" + ",".join(f"{g}{n}" for g, n in ledger)
    found = cache.get(key)
    if found is None:
        found = (finish(game_records(player)), head_to_head(player))
        cache.set(key, found, CACHE_SECONDS)
    return found
