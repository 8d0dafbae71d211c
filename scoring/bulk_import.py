"""Bulk import of a club's old score sheets (docs/contracts/ratings-api.md, "Bulk import").

The file is a JSON list of sheets in the scorekeeper's format, each with a ``date`` (the
session's ``finished_at``), an optional ``mode`` and an optional ``id``. Every sheet is
computed by the scorekeeper's own calculators first; only when all of them are valid is
anything written, in one transaction and in bulk (sessions, seats, rounds, records), and the
ratings of the games touched are replayed from the earliest imported date. Re-importing
skips sheets whose ``id`` is known (an id imported before, or the public id of a session of
this club, which the admin's export writes) and sheets without one whose game, date, players
and entries match an imported session.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import multiprocessing
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines.registry import spec_of

from . import ratings
from .bulk_rows import ANALYZE_AFTER, analyze, insert_objects, insert_rows, paused_gc
from .calculators import SheetError, compute
from .models import Player, PlaySession, Round, Seat, SeatRecord, SheetImport, club_date
from .played import DETAIL_KEYS, sheet_details
from .players import name_key, tidy_name
from .records import highlights
from .seat_keys import to_seats
from .sheet_import import _renamed, renamed_value
from .sheets import END_GAMES, SETUP_FIELDS

BATCH = 2000
Progress = Callable[[int], None]


class ImportRefused(ValueError):
    """A file that cannot be imported; nothing was written."""

    def __init__(self, message: str, index: int | None = None, field: str | None = None):
        super().__init__(message)
        self.message, self.index, self.field = message, index, field

    def __reduce__(self):  # keeps index and field across the worker processes
        return (type(self), (self.message, self.index, self.field))

    def __str__(self) -> str:
        if self.index is None:
            return self.message
        where = _("sheet %(index)s") % {"index": self.index}
        if self.field:
            where += _(", field %(field)s") % {"field": self.field}
        return f"{where}: {self.message}"


@dataclass
class Sheet:
    """One valid sheet, computed, ready to write."""

    index: int
    data: dict[str, Any]
    result: dict[str, Any]
    finished_at: dt.datetime
    mode: str
    source_id: str | None
    details: dict[str, str] = field(default_factory=dict)
    fingerprint: str = ""
    players: list[Player] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    session: PlaySession | None = None


@dataclass
class Counts:
    sheets: int = 0
    imported: int = 0
    skipped: int = 0
    new_players: int = 0
    games: list[str] = field(default_factory=list)

    def line(self) -> str:
        """One line of counts, each in its plural form (1 session, 2 sessions)."""
        n, imported, skipped, players = self.sheets, self.imported, self.skipped, self.new_players
        words = {
            "read": ngettext("%(n)s sheet read", "%(n)s sheets read", n) % {"n": n},
            "imported": ngettext("%(n)s session imported", "%(n)s sessions imported", imported)
            % {"n": imported},
            "skipped": ngettext(
                "%(n)s skipped as already there", "%(n)s skipped as already there", skipped
            )
            % {"n": skipped},
            "players": ngettext("%(n)s new player", "%(n)s new players", players) % {"n": players},
            "ratings": self._ratings(),
        }
        return _("%(read)s: %(imported)s, %(skipped)s, %(players)s; %(ratings)s.") % words

    def _ratings(self) -> str:
        if not self.games:
            return _("no ratings to replay")
        names = dict(PlaySession.GAME_CHOICES)
        games = ", ".join(names.get(game, game) for game in self.games)
        return _("ratings replayed for %(games)s") % {"games": games}


# --- reading ------------------------------------------------------------------------------------


def parse_date(value: Any, index: int) -> dt.datetime:
    """An ISO 8601 date or date-time (ASCII digits only); a date means its midnight."""
    refused = ImportRefused(
        _("a date like 2024-05-17 or 2024-05-17T20:30 is needed."), index, "date"
    )
    if not isinstance(value, str) or not value.isascii() or len(value) > 40:
        raise refused
    try:
        if len(value) == 10:
            moment = dt.datetime.combine(dt.date.fromisoformat(value), dt.time())
        else:
            moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise refused from None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


IMPORT_KEYS = ("date", "mode", "id", *DETAIL_KEYS)  # about the session, not the sheet
CHECKED_ONLY = ("totals",)  # paper's written totals: checked against the computed ones


def stored_part(data: dict[str, Any]) -> dict[str, Any]:
    """What of an imported sheet is the session's sheet: its entries, not the extras."""
    return {k: v for k, v in data.items() if k not in IMPORT_KEYS + CHECKED_ONLY}


