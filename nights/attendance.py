"""Every write to a night's attendance: come, take it back, the waiting list moving up.

Each change locks the night's row first (SELECT ... FOR UPDATE on PostgreSQL; SQLite's
IMMEDIATE transactions serialise writers anyway), so two members taking the last seat at
the same moment cannot both get it: the second waits for the first and then finds it taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from .models import Attendance, Night


class AttendanceRefused(Exception):
    """A change the night does not allow; the message says why."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class Outcome:
    waiting: bool  # the member is on the waiting list (not a seat)
    moved_up: tuple[int, ...] = ()  # user ids who got a seat through this change


def _locked(night_id: int) -> Night:
    night = Night.objects.select_for_update().filter(pk=night_id).first()
    if night is None:
        raise AttendanceRefused(_("There is no such night."))
    return night


def _open(night: Night) -> None:
    if night.is_cancelled:
        raise AttendanceRefused(_("This night is cancelled."))
    if night.is_over:
        raise AttendanceRefused(_("This night is over."))


def seats_taken(night: Night) -> int:
    return night.attendances.filter(waiting=False).count()


def come(night_id: int, user) -> Outcome:
    """Say ``user`` comes: a seat while there is one, else the end of the waiting list.
    Saying it twice changes nothing."""
    with transaction.atomic():
        night = _locked(night_id)
        _open(night)
        existing = night.attendances.filter(user=user).first()
        if existing is not None:
            return Outcome(waiting=existing.waiting)
        full = night.capacity is not None and seats_taken(night) >= night.capacity
        Attendance.objects.create(night=night, user=user, waiting=full)
        return Outcome(waiting=full)


def leave(night_id: int, user) -> Outcome:
    """Take it back: the seat goes to the first on the waiting list."""
    with transaction.atomic():
        night = _locked(night_id)
        deleted, _rows = night.attendances.filter(user=user).delete()
        if not deleted:
            return Outcome(waiting=False)
        return Outcome(waiting=False, moved_up=_fill_seats(night))


def _fill_seats(night: Night) -> tuple[int, ...]:
    """Move the waiting list up, first come first served, while seats are free. The caller
    holds the night's lock."""
    queue = night.attendances.filter(waiting=True).order_by("joined_at", "id")
    if night.capacity is not None:
        queue = queue[: max(night.capacity - seats_taken(night), 0)]
    moved = tuple(queue.values_list("pk", "user_id"))
    Attendance.objects.filter(pk__in=[pk for pk, _user in moved]).update(waiting=False)
    return tuple(user_id for _pk, user_id in moved)


def capacity_changed(night_id: int) -> tuple[int, ...]:
    """After the capacity grew (or went): the waiting list moves up. A smaller capacity sends
    nobody who has a seat back to the waiting list; new members wait until it is met."""
    with transaction.atomic():
        return _fill_seats(_locked(night_id))


def standing(night: Night, user) -> Attendance | None:
    if not user.is_authenticated:
        return None
    return night.attendances.filter(user=user).first()
