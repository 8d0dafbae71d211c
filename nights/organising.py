"""Announcing, changing and cancelling nights: who may, and the one place that writes them.

Organisers (the ``nights.add_night`` permission) announce nights; any member may too when
the setting ``NIGHTS_ANYONE_ANNOUNCES`` is on. Changing or cancelling a night is for
organisers and for whoever announced it. Every change bumps ``sequence`` so calendars that
subscribed see the new version.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from . import attendance
from .models import Night


def can_announce(user) -> bool:
    if not user.is_authenticated:
        return False
    return user.has_perm("nights.add_night") or getattr(settings, "NIGHTS_ANYONE_ANNOUNCES", False)


def can_change(user, night: Night) -> bool:
    if not user.is_authenticated:
        return False
    return user.has_perm("nights.change_night") or (
        night.created_by_id == user.pk and can_announce(user)
    )


def club_moment(day: dt.date, time: dt.time) -> dt.datetime:
    """``day`` at ``time`` in the club's time zone."""
    return timezone.make_aware(dt.datetime.combine(day, time), timezone.get_default_timezone())


def announce(user, *, day, time, place="", note="", capacity=None) -> Night:
    return Night.objects.create(
        starts_at=club_moment(day, time),
        place=place,
        note=note,
        capacity=capacity,
        created_by=user,
    )


def announce_weekly(user, *, weeks: int, day, time, **fields) -> list[Night]:
    """The night and the same night in each of the next ``weeks - 1`` weeks."""
    with transaction.atomic():
        return [
            announce(user, day=day + dt.timedelta(weeks=n), time=time, **fields)
            for n in range(weeks)
        ]


def change(night: Night, *, day, time, place="", note="", capacity=None) -> Night:
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        locked.starts_at = club_moment(day, time)
        locked.place = place
        locked.note = note
        locked.capacity = capacity
        locked.sequence = F("sequence") + 1
        locked.save()
        locked.refresh_from_db()
    attendance.capacity_changed(night.pk)
    return locked


def cancel(night: Night) -> None:
    """Mark the night cancelled (kept, with who comes); twice is once."""
    Night.objects.filter(pk=night.pk, cancelled_at__isnull=True).update(
        cancelled_at=timezone.now(), sequence=F("sequence") + 1
    )
