"""A socket outlives a channel-layer outage: it rejoins its group and is sent what it missed."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import move_news, tables
from games.models import Table
from sarco import layer_outages

from .helpers import acting_user, first_legal, sarg_table, user_at
from .test_consumers import connected, stub  # noqa: F401

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed", "stub"),
]


class FlakyLayer(InMemoryChannelLayer):
    """An in-memory layer that can be "down": a ``{"type": "outage"}`` message makes the
    waiting receive fail, and while down every call fails as a lost Redis would."""

    down = False
    joins = 0

    async def receive(self, channel):
        message = await super().receive(channel)
        if message.get("type") == "outage":
            raise ConnectionError("Connection closed by server.")
        return message

    async def group_add(self, group, channel):
        if FlakyLayer.down:
            raise ConnectionError("Connection refused")
        FlakyLayer.joins += 1
        await super().group_add(group, channel)

    async def group_send(self, group, message):
        if FlakyLayer.down and message.get("type") != "outage":
            raise ConnectionError("Connection refused")
        await super().group_send(group, message)


@pytest.fixture
def flaky_layer(settings, monkeypatch):
    FlakyLayer.down, FlakyLayer.joins = False, 0
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.FlakyLayer"}}
    monkeypatch.setattr(layer_outages, "FIRST_RETRY", 0.05)
    monkeypatch.setattr(layer_outages, "LAST_RETRY", 0.1)
    from channels.layers import channel_layers

    channel_layers.backends.pop("default", None)
    yield
    channel_layers.backends.pop("default", None)


async def test_a_table_socket_survives_an_outage_and_is_sent_the_moves_it_missed(flaky_layer):
    table = await database_sync_to_async(sarg_table)()
    person = await database_sync_to_async(user_at)(table, 0)
    communicator = await connected(f"/ws/play/{table.public_id}/", person)
    assert json.loads(await communicator.receive_from(timeout=3))["version"] == 0

    FlakyLayer.down = True
    await get_channel_layer().group_send(tables.group_name(table), {"type": "outage"})
    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 0)  # commits; no one told
    assert await communicator.receive_nothing(timeout=0.3)

    joins_before = FlakyLayer.joins
    FlakyLayer.down = False
    after = json.loads(await communicator.receive_from(timeout=3))
    assert after == {**after, "seat": 0, "version": 1}
    assert FlakyLayer.joins > joins_before  # back in the table's group

    table = await Table.objects.aget(pk=table.pk)
    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 1)
    assert json.loads(await communicator.receive_from(timeout=3))["version"] == 2  # live again
    await communicator.disconnect()


async def test_the_lobby_socket_survives_an_outage_and_is_sent_the_lobby_again(flaky_layer):
    communicator = await connected("/ws/play/lobby/")
    assert await communicator.receive_from(timeout=3) == "lobby for None"
    FlakyLayer.down = True
    await get_channel_layer().group_send(tables.LOBBY_GROUP, {"type": "outage"})
    assert await communicator.receive_nothing(timeout=0.3)
    FlakyLayer.down = False
    assert await communicator.receive_from(timeout=3) == "lobby for None"
    await communicator.disconnect()


async def test_a_table_socket_told_the_layer_reconnected_is_sent_the_moves_it_missed(monkeypatch):
    """Redis's pub/sub layer loses what was published while a process was cut off and says
    ``layer.reconnected`` when it is back (sarco.channel_layers): the socket catches up."""
    table = await database_sync_to_async(sarg_table)()
    person = await database_sync_to_async(user_at)(table, 0)
    communicator = await connected(f"/ws/play/{table.public_id}/", person)
    assert json.loads(await communicator.receive_from(timeout=3))["version"] == 0
    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    with monkeypatch.context() as lost:
        lost.setattr(move_news, "_send", lambda group, message: None)  # published into the void
        await database_sync_to_async(tables.play)(table, player, move, 0)
    assert await communicator.receive_nothing(timeout=0.3)

    await get_channel_layer().group_send(tables.group_name(table), {"type": "layer.reconnected"})
    after = json.loads(await communicator.receive_from(timeout=3))
    assert after == {**after, "seat": 0, "version": 1}
    await communicator.disconnect()
