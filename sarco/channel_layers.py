"""The in-memory channel layer of the embedded default (one process, no Redis), made to scale
with the number of sockets.

Channels' ``InMemoryChannelLayer`` sweeps every channel and every group membership for expired
messages on each ``receive`` and ``group_send``: a move on one table cost a pass over every
socket of the server (issue 16 found it in the profile of 50 tables; it grows with the square
of the tables). Here the sweep runs at most once a second; an expired message (a minute old
by default) just lingers up to a second longer before it is dropped.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    sweep_every = 1.0  # seconds
    _swept_at = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at < self.sweep_every:
            return
        self._swept_at = now
        super()._clean_expired()
