"""What happened at a night: the tables still playing, and the results of the games
finished (games played, winners, the biggest scores, who gained most rating)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Q

from games.engines.registry import specs
from games.models import Table
from scoring.models import PlaySession, RatingEvent, Seat

from .models import Night

TOP = 5
LIVE = (Table.Status.OPEN, Table.Status.PLAYING)
# heads: a big number there is a bad night, not a feat
FEWER_IS_BETTER = {spec.slug for spec in specs() if spec.lower_wins}
NEWCOMER_ORDINAL = 0.0  # mu 25 - 3 * sigma 25/3: the ordinal before a player's first game


@dataclass
class Gain:
    player_id: int
    name: str
    game: str
    gain: float


@dataclass
class NightResults:
    playing: list[PlaySession] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)  # online, not over yet
    finished: list[PlaySession] = field(default_factory=list)
    games: list[tuple[str, int]] = field(default_factory=list)  # (game label, how many)
    winners: list[tuple[PlaySession, list[str]]] = field(default_factory=list)
    by_game: list[tuple[str, list[PlaySession]]] = field(default_factory=list)  # printing
    top_scores: list[Seat] = field(default_factory=list)
    gains: list[Gain] = field(default_factory=list)


def _sessions(night: Night):
    linked = Q(night_link__night=night) | Q(tables__night_link__night=night)
    return (
        PlaySession.objects.filter(linked, voided_at__isnull=True)
        .distinct()
        .prefetch_related("seats__player")
        .order_by("created_at", "id")
    )


def results_of(night: Night) -> NightResults:
    sessions = list(_sessions(night))
    results = NightResults(
        playing=[s for s in sessions if not s.is_finished],
        finished=[s for s in sessions if s.is_finished],
        tables=list(
            Table.objects.filter(night_link__night=night, status__in=LIVE).order_by("created_at")
        ),
    )
    labels = dict(PlaySession.GAME_CHOICES)
    counts = Counter(s.game for s in results.finished)
    results.games = [(labels.get(game, game), n) for game, n in counts.most_common()]
    results.by_game = [
        (labels.get(game, game), [s for s in results.finished if s.game == game])
        for game, _n in counts.most_common()
    ]
    results.winners = [
        (s, [seat.player.name for seat in s.seats.all() if seat.place == 1])
        for s in results.finished
    ]
    seats = [
        seat
        for s in results.finished
        if s.game not in FEWER_IS_BETTER
        for seat in s.seats.all()
        if seat.score is not None
    ]
    results.top_scores = sorted(seats, key=lambda seat: -seat.score)[:TOP]
    results.gains = _gains([s.pk for s in results.finished])
    return results


def _gains(session_ids: list[int]) -> list[Gain]:
    """Per player and game: the ordinal after the night's last game minus the ordinal before
    its first, from scoring's rating events. The biggest gains first."""
    events = RatingEvent.objects.filter(session_id__in=session_ids).select_related("player")
    first: dict[tuple[int, str], RatingEvent] = {}
    last: dict[tuple[int, str], RatingEvent] = {}
    for event in events.order_by("at", "session_id"):
        key = (event.player_id, event.game)
        first.setdefault(key, event)
        last[key] = event
    gains = []
    for key, event in first.items():
        before = (
            RatingEvent.objects.filter(player_id=event.player_id, game=event.game)
            .filter(Q(at__lt=event.at) | Q(at=event.at, session_id__lt=event.session_id))
            .order_by("-at", "-session_id")
            .values_list("ordinal", flat=True)
            .first()
        )
        start = NEWCOMER_ORDINAL if before is None else before
        gains.append(Gain(key[0], event.player.name, event.game, last[key].ordinal - start))
    gains.sort(key=lambda g: -g.gain)
    return [g for g in gains if g.gain > 0][:TOP]
