"""How scoring links a session played online to its table's replay (``scoring.replays``)."""

from __future__ import annotations

from typing import Any

from django.db.models import OuterRef, Subquery
from django.db.models.expressions import Expression
from django.urls import reverse

from .models import Table


class TableReplays:
    """A session's replay is that of the first table that recorded it."""

    def reference(self, session: str) -> Expression:
        tables = Table.objects.filter(session=OuterRef(session)).order_by("id")
        return Subquery(tables.values("public_id")[:1])

    def url(self, reference: Any) -> str:
        return reverse("play:replay", args=[reference])


TABLE_REPLAYS = TableReplays()
