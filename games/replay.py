"""A table's game replayed from its seed, options and move log.

The stored state is only a cache of this: the same seed and options give the same deal and
the same moves give the same game (docs/contracts/rules-api.md): replays and recording read the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from games.engines import get_engine

from .models import Table


class LoggedMove(Protocol):
    """What a replay reads of a logged move: a ``TableMove`` or a row of its values."""

    seat: int
    move: Any


def replay_states(
    game: str, seats: int, seed: int, options: dict[str, Any], moves: Iterable[LoggedMove]
) -> Iterator[Any]:
    """The state before the first move, then after each move in turn."""
    engine = get_engine(game)
    state = engine.new_game(seats, seed, **options)
    yield state
    for move in moves:
        state = engine.apply(state, move.seat, move.move)
        yield state


def table_states(table: Table) -> Iterator[Any]:
    """Every state of a started table, from the deal to the current one. The moves are read
    as (seat, move) rows, not models: a game's end replays its whole log to record it."""
    moves = table.moves.order_by("number").values_list("seat", "move", named=True)
    return replay_states(table.game, len(table.seat_list), table.seed, table.options, moves)
