"""The table and lobby sockets refuse frames too big or too fast, close a socket that keeps
on, and let a member hold only so many open."""

import asyncio
import logging
import time

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.core.cache import cache
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.models import Table
from games.routing import websocket_urlpatterns
from sarco.socket_limits import POLICY_VIOLATION, TOO_MANY_SOCKETS, claim_slot
from tests.sockets import WebsocketCommunicator

from .helpers import sarg_table, user_at
from .test_hostile_input import FRAMES, _send_frames, started_table
from .test_tables import snapshot

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]

router = URLRouter(websocket_urlpatterns)


async def seated_socket(table=None):
    table = table or await database_sync_to_async(sarg_table)()
    person = await database_sync_to_async(user_at)(table, 0)
    socket = await open_socket(f"/ws/play/{table.public_id}/", person)
    first = await socket.receive_output(timeout=5)
    assert first["type"] == "websocket.send"
    return table, person, socket


async def open_socket(path, person=None):
    socket = WebsocketCommunicator(router, path)
    if person is not None:
        socket.scope["user"] = person
    connected, _ = await socket.connect()
    assert connected
    return socket


QUIET = 1.0  # seconds without a frame after which a socket has said all it will


async def outputs_of(socket) -> list[dict]:
    """What the server sent, up to its closing or a second of quiet. The first frame may take
    seconds on a loaded machine (each refusal reads and draws the table), and so may the gap
    between two: a fifth of a second of quiet ended the list early under CI's load."""
    outputs = [await socket.receive_output(timeout=5)]
    while outputs[-1]["type"] != "websocket.close" and not await socket.receive_nothing(
        timeout=QUIET
    ):
        outputs.append(await socket.receive_output(timeout=1))
    return outputs


def table_version(table) -> tuple[int, str]:
    row = Table.objects.get(pk=table.pk)
    return row.version, row.state_json


async def test_a_big_frame_is_refused_with_a_message_the_page_shows():
    _, _, socket = await seated_socket()
    await socket.send_to(text_data='{"resync": true, "pad": "' + "x" * 5000 + '"}')
    [refusal] = await outputs_of(socket)
    assert 'id="move-error"' in refusal["text"] and "hx-swap-oob" in refusal["text"]
    assert "data-version" not in refusal["text"]  # not answered as a resync
    await socket.disconnect()


async def test_a_binary_frame_is_refused():
    _, _, socket = await seated_socket()
    await socket.send_to(bytes_data=b"resync")
    [refusal] = await outputs_of(socket)
    assert 'id="move-error"' in refusal["text"]
    await socket.disconnect()


async def test_a_flood_is_refused_then_closed_and_changes_nothing(caplog, settings):
    # Next to no refill: on a loaded machine the consumer answering the burst takes long
    # enough to earn new tokens at the real pace, which would let more frames through.
    settings.SARCO_SOCKET_FRAMES_PER_SECOND = 0.01
    table, _, socket = await seated_socket()
    before = await database_sync_to_async(table_version)(table)
    caplog.set_level(logging.INFO)
    for _ in range(30):
        await socket.send_to(text_data='{"move": "secret-frame-content"}')
    outputs = await outputs_of(socket)
    refusals = [o for o in outputs if o["type"] == "websocket.send"]
    # The burst's frames reach the consumer, which refuses them as not moves (with the
    # board); the next four are the limits' refusals, and the fifth closes the socket.
    burst = 10
    assert len(refusals) == burst + 4 and all('id="move-error"' in o["text"] for o in refusals)
    assert all('data-refusal="illegal"' in o["text"] for o in refusals[:burst])
    assert not any("data-refusal" in o["text"] for o in refusals[burst:])
    assert outputs[-1] == {"type": "websocket.close", "code": POLICY_VIOLATION}
    assert await database_sync_to_async(table_version)(table) == before
    assert "secret-frame-content" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(r.levelno == logging.WARNING and "refused" in r.getMessage() for r in caplog.records)


async def test_frames_at_a_calm_pace_are_never_refused(settings):
    settings.SARCO_SOCKET_FRAMES_PER_SECOND = 50  # the pace, sped up for the test
    # The site's burst: the bucket is weighed as the consumer takes each frame, so frames
    # queued behind a slow answer (a loaded machine) arrive together. Twelve frames still
    # overrun a bucket that never refills.
    settings.SARCO_SOCKET_FRAME_BURST = 10
    _, _, socket = await seated_socket()
    for _ in range(12):
        await socket.send_to(text_data="hello")
        await asyncio.sleep(0.05)
    outputs = await outputs_of(socket)
    # Each frame reaches the consumer, which answers "not a move"; none is the limits'.
    assert [o["type"] for o in outputs] == ["websocket.send"] * 12
    assert all('data-refusal="illegal"' in o["text"] for o in outputs)
    await socket.disconnect()


async def test_the_lobby_ignores_frames_and_closes_after_several():
    socket = await open_socket("/ws/play/lobby/")
    await socket.receive_output(timeout=5)  # the lobby as it stands
    await socket.send_to(text_data="resync")
    assert await socket.receive_nothing(timeout=0.2)  # ignored, unanswered
    for _ in range(4):
        await socket.send_to(text_data="resync")
    assert await outputs_of(socket) == [{"type": "websocket.close", "code": POLICY_VIOLATION}]


async def test_a_member_over_the_bound_is_refused_at_connect(settings):
    settings.SARCO_SOCKETS_PER_MEMBER = 2
    table, person, first = await seated_socket()
    path = f"/ws/play/{table.public_id}/"
    second = await open_socket(path, person)
    third = await open_socket(path, person)
    assert await third.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": TOO_MANY_SOCKETS,
    }
    await second.disconnect()
    fourth = await open_socket(path, person)  # a closed tab frees its place
    assert (await fourth.receive_output(timeout=5))["type"] == "websocket.send"
    for socket in (first, fourth):
        await socket.disconnect()


async def test_places_a_crashed_process_held_run_out(settings):
    settings.SARCO_SOCKETS_PER_MEMBER = 2
    table = await database_sync_to_async(sarg_table)()
    person = await database_sync_to_async(user_at)(table, 0)
    long_ago = time.time() - settings.SARCO_SOCKET_LEASE_SECONDS - 1
    for connection in ("gone-1", "gone-2"):  # never released: their process died
        assert claim_slot(f"user:{person.pk}", connection, now=long_ago)
    socket = await open_socket(f"/ws/play/{table.public_id}/", person)
    assert (await socket.receive_output(timeout=5))["type"] == "websocket.send"
    await socket.disconnect()


HOSTILE_FRAMES = st.one_of(
    FRAMES,
    st.text(min_size=4097, max_size=6000),
    st.binary(min_size=1, max_size=6000),
    st.just("resync"),
)


@pytest.mark.parametrize("game", ["sarg"])
def test_random_frames_sent_fast_never_raise_nor_log_an_error(game, caplog):
    table = started_table(game)
    before = snapshot(table)
    caplog.set_level(logging.INFO)

    @hypothesis_settings(
        max_examples=8,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(frames=st.lists(HOSTILE_FRAMES, max_size=25))
    def frames_never_fail(frames):
        cache.clear()
        outputs = async_to_sync(_send_frames)(table, None, frames)
        for output in outputs:
            assert output["type"] in ("websocket.send", "websocket.close"), output
            if output["type"] == "websocket.close":
                assert output["code"] == POLICY_VIOLATION

    frames_never_fail()
    assert snapshot(table) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
