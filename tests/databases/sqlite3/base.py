"""SQLite, its content types and permissions kept between tests (`tests.databases`)."""

from __future__ import annotations

from django.db.backends.sqlite3 import base, operations

from tests.databases import emptied


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if not reset_sequences:
            tables = emptied(tables)
        return super().sql_flush(
            style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
