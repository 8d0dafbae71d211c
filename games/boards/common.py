"""What every board's view model shares: moves as posted JSON, event sentences with names."""

from __future__ import annotations

import json
from typing import Any

EVENTS_SHOWN = 6


def move_json(move: dict[str, Any]) -> str:
    """A legal move as the move view takes it back: compact JSON of the very dict."""
    return json.dumps(move, separators=(",", ":"))


def named(text: str, names: list[str]) -> str:
    """An engine event's text with ``{p0}``, ``{p1}``... replaced by the seats' names."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text
