"""The tables service: the one write path of online play (docs/contracts/tables-api.md).

Views, websocket consumers, the bot runner, the admin and commands all call these plain
synchronous functions; nothing else writes a table. Each function is one transaction that
first locks the table row (``select_for_update`` on PostgreSQL; on SQLite the IMMEDIATE
transaction already serialises writers), so a double click or a second tab applies once:
the second finds the table moved on. A move (``play``) that goes on with the game takes no
lock: it is worked out on the table as read and written only if the version is still the
one it read (``move_writes``); otherwise it is played under the lock like the rest, and
the second of two identical moves is refused as stale.

After the commit the table's channel group hears ``{"type": "table.version", "version": N}``
(``"force": True`` when something other than a move changed, e.g. a seat) and the lobby
group hears ``{"type": "lobby.changed"}`` when a table opened, filled, started, ended or
was cancelled.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.engines.registry import find

from . import clock_runs, loop_moves, recent_tables, turn_mail, unlocked_moves
from .bot_players import assign_players
from .clock_kinds import ClockError, clean_clock
from .clocks import (
    SEAT_CLOCK_FIELDS,
    set_deadlines,
    start_clocks,
    timed_out_person,
    write_clocks,
)
from .models import Table, TableMove, TableSeat
from .move_news import LOBBY_GROUP as LOBBY_GROUP  # callers know them from here
from .move_news import announce as _announce
from .move_news import announce_move as _announce_move
from .move_writes import HAND_OVER_FIELDS, advance, hand_over, sync_turn
from .options import clean_options
from .recent_tables import MOVE_FIELDS
from .recording import record_safely
from .table_checks import (
    MoveRefused,
    TableError,
    check_level,
    free_seats_message,
    is_host,
    require_open,
    require_user,
    seat_at,
    status_message,
    work_out,
)
from .table_groups import group_name as group_name
from .unlocked_moves import seats_of

SEED_BITS = 53  # seeds stay exact as JSON numbers in a browser too


# --- helpers ------------------------------------------------------------------------------------


def _locked(table: Table) -> Table:
    """The table's row, locked for the rest of the transaction."""
    return Table.objects.select_for_update().get(pk=table.pk)


# --- before the start -------------------------------------------------------------------------


def open_table(
    game: str,
    host,
    *,
    seats: int,
    options: Mapping[str, Any] | None = None,
    bots: Mapping[int, str] | None = None,
    invite_only: Iterable[int] = (),
    clock: Mapping[str, Any] | None = None,
) -> Table:
    """A new table; the host takes seat 0. ``bots`` seats a bot (level) at positions,
    ``invite_only`` keeps positions for people with the link (the lobby does not offer them),
    ``clock`` is the pace (``games.clock_kinds``: none, live seconds or daily days a move)."""
    require_user(host)
    if find(game) is None:
        raise TableError(_("There is no game called %(game)r.") % {"game": game})
    engine = get_engine(game)
    if type(seats) is not int or not engine.min_players <= seats <= engine.max_players:
        span = (
            f"{engine.min_players}"
            if engine.min_players == engine.max_players
            else f"{engine.min_players} to {engine.max_players}"
        )
        raise TableError(
            _("%(game)s is played by %(span)s players.")
            % {"game": engine.name.capitalize(), "span": span}
        )
    try:
        cleaned = clean_options(game, options, seats)
    except ValueError as exc:
        raise TableError(str(exc)) from None
    try:
        clock = clean_clock(clock)
    except ClockError as exc:
        raise TableError(str(exc)) from None
    bots = dict(bots or {})
    kept = set(invite_only)
    for position, level in bots.items():
        if type(position) is not int or not 1 <= position < seats:
            raise TableError(_("A bot can sit at seats 2 to %(count)s.") % {"count": seats})
        check_level(level)
    with transaction.atomic():
        table = Table.objects.create(game=game, host=host, options=cleaned, clock=clock)
        now = timezone.now()  # sitting down is being there (games.presence)
        TableSeat.objects.bulk_create(
            TableSeat(
                table=table,
                position=position,
                user=host if position == 0 else None,
                last_seen_at=now if position == 0 else None,
                bot_level=bots.get(position, ""),
                invite_only=position in kept and position not in bots,
            )
            for position in range(seats)
        )
        _announce(table, lobby=True)
    return table