def read_sheet(index: int, data: Any) -> Sheet:
    """Check and compute one sheet; ImportRefused names its index and field."""
    if not isinstance(data, dict):
        raise ImportRefused(_("each sheet must be a JSON object."), index)
    finished_at = parse_date(data.get("date"), index)
    mode = data.get("mode", PlaySession.Mode.TABLETOP)
    if mode not in PlaySession.Mode.values:
        raise ImportRefused(_('mode must be "tabletop" or "online".'), index, "mode")
    source_id = data.get("id")
    if source_id is not None:
        if isinstance(source_id, bool) or not isinstance(source_id, str | int):
            raise ImportRefused(_("an id must be a string or a whole number."), index, "id")
        source_id = str(source_id)
        if not 0 < len(source_id) <= 200:
            raise ImportRefused(_("an id has 1 to 200 characters."), index, "id")
    try:
        details = sheet_details(data)
    except ValueError as exc:
        key = exc.args[0]
        raise ImportRefused(_("%(key)s must be text.") % {"key": key}, index, key) from None
    try:
        result = compute({k: v for k, v in data.items() if k not in IMPORT_KEYS})
    except SheetError as exc:
        raise ImportRefused(exc.message, index, exc.field) from None
    sheet = stored_part(data)
    if not result["finished"]:
        raise ImportRefused(
            _("this game is not over by the rules, so it cannot be a finished session."),
            index,
            "rounds",
        )
    return Sheet(index, sheet, _slim(result, sheet), finished_at, mode, source_id, details)


def _slim(result: dict[str, Any], sheet: dict[str, Any]) -> dict[str, Any]:
    """What the writing needs of a computed sheet: totals, places, each round's credited
    points in seat order and each seat's records. Small, so it crosses from a worker process
    quickly (the full result, with every round explained, costs more to unpickle than to
    compute)."""
    game, typed = result["game"], result["players"]
    roles = {name: role for role, name in (sheet.get("roles") or {}).items()}
    if game in END_GAMES:
        credited = [[result["totals"].get(n, 0) for n in typed]]
    else:
        credited = [[r["credited"].get(n, 0) for n in typed] for r in result.get("rounds") or []]
    return {
        "game": game,
        "players": typed,
        "roles": [roles.get(n, "") for n in typed],
        "totals": [result["totals"].get(n) for n in typed],
        "places": [result["places"].get(n) for n in typed],
        "credited": credited,
        "records": [highlights(game, roles.get(n, ""), n, result) for n in typed],
    }


def read_sheets(data: Any, progress: Progress | None = None, workers: int = 1) -> list[Sheet]:
    """Every sheet checked and computed, in order; ``workers`` > 1 computes chunks in that
    many forked processes (the calculators are pure), still naming the first bad sheet."""
    if not isinstance(data, list):
        raise ImportRefused(_("the file must hold a JSON list of sheets."))
    starts = range(0, len(data), CHUNK)
    if workers <= 1 or len(starts) < 2:
        chunks = (_read_chunk(start, data[start : start + CHUNK]) for start in starts)
        return _with_data([sheet for chunk in _counted(chunks, progress) for sheet in chunk], data)
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = [pool.submit(_read_chunk, start, data[start : start + CHUNK]) for start in starts]
        try:
            chunks = (future.result() for future in futures)  # in order: the first bad one
            sheets = [sheet for chunk in _counted(chunks, progress) for sheet in chunk]
            return _with_data(sheets, data)
        finally:
            for future in futures:
                future.cancel()


CHUNK = 1000


def _read_chunk(start: int, items: list) -> list[Sheet]:
    sheets = [read_sheet(start + i, item) for i, item in enumerate(items)]
    for sheet in sheets:
        sheet.data = {}  # the parent has it: _with_data puts it back without a pickle
    return sheets


def _with_data(sheets: list[Sheet], data: list) -> list[Sheet]:
    for sheet in sheets:
        sheet.data = stored_part(data[sheet.index])
    return sheets


