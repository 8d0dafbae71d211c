"""A table's game replayed from its seed, options and move log.

The stored state is only a cache of this: the same seed and options give the same deal and
the same moves give the same game (docs/contracts/rules-api.md): replays and recording read the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from games.engines import get_engine

from .models import Table, TableMove


def replay_states(
    game: str, seats: int, seed: int, options: dict[str, Any], moves: Iterable[TableMove]
) -> Iterator[Any]:
    """The state before the first move, then after each move in turn."""
    engine = get_engine(game)
    state = engine.new_game(seats, seed, **options)
    yield state
    for move in moves:
        state = engine.apply(state, move.seat, move.move)
        yield state


def table_states(table: Table) -> Iterator[Any]:
    """Every state of a started table, from the deal to the current one."""
    moves = table.moves.order_by("number")
    return replay_states(table.game, table.seats.count(), table.seed, table.options, moves)
