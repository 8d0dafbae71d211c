"""What every board's view model shares: moves as posted JSON, event sentences with names."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

EVENTS_SHOWN = 6


def lines_total(view: dict[str, Any], lines: int) -> int | None:
    """How many lines a board's log has had since the game began, for a page to tell its new
    lines from the ones it showed before even when their words are the same (the template's
    ``data-events``). ``lines`` is how many the board makes of the view's events, any line it
    adds included; each event that left the view made one. So a board may drop only an
    event nothing follows (Sacrifice's "end"). None when the engine keeps no count.
    """
    total = view.get("events_total")
    return None if total is None else total - len(view.get("events", [])) + lines


# One encoder for every move's button: ``json.dumps`` with separators builds one per call,
# which was more than half of writing a move (4.1 against 1.7 us).
_COMPACT = json.JSONEncoder(separators=(",", ":"))


def move_json(move: dict[str, Any]) -> str:
    """A legal move as the move view takes it back: compact JSON of the very dict."""
    return _COMPACT.encode(move)


def named(text: str, names: list[str]) -> str:
    """An engine event's text with ``{p0}``, ``{p1}``... replaced by the seats' names."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


class Lazy:
    """A board value worked out only if a template asks for it, and then once (Django's
    templates call what is callable). A seat's board need not work out what its template
    takes ready drawn from the parts every viewer shares (``games.shared_parts``)."""

    __slots__ = ("_args", "_function", "_value")

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        self._function, self._args = function, args

    def __call__(self) -> Any:
        try:
            return self._value
        except AttributeError:
            self._value = self._function(*self._args)
            return self._value
