"""The null move's server for ``bench/floor.py``: sarco's ASGI stack (its HTTP handler; for
sockets the origin check, the session user and the language) with one socket route that
joins a group and, on each ``table.version``, sends a tiny fragment. What a move costs the
framework before sarco renders or stores anything: posted over HTTP, or sent on the socket
itself (a frame with the version seen), which sarco does not do but a team deciding on issue
16's targets wants measured."""

import json
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.floor_site")
django.setup(set_prefix=False)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from bench.floor_site import NULL_FRAGMENT, NULL_GROUP  # noqa: E402
from sarco.asgi_handler import SyncStackASGIHandler  # noqa: E402
from sarco.group_messages import serving  # noqa: E402
from sarco.languages import LanguageMiddleware  # noqa: E402


class NullTableConsumer(AsyncWebsocketConsumer):
    """A table's socket without the table: the group, the version, a frame."""

    async def connect(self):
        self.group = NULL_GROUP.format(self.scope["url_route"]["kwargs"]["number"])
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data=NULL_FRAGMENT.format(0))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """A move on the socket: ``{"version": n}`` from a signed-in viewer, the group told of
        n + 1 as the posted null move tells it; anything else is ignored."""
        if not self.scope["user"].is_authenticated:
            return
        try:
            version = json.loads(text_data or "")["version"]
        except (ValueError, TypeError, KeyError):
            return
        if type(version) is int:
            await self.channel_layer.group_send(
                self.group, {"type": "table.version", "version": version + 1}
            )

    async def table_version(self, event):
        await self.send(text_data=NULL_FRAGMENT.format(event["version"]))


application = serving(
    ProtocolTypeRouter(
        {
            "http": SyncStackASGIHandler(),
            "websocket": AllowedHostsOriginValidator(
                AuthMiddlewareStack(
                    LanguageMiddleware(
                        URLRouter([path("ws/floor/<int:number>/", NullTableConsumer.as_asgi())])
                    )
                )
            ),
        }
    )
)
