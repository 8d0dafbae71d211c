"""A table's engine state worked out of its JSON once for each value the JSON takes.

A move's state is read again by every frame drawn from the table and by the next move, and
parsing the held table's JSON at the start of each move had been 2-3% of a server's CPU
(docs/online-speed.md, "The state parsed once; the write bound on the server"). The state is
kept beside the JSON value it came from, compared by identity, so a new value or a table read
again is worked out anew. Sharing one state among its readers is safe because no engine
changes a state it is given (each ``apply`` returns a new one; every engine's tests hold it).
"""

from __future__ import annotations

from typing import Any

KEPT = "_state_of"  # on the model: (the JSON value, the state worked out of it)


class KeptState:
    """A table model's mixin: ``state()`` from ``state_json`` through ``engine``."""

    def state(self) -> Any:
        """The engine state (None before the start)."""
        data = self.state_json
        if data is None:
            return None
        kept = self.__dict__.get(KEPT)
        if kept is not None and kept[0] is data:
            return kept[1]
        state = self.engine.from_json(data)
        self.__dict__[KEPT] = (data, state)
        return state

    def keep_state(self, state: Any) -> None:
        """Keep ``state`` as what ``state_json`` now holds (just dumped from it), so that
        ``state()`` need not work it out again."""
        self.__dict__[KEPT] = (self.state_json, state)
