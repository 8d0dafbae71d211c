"""Who has a table open: each seat's ``last_seen_at``, kept in the database.

Several server processes serve one club and a person's sockets may land on any of them, so
presence is a column, not memory. A seated person's open table page keeps their seat's
``last_seen_at`` fresh (on connect, every ``heartbeat_seconds()`` and when the socket closes);
a seat whose person has not been seen for ``settings.SARCO_AWAY_AFTER`` seconds is away, since
it was last seen. A crashed process leaves nothing behind: its sockets simply stop refreshing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache

from django.conf import settings
from django.db import connection
from django.utils import formats, timezone

from .models import Table, TableSeat
from .statements import column, db_value
from .statements import table as table_name

HEARTBEAT_SECONDS = 20.0  # well inside the away threshold, so an open page never looks away
CLOCK = "H:i"  # the club writes times as 19:30 in both languages (sarco/formats)


def away_after() -> timedelta:
    return timedelta(seconds=settings.SARCO_AWAY_AFTER)


def heartbeat_seconds() -> float:
    """How often an open page says it is still there: a third of the threshold at most."""
    return min(HEARTBEAT_SECONDS, settings.SARCO_AWAY_AFTER / 3)


def away_seats(table: Table, now: datetime | None = None) -> dict[int, datetime]:
    """The playing table's people who have been away for longer than the threshold, by
    position, with when they were last seen. Bots never leave; a person never seen at this
    table (seated by a rematch, or from before presence was kept) counts from the start."""
    if table.status != Table.Status.PLAYING:
        return {}
    seats = ((s.position, s.user_id, s.bot_level, s.last_seen_at) for s in table.seat_list)
    return _away(seats, table.started_at, now)


def away_now(public_id) -> dict[int, datetime]:
    """``away_seats`` of the table ``public_id`` as it stands, read in one statement without
    the table or its people: the host's socket asks on every beat, and a beat seldom finds
    anyone newly away or back."""
    seats = TableSeat.objects.filter(table__public_id=public_id, table__status=Table.Status.PLAYING)
    rows = list(
        seats.values_list("position", "user_id", "bot_level", "last_seen_at", "table__started_at")
    )
    return _away((row[:4] for row in rows), rows[0][4] if rows else None, None)


def _away(seats, started_at: datetime | None, now: datetime | None) -> dict[int, datetime]:
    """Of ``seats`` (position, user, bot level, last seen), those away at ``now``."""
    cutoff = (now or timezone.now()) - away_after()
    away = {}
    for position, user_id, bot_level, last_seen_at in seats:
        if user_id is None or bot_level:
            continue
        seen = last_seen_at or started_at
        if seen is not None and seen < cutoff:
            away[position] = seen
    return away


def mark_seen(public_id, user) -> bool:
    """``user``'s seats at the table were seen now, at the table's version (``looked_version``,
    ``games.since_looked``); True when one of them counted as away before (the host's page
    then shows them back at once). Every open page says so every ``heartbeat_seconds()`` and
    as it opens and closes, so the two statements are written by hand (``games.statements``):
    the ORM's compiling of them cost several times their running."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    now = timezone.now()
    cutoff = db_value(TableSeat, "last_seen_at", now - away_after())
    table_id = db_value(Table, "public_id", public_id)
    was_away_query, mark = _seen_statements(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(
            was_away_query, [table_id, user.pk, Table.Status.PLAYING.value, cutoff, cutoff]
        )
        was_away = cursor.fetchone() is not None
        cursor.execute(mark, [db_value(TableSeat, "last_seen_at", now), user.pk, table_id])
    return was_away


@lru_cache(maxsize=4)
def _seen_statements(vendor: str) -> tuple[str, str]:
    """``mark_seen``'s two statements, the same text for every call (as ``move_writes``'s):
    whether the person's seat counted as away, and the mark itself."""
    seats, tables = table_name(TableSeat), table_name(Table)
    seen, to = column(TableSeat, "last_seen_at"), column(TableSeat, "table")
    was_away = (
        f"SELECT 1 FROM {seats} s INNER JOIN {tables} t ON t.id = s.{to}"
        f" WHERE t.{column(Table, 'public_id')} = %s AND s.{column(TableSeat, 'user')} = %s"
        f" AND t.{column(Table, 'status')} = %s AND (s.{seen} < %s"
        f" OR (s.{seen} IS NULL AND t.{column(Table, 'started_at')} < %s)) LIMIT 1"
    )
    # What they see now is the table as it stands: the "since you looked" of the next visit.
    mark = (
        f"UPDATE {seats} SET {seen} = %s, {column(TableSeat, 'looked_version')} ="
        f" (SELECT t.{column(Table, 'version')} FROM {tables} t WHERE t.id = {seats}.{to})"
        f" WHERE {column(TableSeat, 'user')} = %s AND {to} IN"
        f" (SELECT t.id FROM {tables} t WHERE t.{column(Table, 'public_id')} = %s)"
    )
    return was_away, mark


def since_text(moment: datetime, now: datetime | None = None) -> str:
    """When a seat was last seen, in the club's time zone and the reader's format: the time
    alone today, the date and time before. Absolute, so a rendering stays true as time
    passes (renderings are shared and kept per version)."""
    local = timezone.localtime(moment)
    today = timezone.localtime(now or timezone.now()).date()
    if local.date() == today:
        return formats.time_format(local, CLOCK)
    return formats.date_format(local, "DATETIME_FORMAT")
