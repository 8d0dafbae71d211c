"""JSON text on a move's path, written and read by orjson.

A move dumps the table's new state once (for its write and its group message), and every
other server process reads that message's record back: with the standard library that was
3-4% of a server's CPU flat out (py-spy, docs/online-speed.md, "A move played on the event
loop"); orjson takes a tenth of the time to write a state and a third to read it.

The values are the engines' JSON: strings, numbers, lists and objects. Keys that are not
strings are written as strings, as the standard library writes them. Integers must fit in 64
bits (orjson refuses larger ones, and would read them back as floats); the engines' are
small, and a table's seed has 53 bits (``games.tables.SEED_BITS``).
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS

DecodeError = orjson.JSONDecodeError  # a ValueError, as json.JSONDecodeError is


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    return orjson.dumps(value, option=_OPTIONS).decode()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)
