"""The server command: daphne, with the wire limits of ``sarco.wire_limits`` in front of the app.

Run it as daphne is run: ``python -m sarco.serve -b 0.0.0.0 -p 8001 sarco.asgi:application``
(every daphne option works). It differs from plain daphne in two ways: each websocket is
served by ``GuardedWebSocketProtocol`` (which also bounds a message of several frames), and a
websocket frame may be at most 16 KiB (daphne's default is 1 MiB) unless
``--websocket-max-frame-size`` says otherwise; TCP connections from an address in debt are
closed as they are accepted.
"""

from __future__ import annotations

import daphne.server  # noqa: F401  (first: it installs Twisted's asyncio reactor)
from daphne.cli import CommandLineInterface
from daphne.server import Server

from .wire_limits import WIRE_MAX_BYTES, GuardedWebSocketProtocol, refused_at_accept


class GuardedServer(Server):
    """daphne's server with the guarded websocket protocol, and connections from an address
    in debt closed as they are accepted. ``Server.run`` makes both factories and then uses
    them; each is changed as it is stored."""

    @property
    def http_factory(self):
        return self._http_factory

    @http_factory.setter
    def http_factory(self, factory) -> None:
        build = factory.buildProtocol

        def build_unless_refused(addr):
            if refused_at_accept(getattr(addr, "host", None)):
                return None  # Twisted closes the connection unread
            return build(addr)

        factory.buildProtocol = build_unless_refused
        self._http_factory = factory

    @property
    def ws_factory(self):
        return self._ws_factory

    @ws_factory.setter
    def ws_factory(self, factory) -> None:
        factory.protocol = GuardedWebSocketProtocol
        self._ws_factory = factory


class GuardedCommandLine(CommandLineInterface):
    description = "sarco's server: daphne with limits on what a websocket may send"
    server_class = GuardedServer

    def __init__(self) -> None:
        super().__init__()
        self.parser.set_defaults(websocket_max_frame_size=WIRE_MAX_BYTES)


if __name__ == "__main__":
    GuardedCommandLine.entrypoint()
