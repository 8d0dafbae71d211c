"""Club players (the scoring domain; sessions and results join them later)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .seat_keys import to_names


class PlayerQuerySet(models.QuerySet):
    def members(self):
        """Players who belong to the club (not guests typed in at a table)."""
        return self.filter(is_guest=False, is_bot=False)

    def people(self):
        """Members and guests: everyone but the bots."""
        return self.filter(is_bot=False)

    def pickable(self):
        """Who a keeper picks at a table or an organiser merges into: no bots, and no
        administrator's or organiser's login that never played (an account made to run the
        club, e.g. by ``createorganizer``, is not a club member until it plays)."""
        played = Seat.objects.filter(player=models.OuterRef("pk"))
        runs_the_club = models.Q(user__is_superuser=True) | models.Q(user__is_staff=True)
        return self.filter(is_bot=False).exclude(runs_the_club & ~models.Exists(played))

    def search(self, text: str):
        """Players whose name contains ``text``, case-insensitively."""
        text = text.strip()
        return self.filter(name__icontains=text) if text else self

    def named(self, name: str):
        """The player whose name is ``name`` in any spelling (case, width, accents composed)."""
        from .players import name_key

        return self.filter(name_key=name_key(name))

    def bulk_create(self, objs, *args, **kwargs):
        """Bulk creation skips ``save()``: fill the name keys here."""
        objs = list(objs)
        for player in objs:
            player.fill_name_key()
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    """Someone who plays: a member, maybe with a login, or a guest named at a table."""

    name = models.CharField(
        _("display name"),
        max_length=40,
        help_text=_("How the club knows this player; unique within the club."),
    )
    name_key = models.CharField(
        _("name key"),
        max_length=200,
        editable=False,
        help_text=_("The name as compared (scoring.players.name_key); unique in the club."),
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        help_text=_("The login that plays as this player, if any."),
        verbose_name=_("user"),
    )
    is_guest = models.BooleanField(
        _("guest"), default=False, help_text=_("A visitor added by name at a table.")
    )
    is_bot = models.BooleanField(
        _("bot"), default=False, help_text=_("A computer player seated at an online table.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(
                fields=["name_key"],
                name="player_name_key_unique",
                violation_error_message=_("A club player already has this name."),
            )
        ]

    def __str__(self) -> str:
        if self.is_bot:
            return gettext("%(name)s (bot)") % {"name": self.name}
        if self.is_guest:
            return gettext("%(name)s (guest)") % {"name": self.name}
        return self.name

    def save(self, *args, **kwargs):
        """The name key always follows the name (also on ``save(update_fields=["name"])``)."""
        self.fill_name_key()
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_key"}
        super().save(*args, **kwargs)

    def clean(self):
        """The admin's check of the unique name: the key is not a form field, so not checked
        by the constraint's own validation."""
        super().clean()
        self.fill_name_key()
        if Player.objects.filter(name_key=self.name_key).exclude(pk=self.pk).exists():
            raise ValidationError({"name": _("A club player already has this name.")})

    def fill_name_key(self) -> None:
        from .players import name_key

        self.name_key = name_key(self.name)


# --- Members' mail: address and preferences --------------------------------------------------


