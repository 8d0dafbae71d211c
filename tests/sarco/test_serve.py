"""The server command (`python -m sarco.serve`) drops an abusive websocket on the wire: against
a real server process, a frame larger than any move, a flood of frames and a storm of new
sockets from one address never reach the app."""

from __future__ import annotations

import asyncio

import pytest
from django.db import connection
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus

from bench.live import SERVE, Daphne, connect, database_env, servers, wait_until

# The wire checks stop a frame before the app reads anything: the PostgreSQL pass would only
# repeat them (a real server each, 58 s of a worker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.any_database]

LOBBY = "/ws/play/lobby/"


def server(**env: str) -> Daphne:
    return Daphne({**database_env(connection.settings_dict), **env}, command=SERVE)


async def frames_until_closed(socket, seconds: float = 5) -> list[str]:
    """What the server sent before it closed the socket (a timeout if it never does)."""
    frames = []
    async with asyncio.timeout(seconds):
        try:
            while True:
                frames.append(await socket.recv())
        except ConnectionClosed:
            return frames


def test_a_frame_larger_than_any_move_drops_the_socket_unread():
    with servers(server()) as (process,):

        async def send_one_huge_frame():
            async with connect(process.ws_base, LOBBY) as socket:
                await socket.recv()  # the lobby's first fragment
                await socket.send("x" * 65536)
                return await frames_until_closed(socket)

        after = asyncio.run(send_one_huge_frame())
    assert not any("too large" in frame for frame in after)  # the app never answered it


def test_a_flood_of_frames_is_closed_on_the_wire():
    with servers(server()) as (process,):

        async def flood():
            async with connect(process.ws_base, LOBBY) as socket:
                await socket.recv()
                for _ in range(200):
                    await socket.send('{"resync": true}')
                await frames_until_closed(socket)
                return socket.close_code

        assert asyncio.run(flood()) == 4008
        wait_until(lambda: "on the wire: frames too fast" in process.log.read_text(), 5, "log")


async def open_sockets(process: Daphne, count: int) -> list[int | str | None]:
    """Open ``count`` sockets one after another: None for each accepted, else the status
    (or "closed" when the server closed the connection before answering)."""
    answers = []
    for _ in range(count):
        try:
            async with connect(process.ws_base, LOBBY) as socket:
                await socket.recv()
                answers.append(None)
        except InvalidStatus as refused:
            answers.append(refused.response.status_code)
        except (InvalidMessage, ConnectionError, EOFError):
            answers.append("closed")
    return answers


def test_an_address_opening_sockets_too_fast_is_refused_at_the_handshake():
    slow = {"SARCO_SOCKET_CONNECTS_PER_SECOND": "0.01", "SARCO_SOCKET_CONNECT_BURST": "3"}
    with servers(server(**slow)) as (process,):
        assert asyncio.run(open_sockets(process, 4)) == [None, None, None, 429]


def test_a_socket_dropped_for_abuse_keeps_its_address_out_a_while():
    slow = {"SARCO_SOCKET_CONNECTS_PER_SECOND": "0.01", "SARCO_SOCKET_CONNECT_BURST": "12"}
    with servers(server(**slow)) as (process,):

        async def abuse_then_return():
            async with connect(process.ws_base, LOBBY) as socket:
                await socket.recv()
                await socket.send("x" * 65536)
                await frames_until_closed(socket)
            return await open_sockets(process, 1)

        # 12 tokens: the abusive socket's, one for its abuse, ten of penalty
        assert asyncio.run(abuse_then_return()) == [429]


def test_an_address_that_knocks_on_after_refusals_is_closed_at_accept():
    slow = {"SARCO_SOCKET_CONNECTS_PER_SECOND": "0.01", "SARCO_SOCKET_CONNECT_BURST": "1"}
    with servers(server(**slow)) as (process,):
        answers = asyncio.run(open_sockets(process, 8))
        # one accepted, refusals cost a token each, then the connection is closed unread
        assert answers[:2] == [None, 429]
        assert answers[-1] == "closed"


def test_a_message_of_several_frames_larger_than_any_move_drops_the_socket():
    with servers(server()) as (process,):

        async def send_fragments():
            async with connect(process.ws_base, LOBBY) as socket:
                await socket.recv()
                await socket.send(["x" * 8000, "x" * 8000, "x" * 8000])  # 24 KB, three frames
                await frames_until_closed(socket)
                return socket.close_code

        assert asyncio.run(send_fragments()) in (1006, 1009)


def test_what_the_server_sends_is_not_bounded_by_what_it_accepts():
    """autobahn's message limit bounds sent messages too: a board larger than a move must go
    out, so only the frame limit is lowered (the protocol bounds incoming messages itself)."""
    from sarco.serve import GuardedCommandLine

    options = GuardedCommandLine().parser.parse_args(["sarco.asgi:application"])
    assert options.websocket_max_frame_size == 16 * 1024
    assert options.websocket_max_message_size >= 1024 * 1024
