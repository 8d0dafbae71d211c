"""PostgreSQL, its tables emptied with DELETE between tests (`tests.databases`)."""

from __future__ import annotations

from django.db.backends.postgresql import operations

from sarco.databases.postgresql import base
from tests.databases import emptied

_SUPERUSER: dict[str, bool] = {}  # per database alias: may this role skip the triggers?


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not self._may_skip_triggers():
            return super().sql_flush(
                style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        deletes = [f"DELETE FROM {self.quote_name(table)}" for table in emptied(tables)]
        return ["SET LOCAL session_replication_role = replica", *deletes] if deletes else []

    def _may_skip_triggers(self) -> bool:
        alias = self.connection.alias
        if alias not in _SUPERUSER:
            with self.connection.cursor() as cursor:
                cursor.execute("SELECT current_setting('is_superuser')")
                _SUPERUSER[alias] = cursor.fetchone()[0] == "on"
        return _SUPERUSER[alias]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
