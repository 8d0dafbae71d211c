"""Where a session's data came from: a bulk import's sheet, an offline edit's key."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .sessions import PlaySession


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
