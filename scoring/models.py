"""Club players (the scoring domain; sessions and results join them later)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower


class PlayerQuerySet(models.QuerySet):
    def members(self):
        """Players who belong to the club (not guests typed in at a table)."""
        return self.filter(is_guest=False)

    def search(self, text: str):
        """Players whose name contains ``text``, case-insensitively."""
        text = text.strip()
        return self.filter(name__icontains=text) if text else self


class Player(models.Model):
    """Someone who plays: a member, maybe with a login, or a guest named at a table."""

    name = models.CharField(
        "display name",
        max_length=40,
        help_text="How the club knows this player; unique within the club.",
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        help_text="The login that plays as this player, if any.",
    )
    is_guest = models.BooleanField(
        "guest", default=False, help_text="A visitor added by name at a table."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="player_name_unique_ci",
                violation_error_message="A player with this name already exists in the club.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (guest)" if self.is_guest else self.name


# --- Play sessions ----------------------------------------------------------------------------
# One play of one game, logged at a real table (tabletop) or played here (online). The rounds
# hold the raw entry in the score-sheet JSON format (docs/scorekeeper.md); totals and places
# are what the rules engines computed from them, stored on the seats for the leaderboard.


class PlaySessionQuerySet(models.QuerySet):
    def finished(self):
        return self.filter(status=PlaySession.Status.FINISHED)

    def in_progress(self):
        return self.filter(status=PlaySession.Status.IN_PROGRESS)

    def for_game(self, game: str | None):
        """Sessions of one game; all of them when ``game`` is empty."""
        return self.filter(game=game) if game else self

    def newest_first(self):
        return self.order_by(models.F("finished_at").desc(nulls_last=True), "-created_at", "-id")

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
        TABLETOP = "tabletop", "at a real table"
        ONLINE = "online", "online"

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "in progress"
        FINISHED = "finished", "finished"

    GAME_CHOICES = [
        ("sarkophag", "Sarkophag"),
        ("sacrifice", "Sacrifice"),
        ("sarcophagus", "Sarcophagus"),
        ("sarg", "Sarg"),
    ]

    public_id = models.UUIDField(
        default=uuid.uuid4, unique=True, editable=False, help_text="The id in the sheet's link."
    )
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.TABLETOP)
    options = models.JSONField(
        default=dict, blank=True, help_text='Table options, e.g. {"limit": 100} for Sarkophag.'
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="play_sessions",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(
        default=0, help_text="Goes up by one with every change; stale edits are refused."
    )

    objects = PlaySessionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "game", "-finished_at"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} on {self.created_at:%Y-%m-%d %H:%M} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def can_edit(self, user) -> bool:
        """The creator and organisers (staff) edit a sheet; anyone with its link watches."""
        return bool(
            user.is_authenticated
            and (user.is_staff or (self.created_by_id and self.created_by_id == user.pk))
        )


class Seat(models.Model):
    """One player at a session, in seat order, with their role and result."""

    session = models.ForeignKey(PlaySession, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="0 is the first seat.")
    role = models.CharField(max_length=20, blank=True, help_text="Sarg: queen or king.")
    score = models.IntegerField(null=True, blank=True, help_text="Total in the game's unit.")
    place = models.PositiveSmallIntegerField(null=True, blank=True, help_text="1 = best.")

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["session", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} at seat {self.position + 1}"


class Round(models.Model):
    """One round of a session (Sarkophag, Sarg) or the end-of-game entry (Sarcophagus,
    Sacrifice: a single round 1). ``entry`` is the raw entry as in the sheet JSON."""

    session = models.ForeignKey(PlaySession, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(help_text="1 is the first round.")
    entry = models.JSONField(help_text="The raw entry, as in the score-sheet JSON.")
    credited = models.JSONField(
        default=list, blank=True, help_text="Points credited per seat, in seat order."
    )
    changed_in_version = models.PositiveIntegerField(
        default=0, help_text="The session version in which this round was last written."
    )

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"
