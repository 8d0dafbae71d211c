"""The embedded default's channel layer: Channels' in-memory layer, made to scale with the
number of sockets; and the message a layer puts on its channels when it is back after an
outage (the Redis layer is ``sarco.pubsub_layer``)."""

from __future__ import annotations

import contextlib
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

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
