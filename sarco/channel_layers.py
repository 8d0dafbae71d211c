"""The channel layers: the embedded default's in-memory layer, made to scale with the number
of sockets, and the Redis pub/sub layer that tells its sockets when Redis was away."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close, create_pool
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.exceptions import ConnectionError as RedisConnectionError

log = logging.getLogger(__name__)

RECONNECTED = {"type": "layer.reconnected"}


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """Channels' ``InMemoryChannelLayer`` sweeps every channel and every group membership for
    expired messages on each ``receive`` and ``group_send``: a move on one table cost a pass
    over every socket of the server (the profile of 50 tables found it; it grows
    with the square of the tables). Here the sweep runs at most once a second; an expired
    message (a minute old by default) just lingers up to a second longer before it is dropped.
    """

    sweep_every = 1.0  # seconds
    _swept_at = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at < self.sweep_every:
            return
        self._swept_at = now
        super()._clean_expired()

    async def group_send(self, group: str, message: dict) -> None:
        """To each member in turn. Channels' own starts a task per member and waits for them
        as they complete, though putting a message on a member's queue never waits: for a
        move's news to a table's two sockets that was most of the group message's cost."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):  # as Channels' own: the others still get it
                await self.send(channel, message)


class ReconnectingPubSubChannelLayer(RedisPubSubChannelLayer):
    """Channels' Redis pub/sub layer, which tells every socket of the process when its
    connection to Redis came back after a loss.

    Pub/sub is the lighter of channels-redis's two layers: a group message is one PUBLISH that
    Redis hands to each subscribed process, where the core layer keeps a queue in Redis per
    socket and polls it (about half the framework's CPU a move on two servers,
    ``bench/floor.py``). What it does not have is memory: a message published while a process
    was cut off is gone. redis-py subscribes again by itself on reconnecting; this layer then
    puts ``{"type": "layer.reconnected"}`` on every channel of the process, and the consumers
    (``sarco.layer_outages``) send their viewer what stands now.
    """

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        if loop not in self._layers:
            self._layers[loop] = _ReconnectingLoopLayer(
                *self._args, **self._kwargs, channel_layer=self
            )
            _wrap_close(self, loop)
        return self._layers[loop]


class _ReconnectingLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._shards = [_ReconnectingShard(shard.host, self) for shard in self._shards]

    def tell_reconnected(self) -> None:
        message = self.channel_layer.serialize(RECONNECTED)
        for queue in self.channels.values():
            queue.put_nowait(message)


class _ReconnectingShard(RedisSingleShardConnection):
    async def publish(self, channel, message):
        """Once more on a lost connection: after Redis restarted, the first publish takes a
        pooled connection that Redis closed, and the message would be lost with it."""
        try:
            await super().publish(channel, message)
        except RedisConnectionError:
            await super().publish(channel, message)  # a new connection; fails if still away

    def _ensure_redis(self):
        if self._redis is None:
            self._redis = Redis(connection_pool=create_pool(self.host))
            self._pubsub = _ReconnectingPubSub(self._redis.connection_pool, self.channel_layer)


class _ReconnectingPubSub(PubSub):
    """redis-py calls ``on_connect`` on every connect of a subscriber's connection but the
    first (that one is made before the callback is registered): i.e. on reconnecting."""

    def __init__(self, connection_pool, loop_layer: _ReconnectingLoopLayer):
        super().__init__(connection_pool)
        self._loop_layer = loop_layer

    async def on_connect(self, connection):
        await super().on_connect(connection)  # subscribes again to every channel and group
        log.warning("The channel layer's Redis connection is back; telling every socket")
        self._loop_layer.tell_reconnected()
