"""The server's heap, settled once its application is loaded.

CPython's cycle collector runs a young collection every 700 new container objects. A move
makes thousands (its context, its drawing, the frames), almost all freed at once by
reference counting, so the collector ran some 30 times a second on a busy server, each time
also walking what had just been loaded: 4.5% of a daphne's CPU with 50 Sarg tables flat out
(docs/online-speed.md). Moving everything loaded so far out of the collector's sight
(``gc.freeze``) and collecting young objects every 50,000 leaves it under half a percent.
Cycles are still collected, later: the server's memory grew by about 4 MB.
"""

from __future__ import annotations

import gc

YOUNG = 50_000  # new container objects between two young collections (CPython: 700)
MIDDLE = 20  # young collections between two of the middle generation (CPython: 10)
OLD = 10  # middle collections between two full ones (CPython: 10)


def settle() -> None:
    """Collect once, keep what is loaded out of later collections, and collect less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
