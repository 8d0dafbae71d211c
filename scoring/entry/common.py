"""What the four entry forms share: the draft error, number parsing, a player's error.
Cards and tiles are drawn by ``scoring.faces``, as everywhere.

A *draft* is the state of a form as the person sees it (steppers, the card square with its
cursor, ticked tiles), posted back on every tap so the page can show the computed result
live. An *entry* is the part of it that goes into the score sheet JSON. No rule is decided
here: the sheet is computed by ``scoring.calculators`` from the entry.
"""

from __future__ import annotations

import re
from typing import Any

INT = re.compile(r"^-?[0-9]{1,4}$")  # ASCII digits: "²".isdigit() is true, int("²") fails


class DraftError(Exception):
    """A form that cannot become an entry yet; ``field`` is the form part it concerns."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def int_or_text(value: str) -> int | str:
    """A typed whole number as an int; anything else kept as typed, to show it back."""
    value = (value or "").strip()
    return int(value) if INT.match(value) else value


def player_error(context: dict[str, Any], name: str) -> dict[str, str]:
    """The form error that belongs to one player's row, if any."""
    error = context["error"]
    mine = error["player"] == name
    return {"error": error["message"] if mine else "", "error_key": error["key"] if mine else ""}
