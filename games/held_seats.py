"""A seat's way back to the table it is held with (``Table.hold_seats``), kept weakly.

A table worked out in memory (``recent_tables``) holds its seats, and each of them answers
``seat.table`` (and so ``to_act``) with that table, without a query. Were the seat to keep
its table as Django's own cache does, the two would point at each other, and every table
version a process lets go would be freed only by the cycle collector: some 40 objects a
move, which on a busy server stopped each process for 40-70 ms every few seconds
(docs/online-speed.md, "Paced as the peer paces; table versions freed as they are let go").
"""

from __future__ import annotations

import weakref
from typing import Any

from django.db.models.fields.related_descriptors import ForwardManyToOneDescriptor

HELD = "_held_table"  # on the seat: a weak reference to the table it is held with


def hold(seat: Any, table: Any) -> None:
    """``seat`` is ``table``'s from now on, weakly (``Table.hold_seats``)."""
    seat._state.fields_cache.pop("table", None)  # a copy's table, or the one read with it
    seat.__dict__[HELD] = weakref.ref(table)


class HeldSeat:
    """A seat model's mixin: its copied or pickled state leaves out the table it is held
    with (a copy is held by a table of its own; a weak reference cannot be pickled)."""

    def __getstate__(self) -> dict[str, Any]:
        return unheld(super().__getstate__())


def unheld(values: dict[str, Any]) -> dict[str, Any]:
    """A model's copied or pickled values (``values``, changed in place) without the table
    its seat is held with: ``HeldSeat.__getstate__`` and the copies of ``recent_tables``."""
    values.pop(HELD, None)
    return values


class HeldTableDescriptor(ForwardManyToOneDescriptor):
    """``seat.table``: the table the seat is held with while that table lives; else, as
    Django's own, the one loaded with the seat or read."""

    def __get__(self, instance, cls=None):
        if instance is not None:
            held = instance.__dict__.get(HELD)
            table = held() if held is not None else None
            if table is not None:
                return table
        return super().__get__(instance, cls)

    def __set__(self, instance, value):
        instance.__dict__.pop(HELD, None)
        super().__set__(instance, value)