def take_seat(table: Table, user, position: int | None = None) -> int:
    """``user`` sits down (first free seat when ``position`` is None); their position.
    Someone already seated keeps their seat (a double click on "join" joins once)."""
    require_user(user)
    with transaction.atomic():
        table = _locked(table)
        require_open(table)
        seats = seats_of(table)
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is not None:
            return mine.position
        if position is None:
            seat = next((s for s in seats if s.is_free), None)
            if seat is None:
                raise TableError(_("Every seat at this table is taken."))
        else:
            seat = seat_at(table, seats, position)
            if not seat.is_free:
                raise TableError(_("Seat %(number)s is taken.") % {"number": seat.position + 1})
        seat.user = user
        seat.last_seen_at = timezone.now()  # sitting down is being there (games.presence)
        seat.save(update_fields=["user", "last_seen_at"])
        _announce(table, force=True, lobby=True)
        return seat.position


def leave_seat(table: Table, user) -> None:
    """Stand up again, before the start only. The host cancels instead."""
    require_user(user)
    with transaction.atomic():
        table = _locked(table)
        require_open(table)
        if is_host(table, user):
            raise TableError(_("You host this table: cancel it instead of leaving."))
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise TableError(_("You do not sit at this table."))
        seat.user = None
        seat.save(update_fields=["user"])
        _announce(table, force=True, lobby=True)


def seat_bot(table: Table, position: int, level: str = "heuristic") -> None:
    """A bot takes a free seat (before the start)."""
    check_level(level)
    with transaction.atomic():
        table = _locked(table)
        require_open(table)
        seat = seat_at(table, seats_of(table), position)
        if not seat.is_free:
            raise TableError(_("Seat %(number)s is taken.") % {"number": seat.position + 1})
        seat.bot_level = level
        seat.save(update_fields=["bot_level"])
        _announce(table, force=True, lobby=True)


def cancel(table: Table, by) -> Table:
    """The host calls the table off before it starts."""
    with transaction.atomic():
        table = _locked(table)
        if table.status == Table.Status.CANCELLED:
            return table  # a second click
        if not is_host(table, by):
            raise TableError(_("Only the host can cancel this table."))
        require_open(table)
        table.status = Table.Status.CANCELLED
        table.finished_at = timezone.now()
        table.save(update_fields=["status", "finished_at"])
        _announce(table, force=True, lobby=True)
        return table


def abandon(table: Table, by) -> Table:
    """An organiser (staff) ends a table that will not be played to the end: nothing is
    recorded, the bots stop."""
    if by is None or not getattr(by, "is_staff", False):
        raise TableError(_("Only an organiser can abandon a table."))
    with transaction.atomic():
        table = _locked(table)
        if table.status not in (Table.Status.OPEN, Table.Status.PLAYING):
            raise TableError(status_message(table))
        table.status = Table.Status.ABANDONED
        table.finished_at = timezone.now()
        table.bot_to_act = False
        table.save(update_fields=["status", "finished_at", "bot_to_act"])
        _announce(table, force=True, lobby=True)
        return table


# --- the game -----------------------------------------------------------------------------------


