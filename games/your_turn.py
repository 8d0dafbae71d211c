"""Where it is a member's turn, across all their tables: the home page's list and the
menu's count.

The menu shows the count on every page, so it is one read of the member's seats (with each
table's ``to_act``), matched here rather than in JSON SQL that differs per database; a
person sits at a handful of running tables.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _

from . import clock_kinds
from .labels import game_title, seat_names
from .models import Table, TableSeat


def menu_count(request) -> dict[str, Any]:
    """Context processor: at how many tables it is the member's turn, for the menu's badge.
    A callable, so the template reads it only when a page draws the menu, once a request."""
    return {"nav_turn_count": cache(lambda: count_for(getattr(request, "user", None)))}


def count_for(user) -> int:
    """The number of playing tables where ``user``'s own seat is to act: one query."""
    if user is None or not getattr(user, "is_authenticated", False):
        return 0
    seats = TableSeat.objects.filter(
        user_id=user.pk, bot_level="", table__status=Table.Status.PLAYING
    ).values_list("position", "table__to_act")
    return sum(position in (to_act or []) for position, to_act in seats)


def time_left_text(deadline: datetime | None, now: datetime | None = None) -> str:
    """The time until ``deadline`` in words ("2 days, 3 hours left"), or why there is none."""
    if deadline is None:
        return _("No time limit")
    now = now or timezone.now()
    if deadline <= now:
        return _("Out of time")
    return _("%(time)s left") % {"time": timeuntil(deadline, now, depth=2)}


def turns_for(user, now: datetime | None = None) -> list[dict[str, Any]]:
    """The tables waiting for ``user``'s move, longest waiting first, as the home page lists
    them: the game, the opponents, the pace and the time left."""
    now = now or timezone.now()
    turns = []
    for table in Table.objects.to_act_for(user).with_seats():
        seats = table.seat_list
        names = seat_names(seats)
        mine = next(s for s in seats if s.user_id == user.pk and s.position in table.to_act)
        turns.append(
            {
                "table": table,
                "game": game_title(table.game),
                "opponents": [
                    name for seat, name in zip(seats, names, strict=True) if seat.user_id != user.pk
                ],
                "pace": clock_kinds.describe(table.clock),
                "time_left": time_left_text(mine.deadline, now),
                "deadline": mine.deadline,
                "since": table.last_move_at,
            }
        )
    return turns
