"""Round entries as stored: players named by seat, not by name.

The sheet format (docs/scorekeeper.md) names players everywhere: ``{"heads": {"Anna": 3}}``,
``{"lost_by_cards": "Ben"}``. A stored round names seats instead (``{"heads": {"0": 3}}``,
``{"lost_by_cards": 1}``; JSON keys are text), so renaming or merging a player leaves every
stored round as it is. Names go in and out only here, at the edge between a session's rounds
and the sheet format that the entry forms, the calculators, imports and exports speak.
No Django: the data migration uses the same two functions' rules.
"""

from __future__ import annotations

from typing import Any

NAME_VALUES = ("lost_by_cards",)  # entry keys whose value is one player (Sacrifice, S9)


def to_seats(entry: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A sheet-format entry as stored: each per-player map keyed by seat (``"0"``), a value
    naming one player as its seat number. A name that is no seat's is kept as it is."""
    seat = {name: i for i, name in enumerate(names)}
    return {key: _keyed(key, value, seat, str) for key, value in entry.items()}


def to_names(entry: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A stored entry in the sheet format, the seats named by ``names`` (in seat order)."""
    name = {str(i): n for i, n in enumerate(names)} | dict(enumerate(names))
    return {key: _keyed(key, value, name, lambda n: n) for key, value in entry.items()}


def _keyed(key: str, value: Any, mapping: dict, as_key) -> Any:
    if key in NAME_VALUES:
        ok = isinstance(value, str | int) and not isinstance(value, bool)
        return mapping.get(value, value) if ok else value
    if isinstance(value, dict):
        return {as_key(mapping[k]) if k in mapping else k: v for k, v in value.items()}
    return value
