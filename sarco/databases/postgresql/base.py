"""Django's PostgreSQL backend, a kept connection checked at most once a second, and a
cursor that sends its parameters apart from the statement for the move's write.

With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` before the first query of every
request, and Channels counts each ``database_sync_to_async`` call as one, so on a busy table
nearly every consumer call paid a round trip to the server before its own queries. Under 50
paced tables (py-spy on daphne, bench/README.md) those checks were a sixth of the time of the
thread that runs every socket's database work. A connection that connected or passed a check
within the last second is taken as it is; one idle longer is checked as before. A server
that went away within that second costs one failed query, after which Django finds the
connection unusable and the next call connects anew, as it would without checks.
"""

from __future__ import annotations

import time

from django.db.backends.postgresql import base
from psycopg.pq import Format

# Seconds a connection that connected or answered a check is trusted without another.
HEALTH_CHECK_INTERVAL = 1.0


class DatabaseWrapper(base.DatabaseWrapper):
    checked_at = float("-inf")  # when the connection last connected or passed a check

    def connect(self) -> None:
        super().connect()
        self.checked_at = time.monotonic()

    def close_if_health_check_failed(self) -> None:
        if (
            self.connection is not None
            and not self.health_check_done
            and time.monotonic() - self.checked_at < HEALTH_CHECK_INTERVAL
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()
        if self.connection is not None:
            self.checked_at = time.monotonic()

    def server_binding_cursor(self):
        """A cursor that sends its parameters apart from the statement (server-side binding),
        as ``cursor()`` would with ``OPTIONS["server_side_binding"]``, for the move's write
        only (``games.move_writes``): its state, about 1.5 kB of JSON, is then neither quoted
        into the statement by psycopg nor lexed back out of it by PostgreSQL (which took the
        backend half as much CPU again for that statement in a scratch run: bench/README.md,
        "The state parsed once, the write bound on the server"). Nothing is prepared, so
        connection poolers work as with ``cursor()``. Made and wrapped as ``cursor()`` makes
        and wraps its own: times read in Django's zone, and the query log and execute
        wrappers see its statements."""
        self.close_if_health_check_failed()
        self.ensure_connection()
        self.validate_thread_sharing()
        with self.wrap_database_errors:
            cursor = base.ServerBindingCursor(self.connection)
        times = self.connection.adapters.get_loader(base.TIMESTAMPTZ_OID, Format.TEXT)
        if self.timezone != times.timezone:
            base.register_tzloader(self.timezone, cursor)
        return self.make_debug_cursor(cursor) if self.queries_logged else self.make_cursor(cursor)
