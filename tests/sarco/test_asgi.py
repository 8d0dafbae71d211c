"""Websockets through the ASGI router: a round trip through each channel layer."""

import pytest
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from sarco.asgi import application
from tests.services import REDIS_URL

ORIGIN = (b"origin", b"http://localhost")


async def round_trip() -> dict:
    first = WebsocketCommunicator(application, "/ws/ping/", headers=[ORIGIN])
    second = WebsocketCommunicator(application, "/ws/ping/", headers=[ORIGIN])
    assert (await first.connect())[0]
    assert (await second.connect())[0]
    try:
        await first.send_json_to({"hello": "crypt"})
        # Both members of the group hear it: the message went through the layer.
        assert await first.receive_json_from(timeout=5) == {
            "echo": {"hello": "crypt"},
            "via": "channel layer",
        }
        return await second.receive_json_from(timeout=5)
    finally:
        await first.disconnect()
        await second.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_round_trip_through_the_in_memory_layer():
    assert (await round_trip())["echo"] == {"hello": "crypt"}


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
async def test_round_trip_through_redis(redis):
    layers = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": "sarco-test"},
        }
    }
    with override_settings(CHANNEL_LAYERS=layers):
        channel_layers.backends.clear()
        assert type(channel_layers["default"]).__name__ == "RedisChannelLayer"
        try:
            assert (await round_trip())["echo"] == {"hello": "crypt"}
        finally:
            await channel_layers["default"].flush()
            channel_layers.backends.clear()


@pytest.mark.django_db(transaction=True)
async def test_socket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