def start(table: Table, by) -> Table:
    """The host starts once every seat is taken: a fresh seed, the engine's new game."""
    with transaction.atomic():
        table = _locked(table)
        if table.status == Table.Status.PLAYING and is_host(table, by):
            return table  # a second click on "start"
        if not is_host(table, by):
            raise TableError(_("Only the host can start this table."))
        require_open(table)
        seats = seats_of(table)
        free = [s.position + 1 for s in seats if s.is_free]
        if free:
            raise TableError(free_seats_message(free))
        assign_players(seats)
        engine = table.engine
        table.seed = secrets.randbits(SEED_BITS)
        state = engine.new_game(len(seats), table.seed, **table.options)
        now = timezone.now()
        table.state_json = engine.to_json(state)
        table.status = Table.Status.PLAYING
        table.started_at = now
        table.last_move_at = now
        sync_turn(table, state, seats)
        if table.clock:
            TableSeat.objects.bulk_update(start_clocks(table, seats, now), SEAT_CLOCK_FIELDS)
        table.save()
        _announce(table, force=True, lobby=True)
        turn_mail.after_commit(table)
        return table


def play(table: Table, user, move: Any, version: Any) -> Table:
    """``user``'s seat makes ``move`` on the table as it was at ``version``.

    Refused with ``MoveRefused`` (nothing changed) when the version is stale, the user holds
    no seat that may act now, or the engine finds the move illegal.
    """
    if user is None or not user.is_authenticated:
        raise MoveRefused(_("Log in to play."), "forbidden")
    return _play(table, move, version, user=user)


async def play_on_loop(public_id_hex: str, user, version: int, move: Any) -> Table | None:
    """A socket's move played on the event loop where it can be (``loop_moves``: PostgreSQL,
    the table held here at ``version``): the table after it; None, nothing written: call
    ``play`` on the thread, which gives the exact answer (a refusal included)."""
    return await loop_moves.play(public_id_hex, user, version, move)


def play_as_bot(table: Table, position: int, move: Any, version: Any) -> Table:
    """The bot playing seat ``position`` makes ``move``; the same checks as ``play``."""
    return _play(table, move, version, bot_position=position)


def run_clocks(now=None) -> int:
    """For every playing table whose seat to act ran out of time at ``now``, a bot makes
    that seat's move at the version read (a move arriving in time wins); the number of
    moves made (``games.clock_runs``, docs/clocks.md)."""
    return clock_runs.run(now, play=play_for_timeout, announce=_announce)


def play_for_timeout(table: Table, position: int, move: Any, version: Any, now) -> Table:
    """A bot makes ``move`` for seat ``position``, whose time ran out at ``now``
    (``run_clocks``); refused as stale when the table moved on since ``version`` (a move
    that arrived in time wins) or the seat's time has not run out."""
    if type(version) is not int:
        raise MoveRefused(_("The move must say which version of the table it was made on."))
    return _play_locked(table, move, version, None, position, timed_out_at=now)


def _play(
    table: Table, move: Any, version: Any, *, user=None, bot_position: int | None = None
) -> Table:
    if type(version) is not int:
        raise MoveRefused(_("The move must say which version of the table it was made on."))
    played = unlocked_moves.play(table, move, version, user, bot_position)
    if played is None:
        played = _play_locked(table, move, version, user, bot_position)
    return played


def _play_locked(
    table: Table, move: Any, version: int, user, bot_position, timed_out_at=None
) -> Table:
    """The move under the table's row lock: the path of a game's last move, of a timeout's
    and of a move whose table changed while it was worked out without the lock."""
    with transaction.atomic():
        table = _locked(table)
        seats = seats_of(table)
        if timed_out_at is not None:  # the bot moves for the seat's person
            user = timed_out_person(table, seats, bot_position, version, timed_out_at)
            bot_position = None
        seat, to_act, new_state = work_out(table, seats, move, version, user, bot_position)
        by_bot = bot_position is not None or timed_out_at is not None
        logged = advance(table, seats, seat, move, to_act, new_state, by_bot)
        logged.timed_out = timed_out_at is not None
        TableMove.objects.bulk_create([logged])
        ended = table.engine.is_over(new_state)
        table.hold_seats(seats)  # the recording reads them too
        if ended:
            table.status = Table.Status.FINISHED
            table.finished_at = table.last_move_at
            table.session = record_safely(table, new_state, seats)
        fields = list(MOVE_FIELDS)
        if table.clock:
            fields += write_clocks(table, new_state, seats, seat, to_act, timed_out_at)
        table.save(update_fields=fields)
        _announce_move(table, new_state, ended=ended)
    recent_tables.remember(table)
    return table