class MemberProfile(models.Model):
    """What a member chose about mail. The confirmed address is the user's own ``email`` (so
    Django's password reset finds only confirmed addresses); one waiting for its link is kept
    here until it is confirmed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="member_profile",
        verbose_name=_("user"),
    )
    pending_email = models.EmailField(
        _("address awaiting confirmation"),
        blank=True,
        help_text=_("Used for nothing until its owner follows the link mailed to it."),
    )
    mail_club_nights = models.BooleanField(_("mail about club nights"), default=True)
    mail_your_turn = models.BooleanField(_("mail when it is your turn"), default=True)

    class Meta:
        verbose_name = _("member profile")
        verbose_name_plural = _("member profiles")

    def __str__(self) -> str:
        return str(self.user)


# --- Seasons and the audit trail (organisers) ---------------------------------------------------


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
        from .leaderboard.points import PointsRefused, parse_fixed

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


class AuditEntryQuerySet(models.QuerySet):
    def about(self, obj):
        """Entries whose target is ``obj`` (any model), newest first."""
        from django.contrib.contenttypes.models import ContentType

        kind = ContentType.objects.get_for_model(obj, for_concrete_model=False)
        return self.filter(target_type=kind, target_id=str(obj.pk)).order_by("-at", "-id")


class AuditEntry(models.Model):
    """One thing an organiser did: who, when, what (before and after) and why. Written only by
    ``scoring.organising``; never changed or deleted afterwards."""

    class Action(models.TextChoices):
        CORRECT = "correct", _("correction")
        VOID = "void", _("void")
        RESTORE = "restore", _("restore")
        DELETE = "delete", _("delete")
        MERGE = "merge", _("merge")
        UNDO_MERGE = "undo_merge", _("undo a merge")
        RENAME = "rename", _("rename")
        LINK = "link", _("link to a login")
        ABANDON = "abandon", _("abandon a table")
        HAND_TO_BOT = "hand_to_bot", _("hand a seat to a bot")
        REDATE = "redate", _("change the played date")

    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("who"),
    )
    actor_name = models.CharField(
        _("who (as then)"), max_length=150, help_text=_("Kept if the login is deleted.")
    )
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    target_type = models.ForeignKey(
        "contenttypes.ContentType",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("kind of object"),
    )
    target_id = models.CharField(_("object id"), max_length=64)
    target_label = models.CharField(_("object"), max_length=200)
    before = models.JSONField(_("before"), default=dict, blank=True)
    after = models.JSONField(_("after"), default=dict, blank=True)
    reason = models.TextField(_("why"), blank=True)

    objects = AuditEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")  # "2 audit entries" under the list
        indexes = [models.Index(fields=["target_type", "target_id", "-at"])]

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.target_label}"


# --- Play sessions ----------------------------------------------------------------------------
# One play of one game, logged at a real table (tabletop) or played here (online). The rounds
# hold the raw entry in the score-sheet JSON format (docs/scorekeeper.md); totals and places
# are what the rules engines computed from them, stored on the seats for the leaderboard.


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

    GAME_CHOICES = [
        ("sarkophag", "Sarkophag"),
        ("sacrifice", "Sacrifice"),
        ("sarcophagus", "Sarcophagus"),
        ("sarg", "Sarg"),
    ]

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


# --- Ratings (docs/contracts/ratings-api.md) ------------------------------------------------------
# Stored so that pages read them instead of replaying history: one Rating per player and
# game (the state after every event), one RatingEvent per seat of every rated session (the
# state after that event, for charts, trends, filtered replays and per-player aggregates),
# and one RatingLedger row per game (the newest event applied; locked while ratings change).


class Rating(models.Model):
    """A player's OpenSkill rating in one game after every rated session so far."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=20, choices=PlaySession.GAME_CHOICES)
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    ordinal = models.FloatField(
        _("ordinal"), help_text=_("mu - 3 sigma, the number shown; stored to sort by.")
    )
    games = models.PositiveIntegerField(
        _("games"), default=0, help_text=_("Rating events counted.")
    )
    wins = models.PositiveIntegerField(
        _("wins"), default=0, help_text=_("Events with place 1 (ties too).")
    )
    last_played = models.DateTimeField(_("last played"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["game", "-ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_player_game_unique")
        ]
        indexes = [models.Index(fields=["game", "-ordinal"])]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}: {self.ordinal:.1f}"


