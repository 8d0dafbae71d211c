"""Club players (the scoring domain; sessions and results join them later)."""

from __future__ import annotations

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
