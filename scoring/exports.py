"""Sessions out of the club: CSV of sessions, CSV of seat results, JSON in the import format.

Each export reads its rows in chunks (``iterator(chunk_size=...)``: plain tuples for the
CSVs, whole sessions with their seats and rounds prefetched per chunk for the JSON) and
yields text as it goes, so a StreamingHttpResponse sends 100,000 sessions without holding
them in memory.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
from collections.abc import Iterable, Iterator
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db.models import Exists, F, OuterRef, Prefetch, QuerySet
from django.http import StreamingHttpResponse
from django.utils import timezone

from .models import PlaySession, Round, Seat
from .sheet_import import with_details
from .stored_sheets import sheet_of

CHUNK_SIZE = 2000  # rows per fetch
SHEET_CHUNK_SIZE = 500  # whole sessions (seats and rounds prefetched) per fetch
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

# Column names are stable keys for spreadsheets and scripts, not translated labels.
SESSION_HEADER = ["session", "game", "date", "mode", "status", "voided", "players", "winners"]
SESSION_HEADER += ["location", "notes"]
SEAT_HEADER = ["session", "game", "date", "mode", "seat", "player", "role"]
SEAT_HEADER += ["place", "score", "voided"]


class _Echo:
    """A file whose write returns what it was given (csv.writer -> one line of text)."""

    def write(self, value: str) -> str:
        return value


def _cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return "" if value is None else value


def csv_lines(header: list, rows: Iterable[list]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(header)
    for row in rows:
        yield writer.writerow([_cell(v) for v in row])


def played_text(moment: dt.datetime | None) -> str:
    """When a game was played, in the club's time zone: the date alone for midnight (an
    import's date without a time, read back as that same day), else the date-time with its
    offset. In UTC a Berlin date became the evening before."""
    if moment is None:
        return ""
    local = timezone.localtime(moment, timezone.get_default_timezone())
    if local.time() == dt.time():
        return local.date().isoformat()
    return local.isoformat()


def _voided(value) -> str:
    return "yes" if value else "no"


def in_order(sessions: QuerySet) -> QuerySet:
    """Oldest first, as the games were played (sessions not finished last)."""
    return sessions.order_by(F("finished_at").asc(nulls_last=True), "pk")


def session_rows(sessions: QuerySet) -> Iterator[list]:
    """One row per session; one query, read as plain tuples (a left join to the seats)."""
    rows = (
        in_order(sessions)
        .values_list(
            "pk",
            "public_id",
            "game",
            "finished_at",
            "mode",
            "status",
            "voided_at",
            "location",
            "notes",
            "seats__player__name",
            "seats__place",
        )
        .order_by(F("finished_at").asc(nulls_last=True), "pk", "seats__position")
        .iterator(chunk_size=CHUNK_SIZE)
    )
    for _pk, seats in groupby(rows, key=itemgetter(0)):
        seats = list(seats)
        _, public_id, game, finished_at, mode, status, voided_at, location, notes = seats[0][:9]
        names = [name for *_, name, _place in seats if name is not None]
        winners = [name for *_, name, place in seats if name is not None and place == 1]
        yield [
            str(public_id),
            game,
            played_text(finished_at),
            mode,
            status,
            _voided(voided_at),
            "; ".join(names),
            "; ".join(winners),
            location,
            notes,
        ]


def seat_rows(sessions: QuerySet) -> Iterator[list]:
    """One row per seat, in session order then seat order; one query of plain tuples."""
    rows = (
        Seat.objects.filter(session__in=sessions.order_by().values("pk"))
        .order_by(F("session__finished_at").asc(nulls_last=True), "session_id", "position")
        .values_list(
            "session__public_id",
            "session__game",
            "session__finished_at",
            "session__mode",
            "position",
            "player__name",
            "role",
            "place",
            "score",
            "session__voided_at",
        )
        .iterator(chunk_size=CHUNK_SIZE)
    )
    for public_id, game, at, mode, position, name, role, place, score, voided_at in rows:
        yield [
            str(public_id),
            game,
            played_text(at),
            mode,
            position + 1,
            name,
            role,
            place,
            score,
            _voided(voided_at),
        ]


def sheet_lines(sessions: QuerySet) -> Iterator[str]:
    """A JSON list of sheets that ``manage.py import_sheets`` reads back
    (docs/contracts/ratings-api.md): the finished sessions only. A sheet in progress has no
    date played yet and would not import as a finished session; its own page exports it
    (``export.json``)."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    rounds = Prefetch("rounds", queryset=Round.objects.order_by("number"))
    sessions = sessions.filter(status=PlaySession.Status.FINISHED)
    # final scores only (a BG Stats play): no entries, so no sheet that would import back
    sessions = sessions.filter(Exists(Round.objects.filter(session=OuterRef("pk"))))
    sessions = in_order(sessions).prefetch_related(None).prefetch_related(seats, rounds)
    yield "["
    first = True
    for s in sessions.iterator(chunk_size=SHEET_CHUNK_SIZE):
        sheet = sheet_of(s, list(s.seats.all()), list(s.rounds.all()))
        sheet.update({"id": str(s.public_id), "date": played_text(s.finished_at), "mode": s.mode})
        sheet.update(with_details(s))
        yield ("\n" if first else ",\n") + json.dumps(sheet, ensure_ascii=False)
        first = False
    yield "\n]\n"


def streamed(lines: Iterator[str], filename: str, content_type: str) -> StreamingHttpResponse:
    response = StreamingHttpResponse(lines, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def sessions_csv(sessions: QuerySet) -> StreamingHttpResponse:
    lines = csv_lines(SESSION_HEADER, session_rows(sessions))
    return streamed(lines, "sessions.csv", "text/csv; charset=utf-8")


def seats_csv(sessions: QuerySet) -> StreamingHttpResponse:
    lines = csv_lines(SEAT_HEADER, seat_rows(sessions))
    return streamed(lines, "seat-results.csv", "text/csv; charset=utf-8")


def sheets_json(sessions: QuerySet) -> StreamingHttpResponse:
    return streamed(sheet_lines(sessions), "sheets.json", "application/json")
