"""Club nights: an evening the club meets, who comes, who waits, and the games played there.

Every write to attendance goes through ``nights.attendance``, which locks the night's row so
a night is never overbooked.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.models import PlaySession, club_date, club_today

PLACE_LENGTH = 100
NOTE_LENGTH = 2000


class NightQuerySet(models.QuerySet):
    def upcoming(self, now: dt.datetime | None = None):
        """Nights from today on (in the club's time zone), soonest first."""
        today = club_date(now or timezone.now())
        start = dt.datetime.combine(today, dt.time(), tzinfo=timezone.get_default_timezone())
        return self.filter(starts_at__gte=start).order_by("starts_at", "id")

    def past(self, now: dt.datetime | None = None):
        """Nights before today, latest first."""
        today = club_date(now or timezone.now())
        start = dt.datetime.combine(today, dt.time(), tzinfo=timezone.get_default_timezone())
        return self.filter(starts_at__lt=start).order_by("-starts_at", "-id")


class Night(models.Model):
    """One club night. A cancelled night is kept, marked by ``cancelled_at``."""

    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    place = models.CharField(_("location"), max_length=PLACE_LENGTH, blank=True, default="")
    note = models.TextField(_("note"), max_length=NOTE_LENGTH, blank=True, default="")
    capacity = models.PositiveSmallIntegerField(
        _("capacity"), null=True, blank=True, help_text=_("Empty: no limit.")
    )
    cancelled_at = models.DateTimeField(_("cancelled"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("announced by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    sequence = models.PositiveIntegerField(
        _("revision"), default=0, help_text=_("Counts the changes, for calendars.")
    )

    objects = NightQuerySet.as_manager()

    class Meta:
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")
        ordering = ["starts_at", "id"]

    def __str__(self) -> str:
        local = timezone.localtime(self.starts_at, timezone.get_default_timezone())
        return f"{local:%Y-%m-%d %H:%M} {self.place}".strip()

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled_at is not None

    @property
    def is_over(self) -> bool:
        """The night's day has passed (in the club's time zone): nobody joins any more."""
        return self.day < club_today()

    @property
    def local_start(self) -> dt.datetime:
        return timezone.localtime(self.starts_at, timezone.get_default_timezone())

    @property
    def day(self) -> dt.date:
        return self.local_start.date()


class Attendance(models.Model):
    """A member who said they come: in the first ``capacity`` places, or waiting."""

    night = models.ForeignKey(
        Night, on_delete=models.CASCADE, related_name="attendances", verbose_name=_("night")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="night_attendances",
        verbose_name=_("member"),
    )
    joined_at = models.DateTimeField(_("said so at"), default=timezone.now)
    waiting = models.BooleanField(_("on the waiting list"), default=False)

    class Meta:
        verbose_name = _("attendance")
        verbose_name_plural = _("attendances")
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "user"], name="attendance_night_user_unique")
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.night}"


class NightSession(models.Model):
    """A sheet or online game that belongs to a night (started from its page)."""

    night = models.ForeignKey(
        Night, on_delete=models.CASCADE, related_name="night_sessions", verbose_name=_("night")
    )
    session = models.OneToOneField(
        PlaySession,
        on_delete=models.CASCADE,
        related_name="night_link",
        verbose_name=_("session"),
    )

    class Meta:
        verbose_name = _("game of a night")
        verbose_name_plural = _("games of a night")

    def __str__(self) -> str:
        return f"{self.session} at {self.night}"


class NightTable(models.Model):
    """An online table opened from a night's page; its session, once written, is the
    night's too."""

    night = models.ForeignKey(
        Night, on_delete=models.CASCADE, related_name="night_tables", verbose_name=_("night")
    )
    table = models.OneToOneField(
        "games.Table",
        on_delete=models.CASCADE,
        related_name="night_link",
        verbose_name=_("table"),
    )

    class Meta:
        verbose_name = _("online table of a night")
        verbose_name_plural = _("online tables of a night")

    def __str__(self) -> str:
        return f"{self.table} at {self.night}"


class Reminder(models.Model):
    """A reminder mailed: one per member per night, never twice."""

    night = models.ForeignKey(
        Night, on_delete=models.CASCADE, related_name="reminders", verbose_name=_("night")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("member"),
    )
    sent_at = models.DateTimeField(_("sent"), default=timezone.now)

    class Meta:
        verbose_name = _("reminder")
        verbose_name_plural = _("reminders")
        constraints = [
            models.UniqueConstraint(fields=["night", "user"], name="reminder_night_user_unique")
        ]

    def __str__(self) -> str:
        return f"{self.user} for {self.night}"


class CalendarFeed(models.Model):
    """A member's private calendar feed: its secret token is the address; a new one revokes
    the old."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="night_feed",
        verbose_name=_("member"),
    )
    token = models.CharField(_("token"), max_length=64, unique=True)
    all_nights = models.BooleanField(
        _("all nights"), default=False, help_text=_("Off: only the nights you come to.")
    )
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("calendar feed")
        verbose_name_plural = _("calendar feeds")

    def __str__(self) -> str:
        return f"{self.user}"
