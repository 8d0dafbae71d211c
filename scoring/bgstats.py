"""A club's BG Stats history brought in (``manage.py import_bgstats``): the plays of the
four games, with their date, location, players, scores and places, as finished sessions.

BG Stats exports JSON with ``games``, ``players`` and ``locations`` (each with an ``id``
and a ``name``) and ``plays``: ``uuid``, ``playDate`` (the club's local time,
``2024-05-17 20:30:00``), ``gameRefId``, ``locationRefId``, ``comments``, ``ignored`` and
``playerScores`` (``playerRefId``, ``score``, ``winner``, ``rank``, ``seatOrder``). Games
are matched by name to the four; players and locations by name (any spelling), else
created. A play keeps its final scores and places, not its rounds (BG Stats has none), so
it counts in ratings, standings and the league like any session. Plays imported before are
skipped by their uuid; a bad play stops the import naming it, and nothing is written.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines.registry import specs

from . import ratings
from .bulk_import import club_players
from .models import Player, PlaySession, Seat, SheetImport, club_today
from .played import LOCATION_LENGTH, tidy_line, tidy_notes
from .players import name_key, tidy_name

GAMES = {name.casefold(): slug for slug, name in PlaySession.GAME_CHOICES}
LOWER_WINS = {spec.slug for spec in specs() if spec.lower_wins}  # heads are bad
SOURCE = "bgstats:"
MAX_UUID = 200 - len(SOURCE)


class BgStatsRefused(ValueError):
    """An export that cannot be imported; ``where`` names the play and field."""

    def __init__(self, message: str, where: str = ""):
        super().__init__(f"{where}: {message}" if where else message)
        self.message, self.where = message, where


@dataclass
class Play:
    uuid: str
    game: str
    at: dt.datetime
    location: str
    notes: str
    seats: list[tuple[str, int | None, int]]  # name, score, place; in seat order


@dataclass
class Plan:
    """What an import does (or would do, in a dry run)."""

    new: list[Play] = field(default_factory=list)
    known: int = 0  # imported before (their uuid)
    ignored: int = 0  # other games, or marked ignored in BG Stats
    new_players: list[str] = field(default_factory=list)
    new_locations: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        by_game = Counter(p.game for p in self.new)
        names = dict(PlaySession.GAME_CHOICES)
        games = ", ".join(f"{names[g]} {n}" for g, n in sorted(by_game.items())) or "-"
        out = [
            _("sessions: %(n)d new (%(games)s), %(known)d imported before, %(ignored)d left out")
            % {"n": len(self.new), "games": games, "known": self.known, "ignored": self.ignored}
        ]
        out.append(_("new players: %(names)s") % {"names": ", ".join(self.new_players) or "-"})
        places = ", ".join(self.new_locations) or "-"
        out.append(_("new locations: %(names)s") % {"names": places})
        return out


# --- reading -------------------------------------------------------------------------------------


def _named(data: dict, key: str) -> dict[Any, str]:
    """``games``/``players``/``locations`` as id -> name."""
    items = data.get(key, [])
    if not isinstance(items, list):
        raise BgStatsRefused(_("must be a list."), key)
    out = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise BgStatsRefused(_("each needs a name."), f"{key}.{i}")
        out[item.get("id")] = item["name"]
    return out


def parse_moment(value: Any, where: str) -> dt.datetime:
    """BG Stats' ``playDate``, local time of the club; never in the future."""
    if not isinstance(value, str) or not value.isascii() or len(value) > 40:
        raise BgStatsRefused(_("a date like 2024-05-17 20:30:00 is needed."), where)
    try:
        moment = dt.datetime.fromisoformat(value.strip())
    except ValueError:
        raise BgStatsRefused(_("a date like 2024-05-17 20:30:00 is needed."), where) from None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_default_timezone())
    if timezone.localtime(moment, timezone.get_default_timezone()).date() > club_today():
        raise BgStatsRefused(_("a game cannot be played in the future."), where)
    return moment


