"""Sarg's square (G3): nine cells kept flat, cell index = 3 * row + column.

The lines each role scores and the open cells for every set of filled cells are tables built
once at import, so the engine and the bots look them up instead of working them out.
"""

from __future__ import annotations

from collections.abc import Sequence

ROW_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLUMN_LINES = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        3 * r2 + c2
        for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= r2 < 3 and 0 <= c2 < 3
    )
    for r in range(3)
    for c in range(3)
)
CENTRE = 4


def _open_for_mask(mask: int) -> tuple[int, ...]:
    return tuple(
        cell
        for cell in range(9)
        if not mask >> cell & 1 and any(mask >> n & 1 for n in NEIGHBOURS[cell])
    )


# G3 as a table: the open cells for each set of filled cells (bit i set = cell i filled).
OPEN_BY_MASK: tuple[tuple[int, ...], ...] = tuple(_open_for_mask(mask) for mask in range(512))


def open_cells(grid: Sequence[str | None]) -> list[int]:
    """G3: the empty cells (flat indices) orthogonally next to a card already in the square."""
    return list(OPEN_BY_MASK[filled_mask(grid)])


def filled_mask(grid: Sequence[str | None]) -> int:
    return sum(1 << cell for cell in range(9) if grid[cell] is not None)
