"""A PostgreSQL connection of the event loop's own, for the one statement of a move played
there (``games.loop_moves``).

Django's connections are for threads: on the event loop every query must be handed to the
database thread and the answer handed back, and that hand-over costs more CPU than the
statement's own work in psycopg (docs/online-speed.md). This connection is psycopg's
asynchronous one, in autocommit (each statement is its own transaction), opened with the
default database's settings the first time a statement needs it and kept for the loop that
opened it: a statement on another loop (a test's) opens one of its own.

A statement waits while another runs on the same connection, as moves wait for the one
database thread today. A connection that broke is dropped and the next statement opens a new
one; ``Unavailable`` says the statement was not sent, so the caller may take another path.
"""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections

# Django's own connection settings that mean nothing to psycopg's connect, or that Django
# applies through its own connection (its adapters, its cursor class).
_DJANGO_ONLY = ("context", "cursor_factory", "prepare_threshold", "client_encoding")


class Unavailable(Exception):
    """No connection could be opened: the statement was not sent."""


class _Held:
    loop: asyncio.AbstractEventLoop | None = None
    connection: psycopg.AsyncConnection | None = None
    opening: asyncio.Lock | None = None


_held = _Held()


# Seconds to wait for a connection, unless the settings say: the moves of the process wait
# for it, and fall back to the thread only when it fails.
CONNECT_TIMEOUT = 5


def connect_params() -> dict[str, Any]:
    """The default database's connection settings, as Django would connect with them."""
    params = connections[DEFAULT_DB_ALIAS].get_connection_params()
    params = {name: value for name, value in params.items() if name not in _DJANGO_ONLY}
    params.setdefault("connect_timeout", CONNECT_TIMEOUT)
    return params


async def execute(sql: str, params: list[Any]) -> int:
    """Run ``sql`` in a transaction of its own; the number of rows it changed."""
    connection = await _connection()
    try:
        async with connection.cursor() as cursor:
            await cursor.execute(sql, params)
            return cursor.rowcount
    except psycopg.OperationalError:
        if connection.broken or connection.closed:
            _drop(connection)
        raise


async def _connection() -> psycopg.AsyncConnection:
    loop = asyncio.get_running_loop()
    if _held.loop is not loop:
        close()  # a connection of a loop that is gone (tests run a loop each)
        _held.loop, _held.opening = loop, asyncio.Lock()
    assert _held.opening is not None
    async with _held.opening:
        if _held.connection is None or _held.connection.closed:
            try:
                _held.connection = await psycopg.AsyncConnection.connect(
                    **connect_params(), autocommit=True
                )
            except psycopg.Error as exc:
                raise Unavailable(str(exc)) from exc
        return _held.connection


def _drop(connection: psycopg.AsyncConnection) -> None:
    if _held.connection is connection:
        _held.connection = None
    connection.pgconn.finish()


def close() -> None:
    """Close the loop's connection, from any thread and without its loop (a test's end)."""
    connection, _held.connection = _held.connection, None
    if connection is not None and not connection.closed:
        connection.pgconn.finish()