# --- seats during the game ----------------------------------------------------------------------


def hand_to_bot(table: Table, position: int, by, level: str = "heuristic") -> Table:
    """A bot plays a person's seat from now on: the host (or an organiser) hands over the seat
    of someone who has left, or a player hands over their own. The person can take it back."""
    check_level(level)
    with transaction.atomic():
        table = _locked(table)
        if table.status != Table.Status.PLAYING:
            raise TableError(_("Only a running game's seats can be handed to a bot."))
        seats = seats_of(table)
        seat = seat_at(table, seats, position)
        if seat.user_id is None:
            raise TableError(
                _("A bot already plays seat %(number)s.") % {"number": seat.position + 1}
            )
        organiser = by is not None and getattr(by, "is_staff", False)
        if not (organiser or is_host(table, by) or (by is not None and by.pk == seat.user_id)):
            raise TableError(_("Only the host or the seat's player can hand it to a bot."))
        if seat.bot_level:
            return table  # already handed over
        hand_over(table, table.state(), seats, seat, level)
        fields = list(HAND_OVER_FIELDS)
        if table.clock:  # a bot has no clock
            set_deadlines(table, seats, timezone.now(), before=table.to_act, mover=None)
            fields.append("clock_due")
        seat.save(update_fields=["bot_level", *SEAT_CLOCK_FIELDS])
        table.save(update_fields=fields)
        _announce(table, force=True, lobby=True)
        return table


def take_back(table: Table, position: int, by) -> Table:
    """The seat's player (or the host, for them) takes a seat back from the bot."""
    with transaction.atomic():
        table = _locked(table)
        if table.status != Table.Status.PLAYING:
            raise TableError(_("Only a running game's seats can be taken back."))
        seats = seats_of(table)
        seat = seat_at(table, seats, position)
        if seat.user_id is None:
            raise TableError(
                _("Seat %(number)s has always been a bot's.") % {"number": seat.position + 1}
            )
        if not (is_host(table, by) or (by is not None and by.pk == seat.user_id)):
            raise TableError(_("Only the seat's player or the host can take it back."))
        if not seat.bot_level:
            return table  # already back
        seat.bot_level, seat.left, seat.timeouts = "", False, 0  # back: they did not leave
        sync_turn(table, table.state(), seats)
        table.seat_changes += 1  # a move worked out on the seats before is written no more
        fields = ["to_act", "bot_to_act", "seat_changes"]
        if table.clock:  # the seat's clock runs again if it is to act
            set_deadlines(table, seats, timezone.now(), before=table.to_act, mover=None)
            fields.append("clock_due")
        seat.save(update_fields=["bot_level", "left", "timeouts", *SEAT_CLOCK_FIELDS])
        table.save(update_fields=fields)
        _announce(table, force=True, lobby=True)
        return table


def rematch(table: Table, by) -> Table:
    """A new table with the same game, options and seats, hosted by ``by`` (a player of the
    finished table); asked twice (or by both players), it gives the same new table."""
    require_user(by)
    with transaction.atomic():
        table = _locked(table)
        if table.status != Table.Status.FINISHED:
            raise TableError(_("A rematch is offered once the game is over."))
        seats = seats_of(table)
        if not any(s.user_id == by.pk for s in seats):
            raise TableError(_("Only the players of this table can ask for a rematch."))
        existing = table.rematches.exclude(
            status__in=(Table.Status.CANCELLED, Table.Status.ABANDONED)
        ).first()
        if existing is not None:
            return existing
        new = Table.objects.create(
            game=table.game, host=by, options=dict(table.options), rematch_of=table
        )
        TableSeat.objects.bulk_create(
            TableSeat(
                table=new,
                position=s.position,
                user=s.user,
                bot_level="" if s.user_id else s.bot_level,
                invite_only=s.invite_only,
            )
            for s in seats
        )
        _announce(table, force=True, lobby=True)
        return new