def _counted(chunks, progress: Progress | None):
    for chunk in chunks:
        if progress:
            progress(len(chunk))
        yield chunk


# --- players and fingerprints ---------------------------------------------------------------------


def club_players(names: Iterable[str]) -> tuple[dict[str, Player], list[Player]]:
    """Every name's club player, matched case-insensitively, else created as a member (the
    club's own history, so shown in the standings); and the players created."""
    typed = {n: name_key(n) for n in dict.fromkeys(names)}  # each spelling once, in order
    wanted = {key: tidy_name(n) for n, key in typed.items()}  # the key the database keeps unique
    known = {p.name_key: p for p in Player.objects.filter(name_key__in=list(wanted))}
    new = [Player(name=name) for key, name in wanted.items() if key not in known]
    Player.objects.bulk_create(new, batch_size=BATCH)
    created = list(Player.objects.filter(name_key__in=[p.name_key for p in new]))
    for p in created:
        known[p.name_key] = p
    return {n: known[key] for n, key in typed.items()}, created


def entries_of(sheet: Sheet, names: dict[str, str]) -> list[dict[str, Any]]:
    """The sheet's entries as the scorekeeper stores them, with the club's spelling."""
    game, data = sheet.result["game"], sheet.data
    if game in END_GAMES:  # the end-of-game entry: what the sheet holds beyond its set-up
        return [{k: renamed_value(k, v, names) for k, v in data.items() if k not in SETUP_FIELDS}]
    return [_renamed(entry, names) for entry in data.get("rounds") or []]


def options_of(sheet: Sheet) -> dict[str, Any]:
    """The game's options the sheet sets (a number given, a switch on)."""
    return spec_of(sheet.result["game"]).set_options(sheet.data)