def _score(value: Any, where: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        number = None
    if number is None or number != number or abs(number) > 10**9 or number != int(number):
        raise BgStatsRefused(_("a score must be a whole number."), where)
    return int(number)


def places_of(game: str, seats: list[dict], where: str) -> list[int]:
    """Places from BG Stats' ranks when every seat has one; else winners first, then by
    score (fewest heads best in Sarkophag); equal results tie."""
    ranks = [s.get("rank") for s in seats]
    if all(isinstance(r, int) and not isinstance(r, bool) and r > 0 for r in ranks):
        order = ranks
    else:
        scores = [s["score"] for s in seats]
        winners = [bool(s.get("winner")) for s in seats]
        if all(v is None for v in scores) and not any(winners):
            raise BgStatsRefused(_("a play needs ranks, scores or a winner."), where)
        sign = 1 if game in LOWER_WINS else -1
        order = [
            (not won, score is None, 0 if score is None else sign * score)
            for won, score in zip(winners, scores, strict=True)
        ]
    distinct = sorted(set(order))
    dense = [distinct.index(o) + 1 for o in order]
    counts = Counter(dense)
    first = {}
    place = 1
    for d in sorted(counts):
        first[d] = place
        place += counts[d]
    return [first[d] for d in dense]


def read_play(i: int, play: Any, games, players, locations) -> Play | None:
    """One play of the four games, checked; None when it is left out."""
    where = f"plays.{i}"
    if not isinstance(play, dict):
        raise BgStatsRefused(_("each play must be a JSON object."), where)
    game = GAMES.get(str(games.get(play.get("gameRefId"), "")).strip().casefold())
    if game is None or play.get("ignored") is True:
        return None
    uuid = play.get("uuid")
    if not isinstance(uuid, str) or not 0 < len(uuid) <= MAX_UUID:
        raise BgStatsRefused(_("a play needs its uuid."), f"{where}.uuid")
    at = parse_moment(play.get("playDate"), f"{where}.playDate")
    scores = play.get("playerScores")
    if not isinstance(scores, list) or len(scores) < 2:
        raise BgStatsRefused(_("a play needs at least two players."), f"{where}.playerScores")
    seats = []
    for k, seat in enumerate(scores):
        at_seat = f"{where}.playerScores.{k}"
        if not isinstance(seat, dict) or seat.get("playerRefId") not in players:
            raise BgStatsRefused(_("names no player of the export."), f"{at_seat}.playerRefId")
        name = tidy_name(players[seat["playerRefId"]])
        if not name:
            raise BgStatsRefused(_("a player needs a name."), f"{at_seat}.playerRefId")
        seats.append({**seat, "name": name, "score": _score(seat.get("score"), f"{at_seat}.score")})
    seats.sort(key=lambda s: s.get("seatOrder") if isinstance(s.get("seatOrder"), int) else 0)
    if len({name_key(s["name"]) for s in seats}) < len(seats):
        raise BgStatsRefused(_("a player sits twice at one play."), f"{where}.playerScores")
    places = places_of(game, seats, f"{where}.playerScores")
    location = tidy_line(str(locations.get(play.get("locationRefId"), "")), LOCATION_LENGTH)
    notes = tidy_notes(play.get("comments") if isinstance(play.get("comments"), str) else "")
    return Play(
        uuid,
        game,
        at,
        location,
        notes,
        [(s["name"], s["score"], p) for s, p in zip(seats, places, strict=True)],
    )


def read_export(data: Any) -> tuple[list[Play], int]:
    """The plays of the four games, checked, and how many others were left out."""
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise BgStatsRefused(_("this is not a BG Stats export (no list of plays)."))
    games, players = _named(data, "games"), _named(data, "players")
    locations = _named(data, "locations")
    plays, left_out = [], 0
    for i, raw in enumerate(data["plays"]):
        play = read_play(i, raw, games, players, locations)
        if play is None:
            left_out += 1
        else:
            plays.append(play)
    seen: dict[str, int] = {}
    for i, play in enumerate(plays):
        if play.uuid in seen:
            raise BgStatsRefused(_("two plays share the uuid %(uuid)s.") % {"uuid": play.uuid})
        seen[play.uuid] = i
    return plays, left_out


# --- planning and writing ------------------------------------------------------------------------


def plan(data: Any) -> Plan:
    """What importing ``data`` would create; reads the database, writes nothing."""
    plays, left_out = read_export(data)
    ids = [SOURCE + p.uuid for p in plays]
    known = set(SheetImport.objects.filter(source_id__in=ids).values_list("source_id", flat=True))
    result = Plan(ignored=left_out)
    for play in plays:
        if SOURCE + play.uuid in known:
            result.known += 1
        else:
            result.new.append(play)
    names = {name_key(n): n for p in result.new for n, _s, _p in p.seats}
    have = set(Player.objects.filter(name_key__in=list(names)).values_list("name_key", flat=True))
    result.new_players = sorted((n for k, n in names.items() if k not in have), key=str.casefold)
    places = {p.location.casefold(): p.location for p in result.new if p.location}
    used = {loc.casefold() for loc in PlaySession.objects.locations()}
    result.new_locations = sorted(v for k, v in places.items() if k not in used)
    return result


def _club_spelling() -> dict[str, str]:
    """The club's places by their folded name: an export's "vereinsheim" is "Vereinsheim"."""
    return {loc.casefold(): loc for loc in reversed(list(PlaySession.objects.locations()))}


def import_bgstats(data: Any, user=None) -> Plan:
    """Import the export's new plays, all or nothing; the plan carried out."""
    with transaction.atomic():
        result = plan(data)
        if not result.new:
            return result
        by_name, _created = club_players(n for p in result.new for n, _s, _p in p.seats)
        spelling = _club_spelling()
        creator = user if user is not None and user.is_authenticated else None
        sessions = []
        for play in result.new:
            session = PlaySession(
                game=play.game,
                status=PlaySession.Status.FINISHED,
                created_by=creator,
                finished_at=play.at,
                location=spelling.get(play.location.casefold(), play.location),
                notes=play.notes,
                version=1,
            )
            session.save()
            sessions.append(session)
        seats, imports = [], []
        for play, session in zip(result.new, sessions, strict=True):
            for k, (name, score, place) in enumerate(play.seats):
                seats.append(Seat(session=session, player=by_name[name], position=k))
                seats[-1].score, seats[-1].place = score, place
            imports.append(
                SheetImport(session=session, source_id=SOURCE + play.uuid, fingerprint=_print(play))
            )
        Seat.objects.bulk_create(seats)
        SheetImport.objects.bulk_create(imports)
        earliest: dict[str, tuple[dt.datetime, int]] = {}
        for session in sessions:
            key = (session.finished_at, session.pk)
            earliest[session.game] = min(earliest.get(session.game, key), key)
        for game in sorted(earliest):
            ratings.replay(game, since=earliest[game])
    return result


def _print(play: Play) -> str:
    text = json.dumps([play.game, play.at.isoformat(), play.seats], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()
