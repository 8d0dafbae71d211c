"""``run_clocks``: the moves bots make for seats out of time, and the turn-based tables
nobody plays any more (docs/clocks.md).

Every server runs it by itself (the bot runner, each poll) and ``manage.py run_clocks`` may
run it too, so it is written to be raced: each run reads a due table and its version, works
the bot's move out on it, and plays it through the tables service *at that version*, under
the table's row lock, after checking again that the seat is still out of time. Of two runs
racing for one timeout exactly one gets through; the other is refused as stale and does
nothing, as is a run that finds a move arriving in time already made.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from .bot_moves import choose
from .clock_kinds import ABANDON_AFTER_DAYS_TIMES, is_daily
from .clocks import TIMEOUT_LEVEL, earliest, vacation_days
from .models import SEAT_PEOPLE, Table, TableMove, TableSeat
from .table_checks import MoveRefused

log = logging.getLogger(__name__)

Play = Callable[..., Table]  # tables.play_for_timeout
Announce = Callable[..., None]  # move_news.announce
BATCH = 50  # due tables handled per run, the longest overdue first


def run(now: dt.datetime | None, *, play: Play, announce: Announce) -> int:
    """The moves made for seats out of time at ``now`` (``games.tables.run_clocks``, which
    hands in its ``play_for_timeout`` and its announcement: this module sits below the
    tables service)."""
    now = now or timezone.now()
    due = Table.objects.filter(status=Table.Status.PLAYING, clock_due__lte=now)
    made = 0
    for pk in list(due.order_by("clock_due").values_list("pk", flat=True)[:BATCH]):
        try:
            made += time_out(pk, now, play=play, announce=announce)
        except Exception:  # one table's bug must not stop every other table's clock
            log.exception("Clocks: the timeout at table %s failed", pk)
    return made


def time_out(table_pk: int, now: dt.datetime, *, play: Play, announce: Announce) -> int:
    """The bot's moves for the seats of one table out of time at ``now``, one at a time,
    each at the version read; a turn-based table nobody plays any more is abandoned."""
    table = _read(table_pk)
    made = 0
    while table is not None and table.status == Table.Status.PLAYING:
        if is_daily(table.clock) and stalled(table, now):
            abandon_stalled(table, table.version, now, announce)
            return made
        seat = next(iter(_out_of_time(table, now)), None)
        if seat is None:
            return made
        move = _bot_move(table, seat.position)
        try:
            table = play(table, seat.position, move, table.version, now)
        except MoveRefused as exc:
            if exc.reason != "stale":
                raise
            return made  # a move in time, or another server's run, was first
        made += 1
    return made


def _read(table_pk: int) -> Table | None:
    table = Table.objects.filter(pk=table_pk).first()
    if table is not None:
        table.hold_seats(list(table.seats.select_related(SEAT_PEOPLE).order_by("position")))
    return table


def _out_of_time(table: Table, now: dt.datetime) -> list[TableSeat]:
    to_act = table.to_act or []
    return [
        s
        for s in table.seat_list
        if s.position in to_act and not s.is_bot and s.deadline is not None and s.deadline <= now
    ]


def _bot_move(table: Table, position: int):
    return choose(table, table.state(), position, TIMEOUT_LEVEL)


# --- abandoned turn-based tables ------------------------------------------------------------


def last_person_move(table: Table) -> dt.datetime | None:
    """When a person last moved at the table (bots' moves, timeouts included, do not
    count), or its start."""
    moves = TableMove.objects.filter(table=table, by_bot=False).order_by("-number")
    return moves.values_list("created_at", flat=True).first() or table.started_at


def stalled(table: Table, now: dt.datetime) -> bool:
    """A turn-based table where no person moved for its days times
    ``ABANDON_AFTER_DAYS_TIMES``, the days its people were on vacation not counted."""
    last = last_person_move(table)
    if last is None:
        return False
    first, today = timezone.localdate(last), timezone.localdate(now)
    away: set[dt.date] = set()
    for seat in table.seat_list:
        if seat.user_id is not None and not seat.left:
            away |= vacation_days(seat.user_id, first, today)
    days = table.clock["days"] * ABANDON_AFTER_DAYS_TIMES + len(away)
    return now - last >= dt.timedelta(days=days)


def staller(table: Table, seats: list[TableSeat]) -> int | None:
    """The seat that stalled first: the first to run out of time since a person last
    moved, else the seat whose time runs out first now."""
    last = TableMove.objects.filter(table=table, by_bot=False).order_by("-number").first()
    after = TableMove.objects.filter(table=table, timed_out=True)
    if last is not None:
        after = after.filter(number__gt=last.number)
    first = after.order_by("number").values_list("seat", flat=True).first()
    if first is not None:
        return first
    waiting = [s for s in seats if s.deadline is not None]
    return min(waiting, key=lambda s: s.deadline).position if waiting else None


def abandon_stalled(table: Table, version: int, now: dt.datetime, announce: Announce) -> bool:
    """End the turn-based table nobody plays any more as abandoned, recorded against the
    seat that stalled first (it ``left``); no session is written, nothing is rated. Under
    the table's lock, at ``version``: a move since then keeps the table going."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.version != version or table.status != Table.Status.PLAYING:
            return False
        if not stalled(table, now):
            return False
        seats = list(table.seats.order_by("position"))
        position = staller(table, seats)
        for seat in seats:
            seat.deadline = None
            seat.left = seat.left or seat.position == position
        TableSeat.objects.bulk_update(seats, ["deadline", "left"])
        table.status = Table.Status.ABANDONED
        table.finished_at = now
        table.bot_to_act = False
        table.clock_due = earliest(seats)
        table.save(update_fields=["status", "finished_at", "bot_to_act", "clock_due"])
        announce(table, force=True, lobby=True)
    return True
