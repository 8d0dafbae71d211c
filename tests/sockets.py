"""Channels' test socket with time enough to connect on a busy machine.

``WebsocketCommunicator.connect`` waits one second by default. A worker's first socket, in
the niced PostgreSQL pass beside the SQLite pass's browsers, has overrun it (a hypothesis
test then called itself flaky), so every test socket here waits ``CONNECT_SECONDS`` unless
the test says otherwise.
"""

from __future__ import annotations

from channels import testing

CONNECT_SECONDS = 5


class WebsocketCommunicator(testing.WebsocketCommunicator):
    async def connect(self, timeout: float = CONNECT_SECONDS):
        return await super().connect(timeout)
