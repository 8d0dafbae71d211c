"""A heuristic Sarg bot: one-ply look-ahead on "my best line minus the opponent's best line".

Each candidate move is placed on a copy of the square. A full square is scored exactly
(with the tie rule); otherwise each line is estimated by its expected value when its empty
cells are filled with random cards of the deck. That expectation depends only on the cards
already in the line, so it is memoised once per card combination. The bot rates the move by
its own best line estimate minus the opponent's; so it builds its own lines and spoils (or
plants a vampire in) the opponent's. Which cards are still unseen is ignored: the deck-wide
average is close enough and keeps the bot cheap enough for thousands of simulated games.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations
from typing import Any

from games.engines import Engine, Move
from games.engines.sarg.cards import COLUMN_VALUE, DECK, JOKER, ROW_VALUE
from games.engines.sarg.scoring import fast_line_value, round_credit
from games.engines.sarg.square import COLUMN_LINES, ROW_LINES

_VALUES = {"row": ROW_VALUE, "column": COLUMN_VALUE}
# Tiny weight on the second-best line: it breaks ties between otherwise equal moves and
# matters when the best lines tie (G5).
SECOND_LINE_WEIGHT = 0.1


@cache
def expected_line(known: tuple[str, ...], axis: str) -> float:
    """Mean value of a line holding ``known`` (sorted) once its other cells get random cards."""
    if JOKER in known:
        return 0.0
    values = _VALUES[axis]
    rest = list(DECK)
    for card in known:
        rest.remove(card)
    fills = list(combinations(rest, 3 - len(known)))
    total = sum(fast_line_value(*known, *fill, values) for fill in fills)
    return total / len(fills)


def line_estimate(grid: list[str | None], cells: tuple[int, int, int], axis: str) -> float:
    """The line's exact value when full, else its memoised expectation."""
    cards = [grid[i] for i in cells]
    if JOKER in cards:
        return 0.0
    if None not in cards:
        return fast_line_value(cards[0], cards[1], cards[2], _VALUES[axis])
    return expected_line(tuple(sorted(c for c in cards if c is not None)), axis)


def side_estimate(grid: list[str | None], axis: str) -> float:
    """How much one side expects to be credited: its best line, plus a little of the next."""
    lines = ROW_LINES if axis == "row" else COLUMN_LINES
    first, second, _ = sorted((line_estimate(grid, cells, axis) for cells in lines), reverse=True)
    return first + SECOND_LINE_WEIGHT * second


def evaluate(grid: list[str | None], axis: str) -> float:
    """Rating of a square for the side scoring ``axis``: own expectation minus the other's."""
    other = "column" if axis == "row" else "row"
    if None not in grid:
        queen, king = round_credit(grid)  # type: ignore[arg-type]
        return queen - king if axis == "row" else king - queen
    return side_estimate(grid, axis) - side_estimate(grid, other)


class HeuristicBot:
    """Plays the move whose resulting square rates best for its own role (ties: random)."""

    name = "heuristic"

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        moves = engine.legal_moves(state, seat)
        axis = "row" if seat == state.queen else "column"
        grid = list(state.grid)
        best: list[Move] = []
        best_score = float("-inf")
        for move in moves:
            row, column = move["cell"]
            cell = 3 * row + column
            grid[cell] = move["card"]
            score = evaluate(grid, axis)
            grid[cell] = None
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        return rng.choice(best)
