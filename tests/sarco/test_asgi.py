"""Websockets through the ASGI router: a round trip through each channel layer, on the
scorekeeper's sheet socket (an edit in, every watcher's redraw out); paths no app serves and
foreign origins are closed cleanly, and a client cannot make the server relay what it sends."""

import logging

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.test import override_settings

from sarco.asgi import application
from sarco.consumers import NOT_FOUND
from scoring import sheets
from tests.scoring.sheet_helpers import sarkophag_sheet, user
from tests.services import redis_layers
from tests.sockets import WebsocketCommunicator

ORIGIN = (b"origin", b"http://localhost")
EDIT = {"heads": {"Anna": 7, "Ben": 0, "Clara": 2}}

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


def socket(path: str, origin=ORIGIN) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, path, headers=[origin])


async def round_trip() -> list[str]:
    """Two phones watch a sheet; an edit's redraw reaches both through the channel layer."""
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    phones = [socket(f"/ws/sheets/{session.public_id}/") for _ in range(2)]
    for phone in phones:
        assert (await phone.connect())[0]
    try:
        await database_sync_to_async(sheets.apply_edit)(session.public_id, owner, "add", entry=EDIT)
        return [await phone.receive_from(timeout=5) for phone in phones]
    finally:
        for phone in phones:
            await phone.disconnect()


async def test_round_trip_through_the_in_memory_layer():
    for html in await round_trip():
        assert 'data-player="Anna">7<' in html


@pytest.mark.redis
async def test_round_trip_through_redis(redis):
    with override_settings(CHANNEL_LAYERS=redis_layers("sarco-test")):
        channel_layers.backends.clear()
        assert type(channel_layers["default"]).__name__ == "PubSubChannelLayer"
        try:
            for html in await round_trip():
                assert 'data-player="Anna">7<' in html
        finally:
            await channel_layers["default"].flush()
            channel_layers.backends.clear()


async def test_what_a_watcher_sends_reaches_nobody():
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    sender, listener = (socket(f"/ws/sheets/{session.public_id}/") for _ in range(2))
    assert (await sender.connect())[0] and (await listener.connect())[0]
    await sender.send_to(text_data='{"hello": "everyone"}')
    assert await listener.receive_nothing(timeout=0.3)
    assert await sender.receive_nothing(timeout=0.1)
    await sender.disconnect()
    await listener.disconnect()


@pytest.mark.parametrize(
    "path",
    [
        "/ws/ping/",  # the old anonymous echo, removed
        "/ws/sheets/not-a-uuid/",
        "/ws/sheets/",
        "/ws/sheets/00000000-0000-4000-8000-000000000000/extra/",
        "/ws/%ff%fe/",
        "/ws/" + "x" * 5000,
        "/",
        "/scorekeeper/",
    ],
)
async def test_a_path_no_app_serves_closes_cleanly(path, caplog):
    with caplog.at_level(logging.WARNING):
        communicator = socket(path)
        connected, _ = await communicator.connect()
        if connected:
            assert (await communicator.receive_output(timeout=2))["code"] == NOT_FOUND
        await communicator.disconnect()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_socket_from_a_foreign_origin_is_refused():
    communicator = socket(
        "/ws/sheets/00000000-0000-4000-8000-000000000000/",
        origin=(b"origin", b"http://evil.example"),
    )
    connected, _ = await communicator.connect()
    assert not connected


async def test_a_sheet_socket_is_sent_the_sheet_again_when_the_layer_reconnects():
    """Edits published while Redis was away are lost on the pub/sub layer: told the layer is
    back, a watching phone gets the sheet as it stands."""
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    phone = socket(f"/ws/sheets/{session.public_id}/")
    assert (await phone.connect())[0]
    layer = channel_layers["default"]
    await layer.group_send(sheets.group_name(session.public_id), {"type": "layer.reconnected"})
    assert 'id="sheet-live"' in await phone.receive_from(timeout=5)
    await phone.disconnect()
