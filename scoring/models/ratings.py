"""Ratings and per-seat records (docs/contracts/ratings-api.md)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .players import Player
from .sessions import PlaySession

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
