"""Clocks: each seat to act on a clocked table has a deadline (docs/clocks.md).

The deadlines are set when the game starts and after every applied move, for the seats then
to act: a live seat gets ``now + seconds + its time bank`` (the bank is spent only by the time
a move takes beyond its seconds), a turn-based seat ``now + days``, pushed on by the days of
its person's vacations that fall in that time. A seat still deciding from before keeps its
deadline; a bot's seat has none (bots never time out). ``Table.clock_due`` keeps the earliest,
so ``run_clocks`` (``games.clock_runs``) finds due tables by one indexed column.

Only the tables service calls the setters here, inside its transaction; the pages read
``seat_clocks``. A table without a clock never reaches this module on a move.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .clock_kinds import (
    LIVE_BANK_SECONDS,
    TIMEOUTS_TO_LEAVE,
    VACATION_DAYS_A_YEAR,
    is_daily,
    is_live,
)
from .labels import seat_name
from .models import SEAT_PEOPLE, Table, TableMove, TableSeat, Vacation
from .move_writes import HAND_OVER_FIELDS, SEAT_CLOCK_FIELDS, hand_over
from .table_checks import MoveRefused, TableError, seat_at
from .table_groups import tell_changed

TIMEOUT_LEVEL = "heuristic"  # the bot that moves for a person out of time
BOT_SHARE = 0.1  # of a live move's seconds, the most a bot may think


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock as a page shows it. ``running``: the seat is to act and its time
    runs (a bot's seat, or a person's on vacation at a turn-based table, runs no clock).
    ``seconds_left`` (None unless the seat is to act) counts to ``deadline`` and includes a
    live seat's bank: the move's own seconds are ``seconds_left - bank_seconds`` while that
    is positive, after which the bank runs down."""

    position: int
    running: bool
    deadline: dt.datetime | None
    seconds_left: int | None
    bank_seconds: int
    on_vacation: bool


# --- setting deadlines (called by the tables service inside its transaction) -----------------


def start_clocks(table: Table, seats: list[TableSeat], now: dt.datetime) -> list[TableSeat]:
    """At the start: every person gets the live time bank, the seats to act their deadlines.
    Sets ``table.clock_due``; the seats changed, to save."""
    for seat in seats:
        seat.bank_seconds = LIVE_BANK_SECONDS if is_live(table.clock) and _timed(seat) else 0
        seat.timeouts = 0
    set_deadlines(table, seats, now, before=[], mover=None)
    return list(seats)


def after_move(
    table: Table,
    seats: list[TableSeat],
    mover: TableSeat,
    before: list[int],
    now: dt.datetime,
    *,
    timed_out: bool = False,
) -> list[TableSeat]:
    """After ``mover``'s applied move (``before``: the seats that were to act): the mover's
    bank and timeouts, then the deadlines of the seats now to act. The seats changed."""
    changed: list[TableSeat] = [mover]
    if timed_out:
        mover.timeouts += 1
        mover.bank_seconds = 0 if is_live(table.clock) else mover.bank_seconds
    elif not mover.is_bot:
        mover.timeouts = 0  # a person's own move: their run of timeouts is over
        if is_live(table.clock) and mover.deadline is not None:
            mover.bank_seconds = bank_after(table.clock["seconds"], mover, now)
    changed += set_deadlines(table, seats, now, before=before, mover=mover.position)
    return list({seat.position: seat for seat in changed}.values())


def write_clocks(
    table: Table,
    state,
    seats: list[TableSeat],
    mover: TableSeat,
    before: list[int],
    timed_out_at: dt.datetime | None,
) -> list[str]:
    """The clocks after an applied move, written inside the move's transaction: the seats'
    (one statement) and, for the caller to save, the table's fields. A seat out of time
    ``TIMEOUTS_TO_LEAVE`` times in a row is handed to its bot for the rest of the game."""
    now = timed_out_at or table.last_move_at
    fields = ["clock_due"]
    changed = after_move(table, seats, mover, before, now, timed_out=timed_out_at is not None)
    seat_fields = list(SEAT_CLOCK_FIELDS)
    if timed_out_at is not None:
        table.last_move_at = timed_out_at
        if mover.timeouts >= TIMEOUTS_TO_LEAVE and table.to_act:
            hand_over(table, state, seats, mover, TIMEOUT_LEVEL)
            mover.left = True
            set_deadlines(table, seats, now, before=table.to_act, mover=None)
            seat_fields += ["bot_level", "left"]
            fields += HAND_OVER_FIELDS
    TableSeat.objects.bulk_update(changed, seat_fields)
    return fields


