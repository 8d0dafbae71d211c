"""Members' vacations: days a member is away, when their turn-based clocks stop.

A member has ``clock_kinds.VACATION_DAYS_A_YEAR`` days a calendar year (a vacation over New
Year counts its days in each year). Vacations never overlap and never start in the past: a
day already played cannot be taken back. Taking one pushes the deadlines of the member's
running turn-based seats on by its days (``games.clocks.vacation_taken``); live clocks never
stop. Cancelling gives back the days not yet begun.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .clock_kinds import VACATION_DAYS_A_YEAR
from .clocks import vacation_cancelled, vacation_taken
from .clocks import vacation_days as vacation_days  # the days away, for the clocks
from .models import Vacation


class VacationError(ValueError):
    """A vacation that cannot be taken or cancelled; the message is for people."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def today() -> dt.date:
    return timezone.localdate()


def take_vacation(user, starts: dt.date, ends: dt.date) -> Vacation:
    """``user`` is away from ``starts`` to ``ends`` (both included); ``VacationError`` when
    the days are in the past, in the wrong order, overlap another vacation or are more than
    the year has left."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise VacationError(_("Log in to take a vacation."))
    if not isinstance(starts, dt.date) or not isinstance(ends, dt.date):
        raise VacationError(_("Give the first and the last day of the vacation."))
    if isinstance(starts, dt.datetime) or isinstance(ends, dt.datetime):
        starts, ends = _date(starts), _date(ends)
    if ends < starts:
        raise VacationError(_("The last day of a vacation cannot come before its first."))
    if starts < today():
        raise VacationError(_("A vacation cannot start in the past."))
    with transaction.atomic():
        mine = Vacation.objects.select_for_update().filter(user=user)
        if mine.filter(starts__lte=ends, ends__gte=starts).exists():
            raise VacationError(_("These days overlap a vacation you have already taken."))
        for year, wanted in _days_by_year(starts, ends).items():
            left = days_left(user, year)
            if wanted > left:
                raise VacationError(
                    ngettext(
                        "You have %(left)d vacation day left in %(year)d.",
                        "You have %(left)d vacation days left in %(year)d.",
                        left,
                    )
                    % {"left": left, "year": year}
                )
        vacation = Vacation.objects.create(user=user, starts=starts, ends=ends)
        vacation_taken(user, vacation)
    return vacation


def cancel_vacation(user, vacation: Vacation) -> None:
    """``user`` calls their vacation off: one not yet begun (or begun today) goes, one
    under way ends yesterday (the days already away stay taken). The days given back no
    longer push their turn-based deadlines on (``clocks.vacation_cancelled``): else a
    vacation taken and called off again and again would stretch a deadline for ever."""
    if user is None or vacation.user_id != getattr(user, "pk", None):
        raise VacationError(_("This is not your vacation."))
    first = today()
    with transaction.atomic():
        if vacation.ends < first:
            raise VacationError(_("This vacation is over."))
        given_back = (max(first, vacation.starts), vacation.ends)
        if vacation.starts >= first:
            vacation.delete()
        else:
            vacation.ends = first - dt.timedelta(days=1)
            vacation.save(update_fields=["ends"])
        vacation_cancelled(user, *given_back)


def days_left(user, year: int) -> int:
    """The vacation days ``user`` may still take in calendar ``year``."""
    taken = 0
    first, last = dt.date(year, 1, 1), dt.date(year, 12, 31)
    for vacation in Vacation.objects.filter(user=user, starts__lte=last, ends__gte=first):
        taken += _overlap(vacation.starts, vacation.ends, first, last)
    return max(0, VACATION_DAYS_A_YEAR - taken)


def on_vacation(user, day: dt.date) -> bool:
    """Whether ``user`` is away on ``day``."""
    if user is None or getattr(user, "pk", None) is None:
        return False
    return Vacation.objects.filter(user=user, starts__lte=day, ends__gte=day).exists()


def _days_by_year(starts: dt.date, ends: dt.date) -> dict[int, int]:
    return {
        year: _overlap(starts, ends, dt.date(year, 1, 1), dt.date(year, 12, 31))
        for year in range(starts.year, ends.year + 1)
    }


def _overlap(a: dt.date, b: dt.date, c: dt.date, d: dt.date) -> int:
    return max(0, (min(b, d) - max(a, c)).days + 1)


def _date(value: dt.date) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value
