"""``run_clocks``: timeouts, the seats handed to bots for good and abandoned tables
(docs/clocks.md). Filled in next; the signature is the contract's."""

from __future__ import annotations

import datetime as dt


def run(now: dt.datetime | None = None) -> int:
    return 0
