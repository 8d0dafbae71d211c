"""The sheet's socket refuses frames too big or too fast, shown on the sheet, and closes a
socket that keeps on sending them."""

import pytest
from channels.db import database_sync_to_async

from sarco.asgi import application
from sarco.socket_limits import POLICY_VIOLATION
from tests.sockets import WebsocketCommunicator

from .sheet_helpers import sarkophag_sheet, user
from .test_sheet_live import communicator

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


async def watching():
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    watcher = communicator(session)
    connected, _ = await watcher.connect()
    assert connected
    return watcher


async def test_a_big_frame_is_refused_where_the_sheet_shows_it():
    watcher = await watching()
    await watcher.send_to(text_data="x" * 5000)
    refusal = await watcher.receive_from(timeout=2)
    assert 'id="socket-refusal"' in refusal and 'hx-swap-oob="true"' in refusal
    await watcher.disconnect()


async def test_an_ordinary_frame_is_still_ignored():
    watcher = await watching()
    await watcher.send_to(text_data="hello")
    assert await watcher.receive_nothing(timeout=0.3)
    await watcher.disconnect()


async def test_a_flood_is_closed():
    watcher = await watching()
    for _ in range(20):
        await watcher.send_to(bytes_data=b"\x00" * 10)
    outputs = []
    while True:
        output = await watcher.receive_output(timeout=2)
        outputs.append(output)
        if output["type"] == "websocket.close":
            break
    assert outputs[-1]["code"] == POLICY_VIOLATION
    assert len(outputs) == 5  # four refusals, then the close


async def test_a_refusal_is_in_the_readers_language():
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    watcher = WebsocketCommunicator(
        application,
        f"/ws/sheets/{session.public_id}/",
        headers=[(b"origin", b"http://localhost"), (b"accept-language", b"de")],
    )
    connected, _ = await watcher.connect()
    assert connected
    await watcher.send_to(bytes_data=b"x")
    assert "zu gro\u00df" in await watcher.receive_from(timeout=2)
    await watcher.disconnect()
