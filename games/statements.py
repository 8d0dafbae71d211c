"""Pieces for the few hand-written statements on hot paths (``move_writes``, ``presence``),
where compiling the ORM's query costs more than running it: a field's quoted column and a
value as the ORM would send it, so those statements store exactly what the ORM would."""

from __future__ import annotations

from typing import Any

from django.db import connection


def column(model, name: str) -> str:
    """The quoted column of ``model``'s field ``name``."""
    return connection.ops.quote_name(model._meta.get_field(name).column)


def table(model) -> str:
    """The quoted table of ``model``."""
    return connection.ops.quote_name(model._meta.db_table)


def db_value(model, name: str, value: Any) -> Any:
    """``value`` as the ORM would send it for the field (JSON adapted, datetimes aware, a
    UUID as this database keeps it)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def dumped_json(text: str) -> Any:
    """JSON already dumped to ``text``, as the ORM would send a JSON field's value (a move's
    state is dumped once, for its write and for its message)."""
    if connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        return Jsonb(text, dumps=_as_it_is)
    return text


def _as_it_is(text: str) -> str:
    return text
