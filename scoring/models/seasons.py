"""Seasons: the date ranges standings and the league are counted over."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class SeasonQuerySet(models.QuerySet):
    def containing(self, day):
        """Seasons whose date range includes ``day`` (a date)."""
        return self.filter(start__lte=day, end__gte=day)


class Season(models.Model):
    """A named date range (both ends included) that standings can be filtered by, and the
    rules of its league table (scoring.leaderboard.league)."""

    class Scheme(models.TextChoices):
        SHARED = "shared", _("six points a seat, shared by place")
        BEATEN = "beaten", _("share of opponents beaten (10 for beating all)")
        FIXED = "fixed", _("fixed points per place")

    name = models.CharField(_("name"), max_length=60, unique=True)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    scheme = models.CharField(
        _("points scheme"),
        max_length=10,
        choices=Scheme.choices,
        default=Scheme.SHARED,
        help_text=_(
            "How the league gives points per place. Six points a seat: a table of n players "
            "shares 6 n points by place, the last still scoring; tied players share their "
            "places' points."
        ),
    )
    fixed_points = models.CharField(
        _("fixed points per place"),
        max_length=100,
        blank=True,
        default="",
        help_text=_(
            "For the fixed scheme: points for 1st, 2nd, 3rd ... place, separated by commas, "
            "e.g. 10, 6, 3, 1. Places beyond the list score 0."
        ),
    )
    min_games = models.PositiveSmallIntegerField(
        _("minimum games to rank"),
        default=3,
        help_text=_("Players with fewer games in a game's table are listed, but not ranked."),
    )

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-start", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__gte=models.F("start")),
                name="season_ends_after_it_starts",
                violation_error_message=_("A season cannot end before it starts."),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        super().clean()
        from ..leaderboard.points import PointsRefused, parse_fixed

        if self.scheme == self.Scheme.FIXED:
            try:
                parse_fixed(self.fixed_points)
            except PointsRefused as exc:
                raise ValidationError({"fixed_points": exc.message}) from None

    def bounds(self):
        """[first instant, instant after the last day) in the current time zone, for
        filtering ``finished_at``."""
        tz = timezone.get_current_timezone()
        first = dt.datetime.combine(self.start, dt.time(), tzinfo=tz)
        after = dt.datetime.combine(self.end + dt.timedelta(days=1), dt.time(), tzinfo=tz)
        return first, after
