"""Django's ASGI handler, with each request in one hop to the process's sync thread.

Django's own handler (measured on a move post, bench/README.md) cost a move far more
than the view: it runs the middleware chain in async mode, so every old-style middleware
(``process_request``/``process_response``), WhiteNoise (sync only) and the sync view crossed
between the event loop and a thread, about fifteen switches a request; and it gives each
request a thread of its own (``ThreadSensitiveContext``), started and joined per request, so
every request also opened a new database connection (a new PostgreSQL backend process).

Our views and middleware are all synchronous. This handler builds the chain in sync mode and
runs it as a WSGI server would, on the process's one sync thread, the thread that Channels'
consumers use for the database too: connections are kept (``CONN_MAX_AGE``) and requests of a
process run one after another, as the GIL ran them anyway.

One hop, not three: Django's ``handle`` also sends ``request_started`` and closes the
response (``request_finished``) each in a hop of its own, and races the request against a
task listening for the client to go away. Here the start signal, the request, the response
and, for a response whose body is already in memory, its closing happen in the one hop; only
a streamed response (a static file) is closed after it was sent. A sync view cannot be
cancelled anyway, and daphne drops what is sent to a client that has gone.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix


class SyncStackASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self.load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)  # no ThreadSensitiveContext: the shared thread

    async def handle(self, scope, receive, send):
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            set_script_prefix(get_script_prefix(scope))
            respond = sync_to_async(self._respond, thread_sensitive=True)
            response = await respond(scope, body_file)
            await self.send_response(response, send)
            if response.streaming:
                await sync_to_async(response.close, thread_sensitive=True)()
        finally:
            body_file.close()

    def _respond(self, scope, body_file) -> HttpResponseBase:
        """On the sync thread: the request from start signal to response, closed unless its
        body is still to be streamed."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size  # the server chunks it
        if not response.streaming:
            response.close()  # request_finished: connections tidied, as after a WSGI response
        return response
