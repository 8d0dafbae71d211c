"""OpenSkill ratings per player and game, equal to a full replay (docs/contracts/ratings-api.md).

Every finished, not voided session is one rating event: each seat a one-player team in seat
order, ranked by its place (equal places tie), events applied in ``(finished_at, id)``
order with ``PlackettLuce()``'s defaults; a player who left an online game ranks last
(``leavers_last``). ``session_changed`` is the one write path after a
session finished, was corrected, voided or restored: when the session is the game's newest
event it is applied on top (a few rows); otherwise the game is replayed from that session
on, writing only the rows whose values differ, so the result always equals a full replay.
``replay`` is that replay (``manage.py rerate`` calls it from the start).
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby

from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery
from openskill.models import PlackettLuce

from .bulk_rows import ANALYZE_AFTER, analyze, insert_rows, paused_gc
from .models import Player, PlaySession, Rating, RatingEvent, RatingLedger, Seat
from .records import record_session

MODEL = PlackettLuce()
GAMES = tuple(game for game, _ in PlaySession.GAME_CHOICES)
BATCH = 2000
FEW_ROWS = 6  # a session's seats at most: written one UPDATE each (``_save_standings``)
STANDING_FIELDS = ["mu", "sigma", "ordinal", "games", "wins", "last_played"]
LEDGER_FIELDS = ["last_at", "last_session_id", "generation"]
EVENT_SEAT_VALUES = ("player_id", "position", "place", "score", "left")  # a seat's, for its event
Key = tuple[dt.datetime, int]


@dataclass
class Standing:
    """A player's rating state in one game (what a Rating row stores)."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0
    last_played: dt.datetime | None = None

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class SeatResult:
    player_id: int
    position: int
    place: int
    score: int | None


@dataclass(frozen=True)
class Event:
    """One rated session, as read for a replay."""

    session_id: int
    at: dt.datetime
    mode: str
    seats: tuple[SeatResult, ...]

    @property
    def key(self) -> Key:
        return (self.at, self.session_id)


def leavers_last(places: list[int], left: list[bool]) -> list[int]:
    """The places a rating event ranks by: a player who left an online game (ran out of time
    too often; a bot finished it) comes after everyone who stayed, several leavers tie last,
    and those who stayed keep their order among themselves (ties too)."""
    if not any(left):
        return list(places)
    stayed = [p for p, gone in zip(places, left, strict=True) if not gone]
    last = len(stayed) + 1
    return [
        last if gone else 1 + sum(other < place for other in stayed)
        for place, gone in zip(places, left, strict=True)
    ]


def ordinal(mu: float, sigma: float) -> float:
    """The number shown: a cautious estimate, ``mu - 3 sigma``."""
    return mu - 3 * sigma


# --- the rating step (pure) --------------------------------------------------------------------


def advance(standings: dict[int, Standing], event: Event) -> list[Standing]:
    """Apply one event to ``standings`` (in place); the seats' standings, in seat order."""
    seats = event.seats
    before = [standings.setdefault(s.player_id, Standing()) for s in seats]
    teams = [[MODEL.rating(mu=b.mu, sigma=b.sigma)] for b in before]
    after = MODEL.rate(teams, ranks=[s.place for s in seats])
    for seat, standing, (new,) in zip(seats, before, after, strict=True):
        standing.mu, standing.sigma = new.mu, new.sigma
        standing.games += 1
        standing.wins += seat.place == 1
        standing.last_played = event.at
    return before


def rate(standings: dict[int, Standing], event: Event) -> list[RatingEvent]:
    """Apply one event to ``standings`` (in place); the RatingEvent rows it produces."""
    seats = event.seats
    return [
        RatingEvent(
            player_id=seat.player_id,
            session_id=event.session_id,
            at=event.at,
            mode=event.mode,
            position=seat.position,
            place=seat.place,
            score=seat.score,
            opponents=len(seats) - 1,
            mu=standing.mu,
            sigma=standing.sigma,
            ordinal=standing.ordinal,
        )
        for seat, standing in zip(seats, advance(standings, event), strict=True)
    ]


def replay_events(
    events: Iterable[Event], standings: dict[int, Standing] | None = None
) -> dict[int, Standing]:
    """Standings after ``events`` (in the order given), starting from ``standings``."""
    standings = {} if standings is None else standings
    for event in events:
        advance(standings, event)
    return standings


# --- reading events ------------------------------------------------------------------------------


def _after(key: Key | None, at: str = "finished_at", id_: str = "id") -> Q:
    """Rows at or after ``key`` in event order."""
    if key is None:
        return Q()
    return Q(**{f"{at}__gt": key[0]}) | Q(**{at: key[0], f"{id_}__gte": key[1]})


