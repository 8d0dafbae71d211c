"""The Redis pub/sub channel layer: group messages between processes (two layers stand for
two), each socket its own copy, a process's own sockets served without a trip through Redis,
pipelined publishes, channels that end with their receive, and Redis away and back."""

import asyncio
import shutil
import threading
import uuid

import pytest
from asgiref.sync import async_to_sync

from sarco.channel_layers import RECONNECTED
from sarco.pubsub_layer import PubSubChannelLayer
from tests.services import REDIS_URL, PrivateRedis

MESSAGE = {"type": "table.version", "version": 7, "parts": {"html": {"coffin": "<div>"}}}


def test_one_redis_server():
    with pytest.raises(ValueError):
        PubSubChannelLayer(hosts=[REDIS_URL, REDIS_URL])


@pytest.fixture
async def two_processes(redis):
    prefix = f"sarco-test-{uuid.uuid4().hex[:8]}"
    layers = [PubSubChannelLayer(hosts=[REDIS_URL], prefix=prefix) for _ in range(2)]
    yield layers
    for layer in layers:
        await layer.flush()


@pytest.mark.redis
async def test_a_group_message_reaches_members_here_and_in_another_process(two_processes):
    here, there = two_processes
    members = [await here.new_channel(), await here.new_channel(), await there.new_channel()]
    for layer, channel in zip((here, here, there), members, strict=True):
        await layer.group_add("table", channel)
    await here.group_send("table", MESSAGE)
    received = [
        await asyncio.wait_for(layer.receive(channel), 5)
        for layer, channel in zip((here, here, there), members, strict=True)
    ]
    assert received == [MESSAGE] * 3
    assert len({id(copy["parts"]) for copy in [MESSAGE, *received]}) == 4  # each its own


@pytest.mark.redis
async def test_a_process_gets_its_own_group_message_once_not_again_from_redis(two_processes):
    here, there = two_processes
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table", mine)
    await there.group_add("table", theirs)
    await here.group_send("table", {"type": "table.version", "version": 1})
    assert (await here.receive(mine))["version"] == 1  # at once: put here as it was sent
    await asyncio.wait_for(there.receive(theirs), 5)  # Redis has passed it on by now...
    await there.group_send("table", {"type": "table.version", "version": 2})
    assert (await asyncio.wait_for(here.receive(mine), 5))["version"] == 2  # ...not twice


@pytest.mark.redis
async def test_a_message_to_one_channel_reaches_it_in_another_process(two_processes):
    here, there = two_processes
    channel = await there.new_channel()
    await here.send(channel, MESSAGE)
    assert await asyncio.wait_for(there.receive(channel), 5) == MESSAGE


@pytest.mark.redis
async def test_many_publishes_at_once_each_arrive_in_order(two_processes):
    here, there = two_processes
    channel = await there.new_channel()
    await there.group_add("table", channel)
    await asyncio.gather(
        *(here.group_send("table", {"type": "t", "version": n}) for n in range(200))
    )
    versions = [(await asyncio.wait_for(there.receive(channel), 5))["version"] for _ in range(200)]
    assert versions == list(range(200))


@pytest.mark.redis
async def test_a_crowd_joining_at_once_all_get_their_messages(two_processes):
    """After a restart every page reconnects and joins its group at the same moment; a
    pooled layer once closed the sockets beyond its pool's hundredth connection."""
    here, there = two_processes
    channels = await asyncio.gather(*(there.new_channel() for _ in range(300)))
    await asyncio.gather(
        *(there.group_add(f"table-{n % 150}", channel) for n, channel in enumerate(channels))
    )
    await asyncio.gather(*(here.group_send(f"table-{n}", MESSAGE) for n in range(150)))
    received = await asyncio.gather(
        *(asyncio.wait_for(there.receive(channel), 5) for channel in channels)
    )
    assert received == [MESSAGE] * 300


@pytest.mark.redis
async def test_a_channel_left_is_no_longer_sent_its_group_messages(two_processes):
    here, there = two_processes
    leaving, staying = await there.new_channel(), await there.new_channel()
    for channel in (leaving, staying):
        await there.group_add("table", channel)
    await there.group_discard("table", leaving)
    await here.group_send("table", MESSAGE)
    assert await asyncio.wait_for(there.receive(staying), 5) == MESSAGE
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(there.receive(leaving), 0.3)


@pytest.mark.redis
async def test_a_cancelled_receive_ends_its_channel(two_processes):
    here, _ = two_processes
    channel = await here.new_channel()
    waiting = asyncio.ensure_future(here.receive(channel))
    await asyncio.sleep(0.05)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert channel not in here._here().channels


