"""The embedded default's channel layer sweeps expired messages once a second, not per
message, and sends a group's members their copies in turn."""

import asyncio

from sarco.channel_layers import SweepingInMemoryChannelLayer


async def test_a_burst_of_sends_and_receives_sweeps_once(monkeypatch):
    layer = SweepingInMemoryChannelLayer()
    sweeps = []
    monkeypatch.setattr(
        SweepingInMemoryChannelLayer.__mro__[1], "_clean_expired", lambda self: sweeps.append(1)
    )
    channel = await layer.new_channel()
    await layer.group_add("table", channel)
    for version in range(50):
        await layer.group_send("table", {"type": "table.version", "version": version})
        assert (await layer.receive(channel))["version"] == version
    assert len(sweeps) == 1


async def test_expired_messages_are_still_dropped_at_the_next_sweep():
    layer = SweepingInMemoryChannelLayer(expiry=0.01)
    layer.sweep_every = 0.02
    gone, kept = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("table", kept)
    await layer.send(gone, {"type": "old"})
    await asyncio.sleep(0.05)
    await layer.group_send("table", {"type": "new"})  # a sweep is due: the old one goes
    assert gone not in layer.channels
    assert (await layer.receive(kept))["type"] == "new"


async def test_a_group_message_reaches_every_member_each_its_own_copy():
    layer = SweepingInMemoryChannelLayer()
    members = [await layer.new_channel() for _ in range(3)]
    for channel in members:
        await layer.group_add("table", channel)
    message = {"type": "table.version", "version": 7, "parts": {"html": {"coffin": "<div>"}}}
    await layer.group_send("table", message)
    received = [await layer.receive(channel) for channel in members]
    assert received == [message] * 3
    assert len({id(copy["parts"]) for copy in [message, *received]}) == 4


async def test_a_full_member_does_not_keep_a_group_message_from_the_others():
    layer = SweepingInMemoryChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    for channel in (full, free):
        await layer.group_add("table", channel)
    await layer.send(full, {"type": "waiting"})
    await layer.group_send("table", {"type": "table.version", "version": 1})
    assert (await layer.receive(free))["version"] == 1
    assert (await layer.receive(full))["type"] == "waiting"
