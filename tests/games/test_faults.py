"""Online play under faults, against real daphne processes (issue 16).

Each test starts its own daphne subprocesses on the test database (so they share the rows
the test writes: ``transactional_db``), and stops them on the way out even when it fails.
On SQLite the servers open the test database file; the PostgreSQL pass points them at the
test database by URL.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest
from django.db import connection
from django.test import Client

from bench.live import (
    SERVER_APP_NAME,
    Daphne,
    connect,
    database_env,
    post_form,
    post_move,
    servers,
    wait_for_version,
    wait_until,
)
from games import tables
from games.models import Table
from games.replay import table_states
from tests.games.helpers import bot_table, user
from tests.services import REDIS_URL, require

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def servers_gone_before_teardown():
    """PostgreSQL drops the test database only once the killed servers' sessions are gone,
    which it notices a moment after the processes died. Only the servers' sessions count:
    threads of this test process (earlier tests' sockets) may hold connections of their own."""
    yield
    if connection.vendor != "postgresql":
        return

    def others() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND application_name = %s",
                [SERVER_APP_NAME],
            )
            return cursor.fetchone()[0]

    wait_until(lambda: others() == 0, 10, "the servers' database sessions to end")


def assert_no_server_errors(*processes: Daphne) -> None:
    for process in processes:
        log = process.log.read_text(errors="replace")
        assert "Traceback" not in log, log[-3000:]


def server(**env: str) -> Daphne:
    return Daphne({**database_env(connection.settings_dict), "SARCO_BOT_PAUSE": "0.05", **env})


def sessionid(person) -> str:
    client = Client()
    client.force_login(person)
    return client.cookies["sessionid"].value


def fresh(table: Table) -> Table:
    return Table.objects.get(pk=table.pk)


def assert_log_is_whole(table: Table) -> None:
    """No move lost or applied twice: numbers 1..version, and the stored state is the replay
    of seed + move log."""
    table = fresh(table)
    numbers = list(table.moves.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, table.version + 1))
    *_, replayed = table_states(table)
    engine = table.engine
    assert engine.to_json(replayed) == engine.to_json(table.state())


def bots_only_table() -> Table:
    """A Sarg table with random bots at both seats (the host handed their seat over)."""
    table = bot_table("sarg", level="random")
    return tables.hand_to_bot(table, 0, table.host, level="random")


async def _first_version(process: Daphne, table: Table, at_least: int) -> int:
    async with connect(process.ws_base, f"/ws/play/{table.public_id}/") as spectator:
        return await wait_for_version(spectator, lambda v: v >= at_least, timeout=15)


def test_kill_9_mid_game_resumes_from_the_database_with_no_move_lost_or_doubled():
    table = bots_only_table()
    first = server()
    with servers(first):
        wait_until(lambda: fresh(table).version >= 4, 30, "the bots' first moves")
        first.kill()
    killed_at = fresh(table)
    assert killed_at.status == Table.Status.PLAYING, "the game ended before the kill"
    assert_log_is_whole(killed_at)

    second = server(SARCO_BOT_PAUSE="0.05")
    with servers(second):
        # A page that reconnects to the new server is sent the table as it is now.
        seen = asyncio.run(_first_version(second, table, killed_at.version))
        assert seen >= killed_at.version

        def moved_on() -> bool:
            now = fresh(table)
            return now.version >= killed_at.version + 4 or now.status != Table.Status.PLAYING

        wait_until(moved_on, 40, "the bots to go on after the restart")
    assert_log_is_whole(table)
    assert_no_server_errors(second)


async def _two_servers_scenario(a: Daphne, b: Daphne, table: Table, host_session: str) -> None:
    async with (
        connect(a.ws_base, "/ws/play/lobby/", host_session) as lobby_a,
        connect(b.ws_base, "/ws/play/lobby/", host_session) as lobby_b,
    ):
        await lobby_a.recv()
        await lobby_b.recv()
        status = await asyncio.to_thread(
            post_form, a.base, f"/play/{table.public_id}/start/", host_session
        )
        assert status < 400, status
        # The start on A reaches the lobby sockets of both servers.
        async with asyncio.timeout(15):
            await lobby_a.recv()
            await lobby_b.recv()

    async with connect(b.ws_base, f"/ws/play/{table.public_id}/", host_session) as seat_on_b:
        person_moves = 0
        while person_moves < 4:
            now = fresh(table)
            if now.status != Table.Status.PLAYING:
                break
            if 0 not in now.to_act:
                await asyncio.sleep(0.05)
                continue
            move = now.engine.legal_moves(now.state(), 0)[0]
            status = await asyncio.to_thread(
                post_move, a.base, table.public_id, host_session, move, now.version
            )
            assert status == 200, status
            person_moves += 1
            # The move posted to A reaches the socket held by B.
            await wait_for_version(seat_on_b, lambda v, at=now.version: v > at, timeout=15)
        assert person_moves > 0


async def _closing_its_connection(scenario) -> None:
    """Run a scenario that reads the database; the event loop's task has a database connection
    of its own (Django keeps them per async context), closed here."""
    try:
        await scenario
    finally:
        connection.close()


@pytest.mark.redis
def test_two_daphne_processes_share_moves_bots_and_the_lobby_through_redis():
    require("redis")
    host = user()
    table = tables.open_table("sarg", host, seats=2, bots={1: "random"})
    redis = {"REDIS_URL": REDIS_URL, "CHANNEL_PREFIX": f"faults-{uuid.uuid4().hex[:8]}"}
    a, b = server(**redis), server(**redis)
    with servers(a, b):
        asyncio.run(_closing_its_connection(_two_servers_scenario(a, b, table, sessionid(host))))
        # Both runners race for the bot's turns still due; give them a moment to collide.
        wait_until(lambda: 0 in fresh(table).to_act or not fresh(table).is_playing, 15, "bot")
    assert_no_server_errors(a, b)
    table = fresh(table)
    assert table.version > 0
    assert_log_is_whole(table)
    bot_moves = table.moves.filter(seat=1).count()
    assert bot_moves > 0, "the bot never moved"