def timed_out_person(
    table: Table, seats: list[TableSeat], position, version: int, now: dt.datetime
):
    """The person of seat ``position`` whose time has run out, for the bot to move for
    them under the table's lock; ``MoveRefused`` (stale) when the table moved on since
    ``version`` or the seat is no longer out of time."""
    stale = MoveRefused(_("The seat moved in time."), "stale")
    if table.version != version or table.status != Table.Status.PLAYING:
        raise stale
    seat = seat_at(table, seats, position)
    deadline = seat.deadline
    if not _timed(seat) or deadline is None or seat.position not in (table.to_act or []):
        raise stale
    if deadline > now:
        raise stale
    return seat.user


def bank_after(seconds: int, seat: TableSeat, now: dt.datetime) -> int:
    """The bank left after a move made at ``now``: the turn began ``seconds + bank`` before
    the deadline; only the time beyond ``seconds`` is taken from the bank."""
    began = seat.deadline - dt.timedelta(seconds=seconds + seat.bank_seconds)
    beyond = (now - began).total_seconds() - seconds
    return max(0, seat.bank_seconds - max(0, int(beyond)))


def set_deadlines(
    table: Table,
    seats: list[TableSeat],
    now: dt.datetime,
    *,
    before: list[int],
    mover: int | None,
) -> list[TableSeat]:
    """Deadlines for the seats to act (``table.to_act``): fresh for a seat newly to act and
    for the mover, kept for one still deciding from before, none for the rest. Sets
    ``table.clock_due``; the seats whose clock changed."""
    to_act = set(table.to_act or [])
    changed = []
    for seat in seats:
        deadline, given = seat.deadline, seat.days_given
        if seat.position not in to_act or not _timed(seat):
            deadline, given = None, []
        elif seat.position == mover or seat.position not in before or deadline is None:
            deadline, given = deadline_from(table, seat, now), []
        if deadline != seat.deadline or given != seat.days_given:
            seat.deadline, seat.days_given = deadline, given
            changed.append(seat)
    table.clock_due = earliest(seats)
    return changed


def deadline_from(table: Table, seat: TableSeat, now: dt.datetime) -> dt.datetime | None:
    """When ``seat``, to act from ``now``, runs out of time."""
    if is_live(table.clock):
        return now + dt.timedelta(seconds=table.clock["seconds"] + seat.bank_seconds)
    if is_daily(table.clock):
        return pushed_by_vacations(seat.user_id, now, now + dt.timedelta(days=table.clock["days"]))
    return None


def pushed_by_vacations(user_id: int | None, begins: dt.datetime, ends: dt.datetime):
    """``ends`` pushed on by a day for each vacation day of the person from ``begins`` to
    it, the days the push covers counted too (one read)."""
    if user_id is None:
        return ends
    first = timezone.localdate(begins)
    horizon = timezone.localdate(ends) + dt.timedelta(days=2 * VACATION_DAYS_A_YEAR + 1)
    away = vacation_days(user_id, first, horizon)
    pushed = 0
    while True:
        last = timezone.localdate(ends + dt.timedelta(days=pushed))
        count = sum(1 for day in away if first <= day <= last)
        if count == pushed:
            return ends + dt.timedelta(days=pushed)
        pushed = count


def bot_budget(clock) -> float | None:
    """The most seconds a bot may think at a table with ``clock``: a tenth of a live move's
    seconds (bots have no deadline, but people wait for them); None without a live clock."""
    return clock["seconds"] * BOT_SHARE if is_live(clock) else None


