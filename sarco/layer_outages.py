"""Sockets that outlive a channel-layer outage (Redis stopped or stalled).

Channels ends a consumer whose channel-layer receive raises: with Redis away for a moment, or a
read that times out under load, every socket of a process was closed with 1011 and every page
had to reconnect at once. A consumer with ``SurvivesLayerOutages`` keeps its socket instead:
it waits (backing off), joins its groups again until the layer answers (Redis may have come
back empty, without the group memberships), then dispatches ``after_outage_message()`` so the
viewer is sent what it missed.

On the Redis pub/sub layer (``sarco.pubsub_layer.PubSubChannelLayer``) a receive
does not fail: it waits on the process's own queue, and messages published while the process
was cut off are lost. That layer says ``{"type": "layer.reconnected"}`` once its connection is
back, and the consumer answers it the same way: ``after_outage_message()``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sarco.channel_layers import RECONNECTED

log = logging.getLogger(__name__)

FIRST_RETRY = 0.5  # seconds
LAST_RETRY = 5.0


class SurvivesLayerOutages:
    """Mixin for a Channels consumer; set ``outage_groups`` to the groups it is in."""

    outage_groups: tuple[str, ...] = ()
    _retry_delay = FIRST_RETRY

    # Channels assigns the layer's receive to ``self.channel_receive`` in ``__call__`` and
    # then awaits whatever that attribute holds: the setter keeps the real one aside and the
    # getter hands out the one that survives failures.
    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._receive_through_outages

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    def after_outage_message(self) -> dict[str, Any]:
        """What to dispatch once the layer is back (the viewer may have missed messages)."""
        raise NotImplementedError

    async def _receive_through_outages(self) -> dict[str, Any]:
        try:
            message = await self._layer_receive()
        except Exception as exc:  # the layer's server went away or stalled; not cancellation
            log.warning("Channel layer receive failed (%s); keeping the socket, retrying", exc)
        else:
            self._retry_delay = FIRST_RETRY
            if message.get("type") == RECONNECTED["type"]:
                return self.after_outage_message()  # messages may have been lost meanwhile
            return message
        while True:
            await asyncio.sleep(self._retry_delay)
            self._retry_delay = min(self._retry_delay * 2, LAST_RETRY)
            try:
                for group in self.outage_groups:
                    await self.channel_layer.group_add(group, self.channel_name)
            except Exception:
                continue  # still away
            return self.after_outage_message()
