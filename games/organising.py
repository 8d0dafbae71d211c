"""What organisers do to online tables, each with its audit entry (scoring.organising's trail).

The table itself changes only through ``games.tables`` (``abandon``, ``hand_to_bot``); this
module adds the reason and the record of who did it.
"""

from __future__ import annotations

from django.db import transaction

from scoring.models import AuditEntry
from scoring.organising import clean_reason, record

from . import tables
from .models import Table


def _seats(table: Table) -> list[dict]:
    return [
        {
            "seat": s.position + 1,
            "user": s.user.get_username() if s.user else None,
            "bot": s.bot_level,
        }
        for s in table.seats.select_related("user").order_by("position")
    ]


def _state(table: Table) -> dict:
    return {"status": table.status, "version": table.version, "seats": _seats(table)}


def abandon(table: Table, *, by, reason: str) -> AuditEntry:
    """End a stuck table: nothing is recorded in the scores, the bots stop."""
    reason = clean_reason(reason)
    with transaction.atomic():
        before = _state(Table.objects.get(pk=table.pk))
        table = tables.abandon(table, by)
        return record(
            by, AuditEntry.Action.ABANDON, table, before=before, after=_state(table), reason=reason
        )


def hand_seat_to_bot(
    table: Table, position: int, *, by, reason: str, level: str = "heuristic"
) -> AuditEntry:
    """A bot plays an absent player's seat from now on (the player can take it back)."""
    reason = clean_reason(reason)
    with transaction.atomic():
        before = _state(Table.objects.get(pk=table.pk))
        table = tables.hand_to_bot(table, position, by, level)
        after = _state(table)
        after["handed"] = {"seat": position + 1, "level": level}
        return record(
            by, AuditEntry.Action.HAND_TO_BOT, table, before=before, after=after, reason=reason
        )
