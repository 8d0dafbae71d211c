"""Club players: members (maybe with a login), guests typed in at a table, bots; and
what a member chose about mail."""

from __future__ import annotations

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..players import name_key


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
        # By name: the Seat model's module imports this one.
        played = apps.get_model("scoring", "Seat").objects.filter(player=models.OuterRef("pk"))
        runs_the_club = models.Q(user__is_superuser=True) | models.Q(user__is_staff=True)
        return self.filter(is_bot=False).exclude(runs_the_club & ~models.Exists(played))

    def search(self, text: str):
        """Players whose name contains ``text``, case-insensitively."""
        text = text.strip()
        return self.filter(name__icontains=text) if text else self

    def named(self, name: str):
        """The player whose name is ``name`` in any spelling (case, width, accents composed)."""
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
    mail_your_turn = models.BooleanField(_("mail when it is your turn"), default=False)

    class Meta:
        verbose_name = _("member profile")
        verbose_name_plural = _("member profiles")

    def __str__(self) -> str:
        return str(self.user)
