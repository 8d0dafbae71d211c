"""The checks of the tables service and their refusals: who may do what at a table, and
whether a move may be made on the table as read (``work_out``: the checks and the engine,
writing nothing). ``games.tables`` raises these; its contract names them ``tables.TableError``
and ``tables.MoveRefused``.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bots import BOT_KINDS
from games.engines import IllegalMove
from sarco.engine_text import refusal

from .models import Table, TableSeat

log = logging.getLogger("games.tables")

STALE_WINDOW = 20  # moves by others a simultaneous decision's page may be behind


class TableError(ValueError):
    """A refusal whose message a person reads (a full table, a start before every seat is
    taken, a bad option, ...). Nothing changed."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class MoveRefused(TableError):
    """``play`` refused the move; nothing changed. ``reason`` says why, for the HTTP status:
    ``"stale"`` (409), ``"forbidden"`` (403: no seat that may act), ``"illegal"`` (422: the
    engine's IllegalMove, or a game that is not running)."""

    def __init__(self, message: str, reason: str = "illegal"):
        super().__init__(message)
        self.reason = reason


def require_user(user) -> None:
    if user is None or not user.is_authenticated:
        raise TableError(_("Log in to sit at a table."))


def is_host(table: Table, user) -> bool:
    return user is not None and user.is_authenticated and table.host_id == user.pk


def require_open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise TableError(status_message(table))


def status_message(table: Table) -> str:
    return {
        Table.Status.PLAYING: _("This table has already started."),
        Table.Status.FINISHED: _("This game is over."),
        Table.Status.CANCELLED: _("This table was cancelled."),
        Table.Status.ABANDONED: _("This table was abandoned."),
    }.get(table.status, _("This table is still waiting for players."))


def free_seats_message(numbers: list[int]) -> str:
    """The free seats by number, in words: "seat 2 is", "seats 3 and 4 are" still free."""
    names = [str(n) for n in numbers]
    seats = names[0]
    if len(names) > 1:
        seats = _("%(seats)s and %(last)s") % {"seats": ", ".join(names[:-1]), "last": names[-1]}
    return ngettext(
        "Every seat must be taken before the start: seat %(seats)s is still free.",
        "Every seat must be taken before the start: seats %(seats)s are still free.",
        len(names),
    ) % {"seats": seats}


def seat_at(table: Table, seats: list[TableSeat], position: Any) -> TableSeat:
    if type(position) is not int or not 0 <= position < len(seats):
        raise TableError(_("This table has seats 1 to %(count)s.") % {"count": len(seats)})
    return seats[position]


def check_level(level: Any) -> str:
    if level not in BOT_KINDS:
        raise TableError(
            _("There is no bot level %(level)r; the levels: %(levels)s.")
            % {"level": level, "levels": ", ".join(BOT_KINDS)}
        )
    return level


def work_out(
    table: Table, seats: list[TableSeat], move: Any, version: int, user, bot_position
) -> tuple[TableSeat, list[int], Any]:
    """The checks and the engine: the acting seat, the seats to act before and the new
    state, or ``MoveRefused``. Writes nothing."""
    seat = acting_seat(seats, user, bot_position)
    if table.status != Table.Status.PLAYING:
        raise MoveRefused(status_message(table))
    engine = table.engine
    state = table.state()
    to_act = engine.to_act(state)
    if version != table.version and not still_deciding(table, seat.position, version):
        raise MoveRefused(
            _("The table has moved on since you looked; here is how it stands now."), "stale"
        )
    if seat.position not in to_act:
        raise MoveRefused(_("It is not your turn."), "forbidden")
    try:
        return seat, to_act, engine.apply(state, seat.position, move)
    except IllegalMove as exc:
        raise MoveRefused(refusal(exc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        # an engine should say IllegalMove for every bad move; if one slips through,
        # the player still gets a refusal, and we get the traceback
        log.exception("Table %s: the engine failed on move %r", table.public_id, move)
        raise MoveRefused(_("That is not one of your moves.")) from None


def still_deciding(table: Table, position: int, version: int) -> bool:
    """A page older than the table still counts in a simultaneous decision (Sacrifice's
    first purchases, a trick revealed together): when every move since ``version`` was
    another seat's, made while this seat was deciding too. Its own second click is stale."""
    if not 0 <= version < table.version or table.version - version > STALE_WINDOW:
        return False
    since = list(table.moves.filter(number__gt=version).values_list("seat", "to_act_before"))
    return len(since) == table.version - version and all(
        seat != position and position in (before or []) for seat, before in since
    )


def acting_seat(seats: list[TableSeat], user, bot_position: int | None) -> TableSeat:
    """The seat that moves: the user's own (not while a bot plays it), or the bot's."""
    if bot_position is not None:
        if type(bot_position) is not int or not 0 <= bot_position < len(seats):
            raise MoveRefused(_("There is no such seat."), "forbidden")
        seat = seats[bot_position]
        if not seat.is_bot:
            raise MoveRefused(_("No bot plays this seat."), "forbidden")
        return seat
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise MoveRefused(_("You do not play at this table; you are watching."), "forbidden")
    if seat.is_bot:
        raise MoveRefused(
            _("A bot plays your seat for now; take your seat back to play."), "forbidden"
        )
    return seat