@pytest.mark.redis
async def test_only_a_channel_of_this_process_joins_a_group(two_processes):
    here, there = two_processes
    with pytest.raises(RuntimeError):
        await here.group_add("table", await there.new_channel())


@pytest.mark.redis
def test_sync_code_sends_through_a_loop_of_its_own_and_leaves_no_connection(redis):
    """``async_to_sync`` (a command, a test) runs each call on a loop it closes after."""
    layer = PubSubChannelLayer(hosts=[REDIS_URL], prefix="sarco-test-pubsub-sync")
    errors = []

    def send_twice():
        try:
            for version in (1, 2):
                async_to_sync(layer.group_send)("table", {"type": "t", "version": version})
        except Exception as error:  # pragma: no cover - the assertion below says it
            errors.append(error)

    thread = threading.Thread(target=send_twice)  # no running loop here, as in a command
    thread.start()
    thread.join(10)
    assert errors == []
    assert layer._loops == {}


@pytest.mark.redis
def test_a_layer_flushed_and_used_again_is_closed_with_its_loop(redis):
    layer = PubSubChannelLayer(hosts=[REDIS_URL], prefix="sarco-test-pubsub-again")
    loop = asyncio.new_event_loop()
    for _ in range(2):
        loop.run_until_complete(layer.group_send("table", MESSAGE))
        loop.run_until_complete(layer.flush())
    loop.run_until_complete(layer.group_send("table", MESSAGE))
    assert len(layer._loops) == 1
    loop.close()
    assert layer._loops == {}


@pytest.mark.redis
async def test_a_redis_with_a_password_is_logged_into(redis):
    private = PrivateRedis(password="club-secret")
    await asyncio.to_thread(private.start)
    layer = PubSubChannelLayer(hosts=[private.url], prefix="sarco-test-pubsub-auth")
    try:
        channel = await layer.new_channel()
        await layer.group_add("table", channel)
        await PubSubChannelLayer(hosts=[private.url], prefix="sarco-test-pubsub-auth").group_send(
            "table", MESSAGE
        )
        assert await asyncio.wait_for(layer.receive(channel), 5) == MESSAGE
        wrong = PubSubChannelLayer(hosts=[f"redis://:wrong@127.0.0.1:{private.port}/0"])
        with pytest.raises(ConnectionError):
            await wrong.group_send("table", MESSAGE)
    finally:
        await layer.flush()
        await asyncio.to_thread(private.stop)
        shutil.rmtree(private.dir, ignore_errors=True)


@pytest.mark.redis
async def test_with_redis_away_a_send_fails_but_reaches_this_processs_sockets(redis):
    private = PrivateRedis()
    await asyncio.to_thread(private.start)
    layer = PubSubChannelLayer(hosts=[private.url], prefix="sarco-test-pubsub-away")
    try:
        channel = await layer.new_channel()
        await layer.group_add("table", channel)
        await asyncio.to_thread(private.stop)
        with pytest.raises(ConnectionError):
            await layer.group_send("table", MESSAGE)
        assert await asyncio.wait_for(layer.receive(channel), 5) == MESSAGE
        with pytest.raises(ConnectionError):
            await layer.group_add("another", channel)
    finally:
        await layer.flush()
        shutil.rmtree(private.dir, ignore_errors=True)


@pytest.mark.redis
async def test_the_layer_tells_its_channels_when_redis_is_back_and_still_delivers(redis):
    """Redis stopped and started again (empty): the channel hears ``layer.reconnected``, and
    its group's messages reach it again (subscribed again by the layer)."""
    private = PrivateRedis()
    await asyncio.to_thread(private.start)
    layer = PubSubChannelLayer(hosts=[private.url], prefix="sarco-test-back")
    other = PubSubChannelLayer(hosts=[private.url], prefix="sarco-test-back")
    try:
        channel = await layer.new_channel()
        await layer.group_add("table", channel)
        await other.group_send("table", {"type": "table.version", "version": 1})
        assert (await asyncio.wait_for(layer.receive(channel), 5))["version"] == 1

        await asyncio.to_thread(private.stop)
        await asyncio.sleep(0.5)
        await asyncio.to_thread(private.start)
        assert await asyncio.wait_for(layer.receive(channel), 20) == RECONNECTED

        await other.group_send("table", {"type": "table.version", "version": 2})
        assert (await asyncio.wait_for(layer.receive(channel), 5))["version"] == 2
    finally:
        await layer.flush()
        await other.flush()
        await asyncio.to_thread(private.stop)
        shutil.rmtree(private.dir, ignore_errors=True)
