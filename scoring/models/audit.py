"""The audit trail: who changed what an organiser may change, when and why."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


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
