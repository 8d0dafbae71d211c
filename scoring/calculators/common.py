"""Checks and rankings that every game's sheet needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.engines import get_engine

from .errors import SheetError


def check_players(players: Any, game: str) -> list[str]:
    """A list of distinct, non-empty names, as many as the game seats."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SheetError("Players must be a list of names.", "players")
    names = [" ".join(p.split()) for p in players]
    if any(not name for name in names):
        raise SheetError("Every player needs a name.", "players")
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        raise SheetError("Each player may sit at the table only once.", "players")
    engine = get_engine(game)
    if not engine.min_players <= len(names) <= engine.max_players:
        span = (
            f"{engine.min_players}"
            if engine.min_players == engine.max_players
            else f"{engine.min_players} to {engine.max_players}"
        )
        raise SheetError(
            f"{game.capitalize()} is played by {span} players, not {len(names)}.", "players"
        )
    return names


def per_player(value: Any, players: list[str], field: str, *, required: bool) -> dict[str, Any]:
    """A {player: entry} object whose keys are players of this sheet (all of them if required)."""
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise SheetError("This must be an object with an entry per player.", field)
    unknown = [name for name in value if name not in players]
    if unknown:
        raise SheetError(f"{unknown[0]} does not play in this game.", f"{field}.{unknown[0]}")
    if required:
        missing = [name for name in players if name not in value]
        if missing:
            raise SheetError(f"Nothing is entered for {missing[0]}.", f"{field}.{missing[0]}")
    return value


def parsed_per_player(
    value: Any, players: list[str], field: str, parse: Callable[[str], str]
) -> dict[str, list[str]]:
    """Each player's list of cards or tiles, normalised by the engine's ``parse``."""
    given = per_player(value, players, field, required=False)
    parsed: dict[str, list[str]] = {}
    for name in players:
        where = f"{field}.{name}"
        try:
            parsed[name] = [parse(item) for item in name_list(given.get(name), where)]
        except ValueError as exc:
            raise SheetError(str(exc), where) from None
    return parsed


def whole_number(value: Any, field: str, what: str, high: int | None = None) -> int:
    """A whole number from 0 (to ``high``), or a SheetError that says what was expected."""
    if type(value) is not int:
        raise SheetError(f"{what} must be a whole number.", field)
    if value < 0:
        raise SheetError(f"{what} cannot be negative.", field)
    if high is not None and value > high:
        raise SheetError(f"{what} cannot be more than {high}.", field)
    return value


def name_list(value: Any, field: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SheetError("This must be a list.", field)
    return value


def places(players: Iterable[str], key: Callable[[str], Any]) -> dict[str, int]:
    """Competition ranking by ``key`` (smaller is better): ties share a place, 1, 1, 3."""
    ordered = sorted(players, key=key)
    result: dict[str, int] = {}
    for position, name in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        same = previous is not None and key(previous) == key(name)
        result[name] = result[previous] if same else position
    return result


def names_of(seats: Iterable[int], players: list[str]) -> list[str]:
    return [players[seat] for seat in seats]


def zeroes(players: list[str]) -> dict[str, int]:
    return dict.fromkeys(players, 0)


def add(totals: Mapping[str, int], credited: Mapping[str, int]) -> dict[str, int]:
    return {name: totals[name] + credited.get(name, 0) for name in totals}
