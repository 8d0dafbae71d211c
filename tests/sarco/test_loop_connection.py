"""The event loop's own PostgreSQL connection (sarco/databases/postgresql/loop_connection):
one per loop, kept, and opened anew when it broke or its loop ended."""

from __future__ import annotations

import asyncio

import psycopg
import pytest

from sarco.databases.postgresql import loop_connection
from tests.services import POSTGRES_URL

settings_params = loop_connection.connect_params  # before the fixture stands in for it


@pytest.fixture(autouse=True)
def server_database(postgres, monkeypatch):
    """Statements go to the server's own ``postgres`` database (none of the tests')."""
    url = POSTGRES_URL.rsplit("/", 1)[0] + "/postgres"
    monkeypatch.setattr(loop_connection, "connect_params", lambda: {"conninfo": url})
    yield
    loop_connection.close()


async def backend_pid() -> int:
    connection = await loop_connection._connection()
    return connection.info.backend_pid


def test_a_loop_keeps_one_connection_and_another_loop_opens_its_own():
    async def twice() -> tuple[int, int]:
        assert await loop_connection.execute("SELECT 1", []) == 1
        return await backend_pid(), await backend_pid()

    first, again = asyncio.run(twice())
    other, _ = asyncio.run(twice())

    assert first == again
    assert other != first


async def test_a_closed_connection_is_opened_anew():
    before = await backend_pid()
    loop_connection.close()

    assert await loop_connection.execute("SELECT 1", []) == 1
    assert await backend_pid() != before


async def test_a_broken_connection_fails_its_statement_and_the_next_opens_anew():
    before = await backend_pid()
    with psycopg.connect(POSTGRES_URL.rsplit("/", 1)[0] + "/postgres", autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [before])

    with pytest.raises(psycopg.OperationalError):
        await loop_connection.execute("SELECT 1", [])
    assert await loop_connection.execute("SELECT 1", []) == 1
    assert await backend_pid() != before


async def test_a_server_out_of_reach_is_unavailable(monkeypatch):
    monkeypatch.setattr(
        loop_connection, "connect_params", lambda: {"conninfo": "host=127.0.0.1 port=1"}
    )

    with pytest.raises(loop_connection.Unavailable):
        await loop_connection.execute("SELECT 1", [])


async def test_statements_run_in_autocommit():
    await loop_connection.execute("CREATE TEMP TABLE kept_here (n int)", [])

    assert await loop_connection.execute("INSERT INTO kept_here VALUES (1), (2)", []) == 2
    connection = await loop_connection._connection()
    assert connection.info.transaction_status == psycopg.pq.TransactionStatus.IDLE


def test_a_connection_is_waited_for_a_bounded_time():
    assert settings_params()["connect_timeout"] == loop_connection.CONNECT_TIMEOUT
