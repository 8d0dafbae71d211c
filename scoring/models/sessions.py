"""Play sessions with their seats and rounds, and the club's calendar day."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engines.registry import game_choices

from ..seat_keys import to_names
from .players import Player

# --- Play sessions ----------------------------------------------------------------------------
# One play of one game, logged at a real table (tabletop) or played here (online). The rounds
# hold the raw entry in the score-sheet JSON format, by seat (docs/scorekeeper.md); totals and
# places are what the rules engines computed from them, stored on the seats for the leaderboard.


class PlaySessionQuerySet(models.QuerySet):
    def finished(self):
        return self.filter(status=PlaySession.Status.FINISHED)

    def rated(self):
        """Sessions that are rating events: finished and not voided."""
        return self.filter(status=PlaySession.Status.FINISHED, voided_at__isnull=True)

    def in_progress(self):
        return self.filter(status=PlaySession.Status.IN_PROGRESS)

    def for_game(self, game: str | None):
        """Sessions of one game; all of them when ``game`` is empty."""
        return self.filter(game=game) if game else self

    def newest_first(self):
        """By the played date: a finished session's ``finished_at`` lies on it, a sheet in
        progress has ``played_on`` alone."""
        return self.order_by(
            models.F("finished_at").desc(nulls_last=True), "-played_on", "-created_at", "-id"
        )

    def locations(self):
        """The club's places: every location typed before, most used first."""
        return (
            self.exclude(location="")
            .values_list("location", flat=True)
            .annotate(n=models.Count("id"))
            .order_by("-n", "location")
        )

    def editable_by(self, user):
        """Sessions ``user`` may edit: their own, or every one for organisers (staff)."""
        if not user.is_authenticated:
            return self.none()
        return self if user.is_staff else self.filter(created_by=user)

    def with_seats(self):
        return self.prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )


class PlaySession(models.Model):
    class Mode(models.TextChoices):
        TABLETOP = "tabletop", _("at a real table")
        ONLINE = "online", _("online")

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    GAME_CHOICES = game_choices()

    public_id = models.UUIDField(
        _("public id"),
        default=uuid.uuid4,
        unique=True,
        editable=False,
        help_text=_("The id in the sheet's link."),
    )
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.TABLETOP)
    options = models.JSONField(
        _("options"),
        default=dict,
        blank=True,
        help_text=_('Table options, e.g. {"limit": 100} for Sarkophag.'),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.IN_PROGRESS
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="play_sessions",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"),
        default=0,
        help_text=_("Goes up by one with every change; stale edits are refused."),
    )
    voided_at = models.DateTimeField(
        _("voided"),
        null=True,
        blank=True,
        help_text=_("Set when an organiser voids the session: kept, but out of the ratings."),
    )
    played_on = models.DateField(
        _("played on"),
        null=True,
        blank=True,
        help_text=_(
            "The day the game was played, in the club's time zone. Once finished, always "
            "the day of “finished”, which ratings, standings, seasons and the league use."
        ),
    )
    location = models.CharField(
        _("location"), max_length=100, blank=True, default="", help_text=_("Where it was played.")
    )
    notes = models.TextField(_("notes"), max_length=2000, blank=True, default="")

    objects = PlaySessionQuerySet.as_manager()

    class Meta:
        verbose_name = _("play session")
        verbose_name_plural = _("play sessions")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "game", "-finished_at"])]

    def __str__(self) -> str:
        """The game and when it was played (finished; started while in progress), in the
        club's time zone and the reader's date format: what an organiser knows it by."""
        return f"{self.get_game_display()}, {played_label(self.played_at)}"

    def save(self, *args, **kwargs):
        """``played_on`` always follows ``finished_at`` (one truth for the played date,
        also on ``save(update_fields=["finished_at"])``); a new sheet is played today."""
        if self.finished_at is not None:
            self.played_on = club_date(self.finished_at)
        elif self.played_on is None:
            self.played_on = club_today()
        fields = kwargs.get("update_fields")
        if fields is not None and "finished_at" in fields:
            kwargs["update_fields"] = {*fields, "played_on"}
        super().save(*args, **kwargs)

    @property
    def played_at(self) -> dt.datetime | None:
        """When the game was played: finished, else started (a sheet in progress; the
        start of its played day when the keeper set an earlier one)."""
        if self.finished_at is not None:
            return self.finished_at
        if self.played_on and self.created_at and self.played_on != club_date(self.created_at):
            return at_club_midnight(self.played_on)
        return self.created_at

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def can_edit(self, user) -> bool:
        """The creator and organisers (staff) edit a sheet; anyone with its link watches."""
        return bool(
            user.is_authenticated
            and (user.is_staff or (self.created_by_id and self.created_by_id == user.pk))
        )