def fingerprint(game: str, at: dt.datetime, players: list[Player], entries, options) -> str:
    """Game, date, players and entries: what makes two imported sheets the same session."""
    text = json.dumps(
        [game, at.astimezone(dt.UTC).isoformat(), [p.pk for p in players], entries, options],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()


# --- writing ------------------------------------------------------------------------------------


def import_sheets(
    data: Any,
    user=None,
    *,
    reading: Progress | None = None,
    rating: Progress | None = None,
    workers: int = 1,
) -> Counts:
    """Import a list of sheets whole or not at all (ImportRefused); the counts."""
    with paused_gc():
        return _import(data, user, reading, rating, workers)


def _import(data, user, reading: Progress | None, rating: Progress | None, workers: int):
    sheets = read_sheets(data, reading, workers)
    refuse_repeated_ids(sheets)
    counts = Counts(sheets=len(sheets))
    with transaction.atomic():
        names = [n for s in sheets for n in s.result["players"]]
        by_name, created = club_players(names)
        fresh = _new_sheets(sheets, by_name)
        counts.new_players = _keep_seated(created, fresh)
        counts.skipped = len(sheets) - len(fresh)
        counts.imported = len(fresh)
        _write(fresh, user)
        earliest: dict[str, tuple[dt.datetime, int]] = {}
        for s in fresh:
            key = (s.finished_at, s.session.pk)
            game = s.result["game"]
            earliest[game] = min(earliest.get(game, key), key)
        for game in sorted(earliest):
            ratings.replay(game, since=earliest[game], progress=rating)
        counts.games = sorted(earliest)
        if counts.imported >= ANALYZE_AFTER:
            analyze(PlaySession, Seat, Round, SeatRecord, SheetImport)
    return counts


def refuse_repeated_ids(sheets: list[Sheet]) -> None:
    """Two sheets with one id are two sessions claiming to be the same one: a mistake in the
    file, not a sheet to skip."""
    first_with: dict[str, int] = {}
    for s in sheets:
        if s.source_id is None:
            continue
        first = first_with.setdefault(s.source_id, s.index)
        if first != s.index:
            raise ImportRefused(
                _("sheet %(first)s has this id too; each sheet's id must be its own.")
                % {"first": first},
                s.index,
                "id",
            )


def _keep_seated(created: list[Player], fresh: list[Sheet]) -> int:
    """Remove the players created for sheets that were all skipped (a re-import after a
    rename): importing what is here already adds nothing. The number kept."""
    seated = {p.pk for s in fresh for p in s.players}
    unseated = [p.pk for p in created if p.pk not in seated]
    if unseated:
        Player.objects.filter(pk__in=unseated).delete()
    return len(created) - len(unseated)


def _new_sheets(sheets: list[Sheet], by_name: dict[str, Player]) -> list[Sheet]:
    """The sheets not imported before (nor twice in this file), with players and entries."""
    for s in sheets:
        s.players = [by_name[n] for n in s.result["players"]]
        names = {n: p.name for n, p in zip(s.result["players"], s.players, strict=True)}
        s.entries = entries_of(s, names)
        s.options = options_of(s)
        s.fingerprint = fingerprint(
            s.result["game"], s.finished_at, s.players, s.entries, s.options
        )
    ids = [s.source_id for s in sheets if s.source_id]
    prints = [s.fingerprint for s in sheets if not s.source_id]
    known_ids = _existing("source_id", ids) | _our_public_ids(ids)
    known_prints = _existing("fingerprint", prints)
    fresh = []
    for s in sheets:
        mark, known = (s.source_id, known_ids) if s.source_id else (s.fingerprint, known_prints)
        if mark in known:
            continue
        known.add(mark)
        fresh.append(s)
    return fresh


def _existing(column: str, values: list[str]) -> set[str]:
    found: set[str] = set()
    for i in range(0, len(values), BATCH):
        chunk = values[i : i + BATCH]
        found.update(
            SheetImport.objects.filter(**{f"{column}__in": chunk}).values_list(column, flat=True)
        )
    return found


def _our_public_ids(ids: list[str]) -> set[str]:
    """The ids that are public ids of this club's sessions (as the admin's export writes
    them), spelled as in the file."""
    by_uuid: dict[uuid.UUID, list[str]] = {}
    for value in ids:
        try:
            by_uuid.setdefault(uuid.UUID(value), []).append(value)
        except ValueError:
            continue
    found: set[str] = set()
    keys = list(by_uuid)
    for i in range(0, len(keys), BATCH):
        known = PlaySession.objects.filter(public_id__in=keys[i : i + BATCH])
        for public_id in known.values_list("public_id", flat=True):
            found.update(by_uuid[public_id])
    return found


def _write(sheets: list[Sheet], user) -> None:
    creator = user if user is not None and user.is_authenticated else None
    sessions = [
        PlaySession(
            game=s.result["game"],
            mode=s.mode,
            options=s.options,
            status=PlaySession.Status.FINISHED,
            created_by=creator,
            finished_at=s.finished_at,
            played_on=club_date(s.finished_at),
            version=1,
            **s.details,
        )
        for s in sheets
    ]
    insert_objects(sessions)
    ids = {}
    uuids = [s.public_id for s in sessions]
    for i in range(0, len(uuids), BATCH):
        found = PlaySession.objects.filter(public_id__in=uuids[i : i + BATCH])
        ids.update(found.values_list("public_id", "pk"))
    for session in sessions:
        session.pk = ids[session.public_id]
    seats, rounds, imports, records = [], [], [], []
    for s, session in zip(sheets, sessions, strict=True):
        s.session = session
        result, game = s.result, s.result["game"]
        seated = zip(s.players, result["roles"], result["totals"], result["places"], strict=True)
        for i, (player, role, total, place) in enumerate(seated):
            seats.append((session.pk, player.pk, i, role, total, place))
            best = result["records"][i]
            records.append((session.pk, player.pk, game, *(best.get(k) for k in RECORD_VALUES)))
        names = [player.name for player in s.players]
        for i, (entry, credited) in enumerate(zip(s.entries, result["credited"], strict=True)):
            rounds.append((session.pk, i + 1, to_seats(entry, names), credited, 1))
        imports.append((session.pk, s.source_id, s.fingerprint))
    insert_rows(Seat, ["session", "player", "position", "role", "score", "place"], seats)
    insert_rows(Round, ["session", "number", "entry", "credited", "changed_in_version"], rounds)
    insert_rows(SeatRecord, ["session", "player", "game", *RECORD_VALUES], records)
    insert_rows(SheetImport, ["session", "source_id", "fingerprint"], imports)


RECORD_VALUES = ("best_round", "best_line", "fewest_heads", "altar")