def vacation_days(user_id: int, first: dt.date, last: dt.date) -> set[dt.date]:
    """The days from ``first`` to ``last`` (included) ``user_id`` is away: one read."""
    days: set[dt.date] = set()
    rows = Vacation.objects.filter(user_id=user_id, starts__lte=last, ends__gte=first)
    for starts, ends in rows.values_list("starts", "ends"):
        day = max(starts, first)
        while day <= min(ends, last):
            days.add(day)
            day += dt.timedelta(days=1)
    return days


def earliest(seats: list[TableSeat]) -> dt.datetime | None:
    deadlines = [s.deadline for s in seats if s.deadline is not None]
    return min(deadlines) if deadlines else None


def _timed(seat: TableSeat) -> bool:
    """A person plays the seat: only people's seats have clocks."""
    return seat.user_id is not None and not seat.is_bot


# --- what the pages read ------------------------------------------------------------------


def seat_clocks(table: Table, now: dt.datetime | None = None) -> list[SeatClock]:
    """Each seat's clock at ``now``, in seat order; an empty list for a table without one."""
    if not table.clock:
        return []
    now = now or timezone.now()
    today = timezone.localdate(now)
    seats = table.seat_list
    away = _away_today(table, seats, today)
    clocks = []
    for seat in seats:
        running = (
            table.status == Table.Status.PLAYING
            and seat.deadline is not None
            and seat.position in (table.to_act or [])
        )
        on_vacation = seat.user_id in away
        left = None
        if running:
            left = max(0, int((seat.deadline - now).total_seconds()))
            running = not on_vacation
        clocks.append(
            SeatClock(
                position=seat.position,
                running=running,
                deadline=seat.deadline if left is not None else None,
                seconds_left=left,
                bank_seconds=seat.bank_seconds,
                on_vacation=on_vacation,
            )
        )
    return clocks


def _away_today(table: Table, seats: list[TableSeat], today: dt.date) -> set[int]:
    """The people at a turn-based table on vacation today (live clocks never stop)."""
    if not is_daily(table.clock):
        return set()
    people = [s.user_id for s in seats if s.user_id is not None]
    if not people:
        return set()
    rows = Vacation.objects.filter(user_id__in=people, starts__lte=today, ends__gte=today)
    return set(rows.values_list("user_id", flat=True))


# --- +1 day and vacations -------------------------------------------------------------------


def give_day(table: Table, by, position: int, now: dt.datetime | None = None) -> Table:
    """An opponent at a turn-based table gives the seat to act one more day; once a turn
    for each giver. ``TableError`` (a message for people) otherwise."""
    if by is None or not getattr(by, "is_authenticated", False):
        raise TableError(_("Log in to give a day."))
    now = now or timezone.now()
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if not is_daily(table.clock):
            raise TableError(_("Days are given only at turn-based tables."))
        if table.status != Table.Status.PLAYING:
            raise TableError(_("Days are given only while the game is played."))
        seats = list(table.seats.select_related(SEAT_PEOPLE).order_by("position"))
        seat = seat_at(table, seats, position)
        giver = next((s for s in seats if s.user_id == by.pk), None)
        if giver is None:
            raise TableError(_("Only a player at this table can give a day."))
        if giver.position == seat.position:
            raise TableError(_("You cannot give yourself a day."))
        if seat.deadline is None or seat.position not in (table.to_act or []):
            raise TableError(
                _("Seat %(number)s is not to move; a day is given to the seat to move.")
                % {"number": seat.position + 1}
            )
        if giver.position in seat.days_given:
            raise TableError(_("You have already given this turn a day."))
        seat.deadline += dt.timedelta(days=1)
        seat.days_given = [*seat.days_given, giver.position]
        seat.save(update_fields=["deadline", "days_given"])
        table.clock_due = earliest(seats)
        table.seat_changes += 1  # a move worked out on the clocks before is written no more
        table.save(update_fields=["clock_due", "seat_changes"])
        tell_changed(table)
    return table


def vacation_taken(user, vacation) -> None:
    """``user``'s new vacation pushes on the deadlines of their running turn-based seats by
    its days that fall before them (called inside ``take_vacation``'s transaction)."""
    today = timezone.localdate()

    def pushed(deadline: dt.datetime) -> dt.datetime:
        return deadline + dt.timedelta(days=_pushed_by(vacation, today, deadline))

    _move_deadlines(user, pushed)


