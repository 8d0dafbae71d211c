"""ASGI entry point for daphne: HTTP through Django, websockets through Channels.

Websockets get the session user (AuthMiddlewareStack) and the reader's language
(LanguageMiddleware), and are refused unless their Origin is one of ALLOWED_HOSTS.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sarco.settings")
django.setup(set_prefix=False)  # before importing anything that touches models

from .asgi_handler import SyncStackASGIHandler  # noqa: E402

django_asgi_app = SyncStackASGIHandler()  # each request: one hop to the sync thread

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.botrunner import BotRunnerMiddleware  # noqa: E402

from .group_messages import serving  # noqa: E402
from .heap import settle  # noqa: E402
from .languages import LanguageMiddleware  # noqa: E402
from .routing import websocket_urlpatterns  # noqa: E402

application = serving(  # group messages from sync code go to this loop
    BotRunnerMiddleware(  # each process's bot runner starts with its first connection
        ProtocolTypeRouter(
            {
                "http": django_asgi_app,
                "websocket": AllowedHostsOriginValidator(
                    AuthMiddlewareStack(LanguageMiddleware(URLRouter(websocket_urlpatterns)))
                ),
            }
        )
    )
)

settle()  # the application is loaded: keep it out of the cycle collector's walks (sarco.heap)