def club_today() -> dt.date:
    """Today in the club's time zone (``TIME_ZONE``), whatever the reader's."""
    return timezone.localdate(timezone=timezone.get_default_timezone())


def club_date(moment: dt.datetime) -> dt.date:
    """The club's calendar day of ``moment``."""
    return timezone.localtime(moment, timezone.get_default_timezone()).date()


def at_club_midnight(day: dt.date) -> dt.datetime:
    """The first instant of ``day`` in the club's time zone."""
    return dt.datetime.combine(day, dt.time(), tzinfo=timezone.get_default_timezone())


def played_label(moment: dt.datetime | None) -> str:
    """``moment`` in the club's time zone (``TIME_ZONE``), in the active language's short
    format: 1 Mar 2025, 20:30 in English, 01.03.2025 20:30 in German; midnight (a date
    imported without a time) as the day alone."""
    if moment is None:
        return ""
    local = timezone.localtime(moment, timezone.get_default_timezone())
    day_only = local.time() == dt.time()
    return formats.date_format(local, "SHORT_DATE_FORMAT" if day_only else "SHORT_DATETIME_FORMAT")


class Seat(models.Model):
    """One player at a session, in seat order, with their role and result."""

    session = models.ForeignKey(
        PlaySession, on_delete=models.CASCADE, related_name="seats", verbose_name=_("session")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    position = models.PositiveSmallIntegerField(_("position"), help_text=_("0 is the first seat."))
    role = models.CharField(
        _("role"), max_length=20, blank=True, help_text=_("Sarg: queen or king.")
    )
    score = models.IntegerField(
        _("score"), null=True, blank=True, help_text=_("Total in the game's unit.")
    )
    place = models.PositiveSmallIntegerField(
        _("place"), null=True, blank=True, help_text=_("1 = best.")
    )
    left = models.BooleanField(
        _("left"),
        default=False,
        db_default=False,  # rows written by hand (bulk imports) need not name it
        help_text=_(
            "Online: the player ran out of time too often and a bot finished the game; "
            "ranked last in the ratings."
        ),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["session", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return gettext("%(name)s at seat %(seat)d") % {
            "name": self.player.name,
            "seat": self.position + 1,
        }


class Round(models.Model):
    """One round of a session (Sarkophag, Sarg) or the end-of-game entry (Sarcophagus,
    Sacrifice: a single round 1). ``entry`` is the raw entry as in the sheet JSON, except
    that it names seats where the sheet names players (``scoring.seat_keys``)."""

    session = models.ForeignKey(
        PlaySession, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("session")
    )
    number = models.PositiveSmallIntegerField(_("number"), help_text=_("1 is the first round."))
    entry = models.JSONField(
        _("entry"),
        help_text=_(
            "The raw entry, as in the score-sheet JSON, its players named by seat (0 is the first)."
        ),
    )
    credited = models.JSONField(
        _("credited"),
        default=list,
        blank=True,
        help_text=_("Points credited per seat, in seat order."),
    )
    changed_in_version = models.PositiveIntegerField(
        _("changed in version"),
        default=0,
        help_text=_("The session version in which this round was last written."),
    )

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return gettext("Round %(number)d") % {"number": self.number}

    def entry_in(self, names: list[str]) -> dict[str, Any]:
        """The entry in the sheet format, its seats named ``names`` (in seat order): stored,
        it names seats, not players (``scoring.seat_keys``)."""
        return to_names(self.entry, names)

    def named_entry(self) -> dict[str, Any]:
        """The entry in the sheet format, named as the session's players are now."""
        seats = self.session.seats.select_related("player").order_by("position")
        return self.entry_in([seat.player.name for seat in seats])