def vacation_cancelled(user, first: dt.date, last: dt.date) -> None:
    """``user`` gave back the vacation days ``first`` to ``last`` (none of them past): the
    deadlines of their running turn-based seats come back by the days of these that fall
    before them, as far as they were pushed on for them, never before now. Else taking a
    vacation and calling it off, again and again, would push a deadline on without end for
    no day away (called inside ``cancel_vacation``'s transaction)."""
    if last < first:
        return
    now = timezone.now()

    def given_back(deadline: dt.datetime) -> dt.datetime:
        given = _given_back(first, last, deadline)
        return max(now, deadline - dt.timedelta(days=given)) if given else deadline

    _move_deadlines(user, given_back)


def _move_deadlines(user, moved: Callable[[dt.datetime], dt.datetime]) -> None:
    """Each of ``user``'s running turn-based seats with a deadline gets ``moved(deadline)``;
    its table's earliest deadline follows, its pages are told, and a move worked out on the
    clocks before is written no more."""
    seats = TableSeat.objects.filter(
        user=user, bot_level="", deadline__isnull=False, table__status=Table.Status.PLAYING
    ).values_list("table_id", flat=True)
    for table in Table.objects.select_for_update().filter(pk__in=list(seats)):
        if not is_daily(table.clock):
            continue
        mine = list(table.seats.order_by("position"))
        for seat in mine:
            if seat.user_id != user.pk or seat.deadline is None:
                continue
            deadline = moved(seat.deadline)
            if deadline != seat.deadline:
                seat.deadline = deadline
                seat.save(update_fields=["deadline"])
        table.clock_due = earliest(mine)
        table.seat_changes += 1
        table.save(update_fields=["clock_due", "seat_changes"])
        tell_changed(table)


def _given_back(first: dt.date, last: dt.date, deadline: dt.datetime) -> int:
    """The days from ``first`` to ``last`` that a push (``_pushed_by``) put before
    ``deadline``: those up to its day."""
    return max(0, (min(last, timezone.localdate(deadline)) - first).days + 1)


def _pushed_by(vacation, first: dt.date, deadline: dt.datetime) -> int:
    """The days of ``vacation`` from ``first`` up to ``deadline`` pushed on by them."""
    pushed = 0
    while True:
        last = min(vacation.ends, timezone.localdate(deadline + dt.timedelta(days=pushed)))
        count = max(0, (last - max(vacation.starts, first)).days + 1)
        if count == pushed:
            return pushed
        pushed = count


# --- the table's log --------------------------------------------------------------------------


def clock_notes(table: Table) -> list[dict]:
    """What the clocks did at the table, for its log (oldest first): each timeout (move
    number, seat, words) and each seat handed to a bot for good. Names from the seats."""
    names = {s.position: _seat_name(s) for s in table.seat_list}
    notes = []
    for number, position in TableMove.objects.filter(table=table, timed_out=True).values_list(
        "number", "seat"
    ):
        notes.append(
            {
                "number": number,
                "position": position,
                "text": _("%(name)s ran out of time; a bot made the move.")
                % {"name": names.get(position, "")},
            }
        )
    for seat in table.seat_list:
        if seat.left:  # a bot plays the seat of one who left; a stalled one has none
            text = left_text if seat.bot_level else abandoned_text
            notes.append(
                {"number": None, "position": seat.position, "text": text(names[seat.position])}
            )
    return notes


def left_text(name: str) -> str:
    return _(
        "%(name)s ran out of time too often in a row; a bot plays the seat for the rest "
        "of the game."
    ) % {"name": name}


def abandoned_text(name: str) -> str:
    return _("Nobody moved for too long: the table was abandoned; %(name)s stalled first.") % {
        "name": name
    }


def _seat_name(seat: TableSeat) -> str:
    """The person's club name even once a bot plays the seat."""
    if seat.user_id is None:
        return seat_name(seat)
    player = getattr(seat.user, "player", None)
    return player.name if player is not None else seat.user.get_username()
