"""Many-row INSERTs without the ORM's per-row SQL compilation.

``bulk_create`` compiles every value of every object through the query compiler, which
costs more than the database itself when an import writes a million rows. Here each value
is still prepared by its field (``get_db_prep_save``: JSON, time zones, backends alike), and
the rows go through the driver's ``executemany`` in batches.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
    prepare = [f.get_internal_type() not in PLAIN for f in columns]
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
            prepared = zip(columns, prepare, row, strict=True)
            batch.append([f.get_db_prep_save(v, connection) if p else v for f, p, v in prepared])
            if len(batch) >= BATCH:
                flush(cursor)
                count += len(batch)
                batch = []
        if batch:
            flush(cursor)
            count += len(batch)
    return count


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
