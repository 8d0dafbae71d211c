"""Redis stopped for a few seconds under a real daphne (issue 16): moves still commit and
answer, and when Redis is back the sockets held through the outage are sent the table as it
stands. The test runs a private redis-server on a port of its own (never the shared one) and
stops it for sure on the way out."""

from __future__ import annotations

import asyncio
import shutil
import uuid

import pytest
from django.db import connection
from websockets.exceptions import ConnectionClosed

from bench.live import VERSION, connect, post_move, servers
from games.models import Table
from tests.services import PrivateRedis, require

from .helpers import sarg_table, user_at
from .test_faults import (  # noqa: F401
    assert_log_is_whole,
    fresh,
    server,
    servers_gone_before_teardown,
    sessionid,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]

OUTAGE_MOVES = 2
RECONNECT_WITHIN = 30.0  # seconds: the page retries with a backoff of at most ~8 s


async def _read_until(socket, version: int) -> str:
    """ "reached" once a frame carries ``version`` or later, "closed" if the server closes."""
    try:
        async with asyncio.timeout(RECONNECT_WITHIN):
            while True:
                found = VERSION.search(await socket.recv(decode=False))
                if found and int(found.group(1)) >= version:
                    return "reached"
    except ConnectionClosed:
        return "closed"


async def _scenario(redis: PrivateRedis, base: str, ws_base: str, table: Table) -> None:
    sessions = {p: sessionid(user_at(table, p)) for p in (0, 1)}
    path = f"/ws/play/{table.public_id}/"

    def play_one() -> int:
        now = fresh(table)
        position = now.to_act[0]
        move = now.engine.legal_moves(now.state(), position)[0]
        return post_move(base, table.public_id, sessions[position], move, now.version)

    held = [await connect(ws_base, path, sessions[p]).__aenter__() for p in (0, 1)]
    assert await asyncio.to_thread(play_one) == 200
    for socket in held:
        assert await _read_until(socket, 1) == "reached"

    redis.stop()
    for _ in range(OUTAGE_MOVES):  # moves commit and answer while Redis is away
        assert await asyncio.to_thread(play_one) == 200
    outage_version = await asyncio.to_thread(lambda: fresh(table).version)
    assert outage_version == 1 + OUTAGE_MOVES
    await asyncio.sleep(2)
    redis.start()

    # The sockets held through the outage stay open: their consumers rejoin the table's group
    # once Redis answers again and send the table as it stands (sarco.layer_outages).
    for socket in held:
        assert await _read_until(socket, outage_version) == "reached"
        await socket.close()
    # And live again: the next move reaches both seats over Redis.
    async with (
        connect(ws_base, path, sessions[0]) as seat_0,
        connect(ws_base, path, sessions[1]) as seat_1,
    ):
        assert await asyncio.to_thread(play_one) == 200
        for socket in (seat_0, seat_1):
            async with asyncio.timeout(15):
                while True:
                    found = VERSION.search(await socket.recv(decode=False))
                    if found and int(found.group(1)) > outage_version:
                        break


def test_moves_commit_while_redis_is_down_and_sockets_resync_when_it_is_back():
    require("redis")
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed; this test runs a private one.")
    redis = PrivateRedis()
    table = sarg_table()
    try:
        redis.start()
        process = server(REDIS_URL=redis.url, CHANNEL_PREFIX=f"outage-{uuid.uuid4().hex[:8]}")
        with servers(process):
            try:
                asyncio.run(_scenario(redis, process.base, process.ws_base, table))
            finally:
                connection.close()
        assert fresh(table).status == Table.Status.PLAYING
        assert_log_is_whole(table)
    finally:
        redis.stop()
        shutil.rmtree(redis.dir, ignore_errors=True)
