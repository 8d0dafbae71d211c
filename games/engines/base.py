"""What every rules engine shares: the error type and the protocol it follows.

Engines are pure Python: no Django, no I/O, no global state. See ../shared/RULES_API.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class IllegalMove(ValueError):
    """A move the rules refuse. The message is shown to the player as it is."""


Move = dict[str, Any]
View = dict[str, Any]


class Engine(Protocol):
    """The engine protocol of RULES_API.md; each game module exposes one as ``ENGINE``."""

    name: str
    min_players: int
    max_players: int

    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> Any: ...
    def to_act(self, state: Any) -> list[int]: ...
    def legal_moves(self, state: Any, seat: int) -> list[Move]: ...
    def apply(self, state: Any, seat: int, move: Move) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def winners(self, state: Any) -> list[int]: ...
    def view(self, state: Any, seat: int | None) -> View: ...
    def to_json(self, state: Any) -> dict[str, Any]: ...
    def from_json(self, data: dict[str, Any]) -> Any: ...


def seat_count(players: int | Sequence[str], low: int, high: int, game: str) -> int:
    """Accept a seat count or a list of player names; refuse counts the game can't seat."""
    count = players if isinstance(players, int) else len(players)
    if not low <= count <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{game} is played by {span} players, not {count}.")
    return count
