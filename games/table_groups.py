"""The channel group of a table's sockets, named in one place for the services that tell
them (``games.tables``, ``games.clocks``) and the consumers that listen."""

from __future__ import annotations

import uuid

from django.db import transaction

from sarco.group_messages import send

from .models import Table


def group_name(table: Table | uuid.UUID | str) -> str:
    """The channel group of a table's sockets: ``table-<public_id hex>``."""
    public_id = table.public_id if isinstance(table, Table) else uuid.UUID(str(table))
    return f"table-{public_id.hex}"


def tell_changed(table: Table) -> None:
    """After the commit: the table's pages draw it again (something other than a move
    changed, e.g. a clock)."""
    group = group_name(table)
    message = {"type": "table.version", "version": table.version, "force": True}
    transaction.on_commit(lambda: send(group, message), robust=True)
