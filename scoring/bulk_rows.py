"""Many-row INSERTs without the ORM's per-row SQL compilation.

``bulk_create`` compiles every value of every object through the query compiler, which
costs more than the database itself when an import writes a million rows. Here each value
is prepared as its field would (``get_db_prep_save``; JSON and date-times by a shorter path
that gives the same), and the rows go through the driver in batches: ``executemany`` on
SQLite, ``COPY`` on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import gc
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import connections, router

BATCH = 5000
PLAIN = {
    "AutoField",
    "BigAutoField",
    "BigIntegerField",
    "CharField",
    "FloatField",
    "ForeignKey",
    "IntegerField",
    "PositiveBigIntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "SmallIntegerField",
    "TextField",
}


def insert_rows(model, fields: Sequence[str], rows: Iterable[Sequence]) -> int:
    """Insert ``rows`` (tuples of values in ``fields`` order; a foreign key's value is the
    related primary key) into ``model``'s table; the number inserted."""
    db = router.db_for_write(model)
    connection = connections[db]
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    head = f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in columns)}) "
    one = f"({', '.join(['%s'] * len(columns))})"
    # Plain numbers, text and keys go to the driver as they are; the rest is prepared.
    prepare = [_preparer(f, connection) for f in columns]
    # PostgreSQL takes many rows fastest through COPY; SQLite, in the process, by executemany.
    copy = connection.vendor == "postgresql"
    names = ", ".join(quote(f.column) for f in columns)
    count = 0
    batch: list[list] = []

    def flush(cursor) -> None:
        if copy:
            with cursor.cursor.copy(f"COPY {quote(meta.db_table)} ({names}) FROM STDIN") as out:
                for row in batch:
                    out.write_row(row)
        else:
            cursor.executemany(head + "VALUES " + one, batch)

    with connection.cursor() as cursor:
        for row in rows:
            prepared = zip(prepare, row, strict=True)
            batch.append([p(v) if p else v for p, v in prepared])
            if len(batch) >= BATCH:
                flush(cursor)
                count += len(batch)
                batch = []
        if batch:
            flush(cursor)
            count += len(batch)
    return count


def _preparer(field, connection) -> Callable[[Any], Any] | None:
    """How one column's values reach the driver: None when as they are; JSON and aware
    date-times by the short path that gives what ``get_db_prep_save`` gives (it costs more
    than the database itself at a million values); anything else by the field."""
    kind = field.get_internal_type()
    if kind in PLAIN:
        return None
    generic = lambda value: field.get_db_prep_save(value, connection)  # noqa: E731
    if kind == "JSONField" and field.encoder is None:
        dumps = json.dumps  # SQLite stores this text; PostgreSQL's COPY parses it as jsonb
        return lambda value: None if value is None else dumps(value)
    if kind == "DateTimeField" and connection.vendor in ("sqlite", "postgresql"):
        if connection.vendor == "postgresql":  # psycopg takes an aware datetime as it is
            return lambda v: v if isinstance(v, dt.datetime) and v.tzinfo else generic(v)
        zone = connection.timezone  # SQLite: naive in the connection's zone, as text

        def sqlite_moment(value):
            if isinstance(value, dt.datetime) and value.tzinfo is not None:
                return str(value.astimezone(zone).replace(tzinfo=None))
            return generic(value)

        return sqlite_moment
    return generic


ANALYZE_AFTER = 1000  # rows written in one go after which the planner's statistics are renewed


def analyze(*models) -> None:
    """Renew PostgreSQL's planner statistics of ``models``' tables after a bulk write.
    Autovacuum does it some time later; until then the planner may think a table of 100,000
    sessions holds a few hundred and pick plans 100x too slow (a player's recent games took
    0.5 s so). SQLite plans without such statistics, so there it does nothing."""
    connection = connections[router.db_for_write(models[0])]
    if connection.vendor != "postgresql":
        return
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE " + ", ".join(quote(m._meta.db_table) for m in models))


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a bulk step builds and drops millions of small,
    acyclic objects: each full collection walks all of them, which at 100,000 sessions cost
    a third of an import. Collection resumes (as it was) afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def insert_objects(objs: Sequence) -> int:
    """Insert unsaved model instances (all of one model) with every concrete field but the
    primary key, as ``bulk_create`` would, minus its compiler; their ids are not set."""
    if not objs:
        return 0
    model = type(objs[0])
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    for obj in objs:
        for f in fields:
            f.pre_save(obj, add=True)  # auto_now_add and the like
    names = [f.name for f in fields]
    return insert_rows(model, names, ([getattr(o, f.attname) for f in fields] for o in objs))
