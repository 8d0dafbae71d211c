"""The server command: daphne, with the wire limits of ``sarco.wire_limits`` in front of the app.

Run it as daphne is run: ``python -m sarco.serve -b 0.0.0.0 -p 8001 sarco.asgi:application``
(every daphne option works). It differs from plain daphne in two ways: each websocket is
served by ``GuardedWebSocketProtocol``, and a websocket frame or message may be at most 16 KiB
(daphne's default is 1 MiB) unless ``--websocket-max-message-size`` and
``--websocket-max-frame-size`` say otherwise.
"""

from __future__ import annotations

import daphne.server  # noqa: F401  (first: it installs Twisted's asyncio reactor)
from daphne.cli import CommandLineInterface
from daphne.server import Server

from .wire_limits import GuardedWebSocketProtocol

WIRE_MAX_BYTES = 16 * 1024  # a move is well under 1 KiB; the consumer refuses over 4 KiB


class GuardedServer(Server):
    """daphne's server with the guarded websocket protocol. ``Server.run`` makes the websocket
    factory and then sets its options; the factory is given our protocol as it is stored."""

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
        self.parser.set_defaults(
            websocket_max_message_size=WIRE_MAX_BYTES, websocket_max_frame_size=WIRE_MAX_BYTES
        )


if __name__ == "__main__":
    GuardedCommandLine.entrypoint()
