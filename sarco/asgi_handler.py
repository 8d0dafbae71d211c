"""Django's ASGI handler, with each request in one hop to the process's sync thread.

Django's own handler (measured on a move post, issue 16, bench/README.md) cost a move far more
than the view: it runs the middleware chain in async mode, so every old-style middleware
(``process_request``/``process_response``), WhiteNoise (sync only) and the sync view crossed
between the event loop and a thread, about fifteen switches a request; and it gives each
request a thread of its own (``ThreadSensitiveContext``), started and joined per request, so
every request also opened a new database connection (a new PostgreSQL backend process).

Our views and middleware are all synchronous. This handler builds the chain in sync mode and
runs it as a WSGI server would, in one ``sync_to_async`` call on the process's one sync thread,
the thread that Channels' consumers use for the database too: connections are kept
(``CONN_MAX_AGE``) and requests of a process run one after another, as the GIL ran them anyway.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class SyncStackASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self.load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)  # no ThreadSensitiveContext: the shared thread

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)
