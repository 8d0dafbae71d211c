"""Whole numbers read from form fields and query strings: one parser, used everywhere.

``str.isdigit()`` says yes to ``"²"`` and ``"٣"`` and ``int()`` refuses 5,000 digits, and an
id past 2**63 overflows SQLite: each of those was a 500. ``form_int`` reads ASCII digits only,
within a bound, and answers ``default`` for anything else.
"""

from __future__ import annotations

from typing import Any

MAX_ID = 2**63 - 1  # the largest BigAutoField value both databases store


def form_int(value: Any, high: int = MAX_ID, default: int | None = None) -> int | None:
    """The number ``value`` spells in ASCII digits, 0 to ``high``; else ``default``.

    Surrounding spaces are forgiven; signs, unicode digits, lists and over-long text are not.
    """
    if not isinstance(value, str):
        return default
    text = value.strip()
    if not text or len(text) > len(str(high)) or not (text.isascii() and text.isdigit()):
        return default
    number = int(text)
    return number if number <= high else default


def form_ints(values: list[Any], high: int = MAX_ID) -> list[int]:
    """The values of a repeated field that are numbers by ``form_int``, in order."""
    return [n for n in (form_int(v, high) for v in values) if n is not None]