def _before(key: Key, at: str, id_: str) -> Q:
    return ~_after(key, at, id_)


def events_of(game: str, since: Key | None = None, *, sessions=None) -> Iterator[Event]:
    """Rated sessions of ``game`` from ``since`` on, in event order, read in one query."""
    sessions = PlaySession.objects.rated() if sessions is None else sessions
    sessions = sessions.filter(game=game).filter(_after(since))
    rows = (
        Seat.objects.filter(session__in=sessions.values("id"))
        .order_by("session__finished_at", "session_id", "position")
        .values_list("session_id", "session__finished_at", "session__mode", *EVENT_SEAT_VALUES)
        .iterator(chunk_size=BATCH)
    )
    for (session_id, at, mode), seats in groupby(rows, key=lambda r: r[:3]):
        event = _event(session_id, at, mode, [r[3:] for r in seats])
        if event is not None:
            yield event


def _event_of(session: PlaySession) -> Event | None:
    """The rating event of one rated session, as ``events_of`` reads it, from its own seats
    (a game's end: a plain read of two to six rows, not the join over the game's events)."""
    seats = session.seats.order_by("position").values_list(*EVENT_SEAT_VALUES)
    return _event(session.pk, session.finished_at, session.mode, list(seats))


def _event(session_id: int, at: dt.datetime, mode: str, seats: list[tuple]) -> Event | None:
    """A session's event from its seats' ``EVENT_SEAT_VALUES`` in seat order; None for fewer
    than two seats (nobody to be ranked against)."""
    if len(seats) < 2:
        return None
    fallback = len(seats)
    places = leavers_last([r[2] or fallback for r in seats], [r[4] for r in seats])
    results = (SeatResult(r[0], r[1], place, r[3]) for r, place in zip(seats, places, strict=True))
    return Event(session_id, at, mode, tuple(results))


def _event_key(row: RatingEvent) -> Key:
    return (row.at, row.session_id)


def is_rated(session: PlaySession) -> bool:
    return (
        session.status == PlaySession.Status.FINISHED
        and session.voided_at is None
        and session.finished_at is not None
    )


# --- writing ------------------------------------------------------------------------------------


def _lock(game: str) -> RatingLedger:
    # A new ledger starts at a random generation, so caches keyed by it never mistake a
    # recreated ledger (a reset database, a test) for one they have seen.
    locked = RatingLedger.objects.select_for_update()
    try:
        return locked.get(game=game)  # one statement a game's end, once the ledger exists
    except RatingLedger.DoesNotExist:
        RatingLedger.objects.get_or_create(game=game, defaults={"generation": secrets.randbits(48)})
        return locked.get(game=game)


def _touch(ledger: RatingLedger) -> None:
    last = (
        RatingEvent.objects.filter(game=ledger.game)
        .order_by("-at", "-session_id")
        .values_list("at", "session_id")
        .first()
    )
    ledger.last_at, ledger.last_session_id = last if last else (None, None)
    ledger.generation += 1
    ledger.save(update_fields=LEDGER_FIELDS)


def _ledger_key(ledger: RatingLedger) -> Key | None:
    if ledger.last_at is None:
        return None
    return (ledger.last_at, ledger.last_session_id)


def session_changed(session: PlaySession, *, records_written: bool = False) -> None:
    """Bring the ratings of the session's game up to date after it finished, was corrected,
    voided or restored. Call it inside the transaction that changed the session.
    ``records_written``: the caller wrote the session's records from the sheet it had just
    computed (``records.write_records``, a new online game's), so they are not computed
    again from the stored rows."""
    with transaction.atomic():
        ledger = _lock(session.game)
        session = PlaySession.objects.get(pk=session.pk)
        if not records_written:
            record_session(session)
        old = RatingEvent.objects.filter(session=session).order_by().first()
        new_key = (session.finished_at, session.pk) if is_rated(session) else None
        newest = _ledger_key(ledger)
        if old is None and new_key is not None and (newest is None or new_key > newest):
            _apply_newest(ledger, session)
            return
        starts = [k for k in (new_key, old and _event_key(old)) if k is not None]
        if starts:
            replay(session.game, since=min(starts), ledger=ledger)


def _apply_newest(ledger: RatingLedger, session: PlaySession) -> None:
    event = _event_of(session)
    if event is None:
        return
    ids = [s.player_id for s in event.seats]
    stored = {r.player_id: r for r in Rating.objects.filter(game=session.game, player__in=ids)}
    standings = {
        pid: Standing(r.mu, r.sigma, r.games, r.wins, r.last_played) for pid, r in stored.items()
    }
    rows = rate(standings, event)
    for row in rows:
        row.game = session.game
    RatingEvent.objects.bulk_create(rows)
    _save_standings(session.game, {pid: standings[pid] for pid in ids}, stored)
    ledger.last_at, ledger.last_session_id = event.key
    ledger.generation += 1
    ledger.save(update_fields=LEDGER_FIELDS)