class RatingEvent(models.Model):
    """One seat of one rated session, with the rating after it and the seat's result."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_events", verbose_name=_("player")
    )
    session = models.ForeignKey(
        PlaySession,
        on_delete=models.CASCADE,
        related_name="rating_events",
        verbose_name=_("session"),
    )
    game = models.CharField(_("game"), max_length=20, choices=PlaySession.GAME_CHOICES)
    mode = models.CharField(_("mode"), max_length=10, choices=PlaySession.Mode.choices)
    at = models.DateTimeField(_("at"), help_text=_("The session's finished_at."))
    position = models.PositiveSmallIntegerField(_("position"))
    place = models.PositiveSmallIntegerField(_("place"))
    score = models.IntegerField(_("score"), null=True, blank=True)
    opponents = models.PositiveSmallIntegerField(
        _("opponents"), help_text=_("Other seats at the session.")
    )
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    ordinal = models.FloatField(_("ordinal"))

    class Meta:
        verbose_name = _("rating event")
        verbose_name_plural = _("rating events")
        ordering = ["at", "session_id", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player"], name="rating_event_session_player_unique"
            )
        ]
        indexes = [
            models.Index(fields=["game", "at", "session"]),
            models.Index(fields=["player", "game", "at", "session"]),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after session {self.session_id}: {self.ordinal:.1f}"


class RatingLedger(models.Model):
    """Per game: the newest event applied, and a generation that changes with every update
    (cache keys of filtered standings use it). Its row is locked while ratings change."""

    game = models.CharField(_("game"), max_length=20, choices=PlaySession.GAME_CHOICES, unique=True)
    last_at = models.DateTimeField(_("last event"), null=True, blank=True)
    last_session_id = models.BigIntegerField(_("last session id"), null=True, blank=True)
    generation = models.PositiveBigIntegerField(_("generation"), default=0)

    class Meta:
        verbose_name = _("rating ledger")
        verbose_name_plural = _("rating ledgers")

    def __str__(self) -> str:
        return f"{self.game} ratings, generation {self.generation}"


class SeatRecord(models.Model):
    """A seat's game-specific highlights, read from the computed sheet when its session
    counts (scoring.records): what the player page's records are the best of."""

    session = models.ForeignKey(
        PlaySession, on_delete=models.CASCADE, related_name="records", verbose_name=_("session")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="records", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=20, choices=PlaySession.GAME_CHOICES)
    best_round = models.IntegerField(
        _("best round"), null=True, blank=True, help_text=_("Sarg: most in a round.")
    )
    best_line = models.IntegerField(
        _("best line"), null=True, blank=True, help_text=_("Sarg: best scored line.")
    )
    fewest_heads = models.IntegerField(
        _("fewest heads"), null=True, blank=True, help_text=_("Sarkophag: fewest heads in a round.")
    )
    altar = models.IntegerField(
        _("altar"), null=True, blank=True, help_text=_("Sacrifice: altar points.")
    )

    class Meta:
        verbose_name = _("seat record")
        verbose_name_plural = _("seat records")
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="seat_record_unique")
        ]
        indexes = [models.Index(fields=["player", "game"])]

    def __str__(self) -> str:
        return f"records of {self.player_id} in session {self.session_id}"


class SheetImport(models.Model):
    """How a session came in through the bulk import: the sheet's own ``id`` if it had one,
    and a fingerprint of game, date, players and entries, so a re-import skips it."""

    session = models.OneToOneField(
        PlaySession,
        on_delete=models.CASCADE,
        related_name="sheet_import",
        verbose_name=_("session"),
    )
    source_id = models.CharField(_("source id"), max_length=200, null=True, blank=True, unique=True)
    fingerprint = models.CharField(_("fingerprint"), max_length=64, db_index=True)

    class Meta:
        verbose_name = _("sheet import")
        verbose_name_plural = _("sheet imports")

    def __str__(self) -> str:
        return self.source_id or self.fingerprint[:12]


class AppliedEdit(models.Model):
    """An edit a phone sent with its own key (an entry typed offline, replayed later): the
    key is kept so that the same entry arriving twice, even after a restart, applies once."""

    key = models.UUIDField(_("key"), unique=True, help_text=_("Made by the phone, per entry."))
    session = models.ForeignKey(
        PlaySession,
        on_delete=models.CASCADE,
        related_name="applied_edits",
        verbose_name=_("session"),
    )
    op = models.CharField(_("edit"), max_length=10)
    number = models.PositiveSmallIntegerField(
        _("round"), null=True, blank=True, help_text=_("The round the edit wrote.")
    )
    applied_at = models.DateTimeField(_("applied"), auto_now_add=True)

    class Meta:
        verbose_name = _("applied edit")
        verbose_name_plural = _("applied edits")

    def __str__(self) -> str:
        return str(self.key)
