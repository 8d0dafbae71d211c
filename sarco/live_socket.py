"""What every live page's socket shares: the table's, the lobby's and the score sheet's.

Frames are weighed before anything else (``sarco.socket_limits``), the socket outlives a
channel-layer outage and joins its groups again after it (``layer_outages``), it leaves its
groups when it closes, and it records the server's event loop for the group messages that
sync code sends (``sarco.group_messages``). A socket listens only unless it says otherwise.
Its user is held as itself, not behind Channels' lazy object (``plain_user``).
"""

from __future__ import annotations

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.functional import empty

from sarco import group_messages
from sarco.layer_outages import SurvivesLayerOutages
from sarco.socket_limits import SocketLimits


class LiveSocket(SocketLimits, SurvivesLayerOutages, AsyncWebsocketConsumer):
    async def websocket_connect(self, message):
        group_messages.remember_loop()
        plain_user(self.scope)
        await super().websocket_connect(message)

    async def dispatch(self, message):
        """Hand ``message`` to its handler, as Channels does, but without Channels' call to
        ``close_old_connections`` on the database thread before each message: every database
        touch of these sockets goes through ``database_sync_to_async``, which does that
        itself on that thread, so the extra call only added a hand-over between the event
        loop and the database thread for every frame and every group message of every socket."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def join(self, *groups: str) -> None:
        """Join ``groups``; they are joined again after an outage and left on close."""
        self.outage_groups = groups
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)

    async def disconnect(self, code):
        for group in self.outage_groups:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Listening only: what is sent is ignored."""


def plain_user(scope: dict) -> None:
    """The scope's user as itself rather than behind Channels' ``UserLazyObject`` (which
    ``AuthMiddleware`` has resolved by then): a move's frames read the user a dozen times
    (signed in, seat, host), and each read through the lazy object's proxy cost more than
    the read."""
    wrapped = getattr(scope.get("user"), "_wrapped", empty)
    if wrapped is not empty:
        scope["user"] = wrapped