def _save_standings(game: str, standings: dict[int, Standing], stored: dict[int, Rating]) -> int:
    """Write the standings that differ from the stored Rating rows; the number written."""
    changed, created = [], []
    for pid, s in standings.items():
        values = {
            "mu": s.mu,
            "sigma": s.sigma,
            "ordinal": s.ordinal,
            "games": s.games,
            "wins": s.wins,
            "last_played": s.last_played,
        }
        row = stored.get(pid)
        if row is None:
            created.append(Rating(player_id=pid, game=game, **values))
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            changed.append(row)
    Rating.objects.bulk_create(created, batch_size=BATCH)
    if len(changed) > FEW_ROWS:
        Rating.objects.bulk_update(changed, STANDING_FIELDS, batch_size=BATCH)
    else:  # a game's end: plain UPDATEs cost far less to build than bulk_update's CASEs
        for row in changed:
            Rating.objects.filter(pk=row.pk).update(
                **{name: getattr(row, name) for name in STANDING_FIELDS}
            )
    return len(changed) + len(created)


def _standings_before(game: str, since: Key | None) -> dict[int, Standing]:
    """Each player's state just before ``since``: their last event before it."""
    if since is None:
        return {}
    earlier = RatingEvent.objects.filter(game=game).filter(_before(since, "at", "session_id"))
    last = earlier.filter(player=OuterRef("pk")).order_by("-at", "-session_id")
    latest = earlier.filter(
        id__in=Player.objects.filter(pk__in=earlier.values("player"))
        .annotate(last=Subquery(last.values("id")[:1]))
        .values("last")
    )
    counts = {
        row["player"]: (row["n"], row["w"])
        for row in earlier.values("player").annotate(
            n=Count("id"), w=Count("id", filter=Q(place=1))
        )
    }
    return {
        row.player_id: Standing(row.mu, row.sigma, *counts[row.player_id], row.at) for row in latest
    }


@dataclass
class ReplayReport:
    events: int = 0
    rows_written: int = 0

    @property
    def changed(self) -> bool:
        return self.rows_written > 0


def replay(
    game: str,
    since: Key | None = None,
    *,
    ledger: RatingLedger | None = None,
    progress: Callable[[int], None] | None = None,
) -> ReplayReport:
    """Replay ``game``'s events from ``since`` (the start when None), writing only rows
    whose values differ. ``progress`` hears the number of events done after each batch."""
    report = ReplayReport()
    with transaction.atomic(), paused_gc():
        ledger = ledger or _lock(game)
        standings = _standings_before(game, since)
        existing = {
            (row[1], row[2]): (row[0], row[3:])
            for row in RatingEvent.objects.filter(game=game)
            .filter(_after(since, "at", "session_id"))
            .values_list("pk", "session_id", "player_id", *EVENT_VALUES)
            .iterator(chunk_size=BATCH)
        }
        write, stale = [], []
        for event in events_of(game, since):
            opponents = len(event.seats) - 1
            for seat, s in zip(event.seats, advance(standings, event), strict=True):
                values = (
                    event.at, event.mode, seat.position, seat.place, seat.score, opponents,
                    s.mu, s.sigma, s.ordinal,
                )  # fmt: skip
                old = existing.pop((event.session_id, seat.player_id), None)
                if old is not None and old[1] == values:
                    continue
                if old is not None:
                    stale.append(old[0])
                write.append((event.session_id, seat.player_id, game, *values))
            report.events += 1
            if progress and report.events % 500 == 0:
                progress(500)
        if progress:
            progress(report.events % 500)
        stale += [pk for pk, _ in existing.values()]
        for i in range(0, len(stale), BATCH):
            RatingEvent.objects.filter(pk__in=stale[i : i + BATCH]).delete()
        insert_rows(RatingEvent, ["session", "player", "game", *EVENT_VALUES], write)
        stored = {r.player_id: r for r in Rating.objects.filter(game=game)}
        report.rows_written = len(stale) + len(write)
        report.rows_written += _save_standings(game, standings, stored)
        gone = [pid for pid in stored if pid not in standings]
        if gone:
            Rating.objects.filter(game=game, player__in=gone).delete()
            report.rows_written += len(gone)
        if report.changed:
            _touch(ledger)
        if report.rows_written >= ANALYZE_AFTER:
            analyze(RatingEvent, Rating)
    return report


# The values of a RatingEvent besides session, player and game, in the order replay uses.
EVENT_VALUES = ("at", "mode", "position", "place", "score", "opponents", "mu", "sigma", "ordinal")
