"""The pyramid's geometry (P1): positions, neighbours, sides, and where the sarcophagus lies.

Positions are (row, index): row 1 is the apex, row 6 the base of six tiles, index 0 the left
end. Inside the engine a position is its number in reading order (0 = the apex, 20 = (6,5)),
so the board is a plain list and "reading order" is simply ascending numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..base import Text

ROWS = 6
POSITIONS: tuple[tuple[int, int], ...] = tuple((r, i) for r in range(1, ROWS + 1) for i in range(r))
INDEX: dict[tuple[int, int], int] = {pos: n for n, pos in enumerate(POSITIONS)}
SARCOPHAGUS: tuple[int, ...] = (INDEX[(5, 2)], INDEX[(6, 2)], INDEX[(6, 3)])


def _at(r: int, i: int) -> tuple[int, ...]:
    """The position number at (r, i) as a 1-tuple, or () off the pyramid."""
    return (INDEX[(r, i)],) if (r, i) in INDEX else ()


def _sides(r: int, i: int) -> tuple[tuple[int, ...], ...]:
    """Left, right, top (both tiles above), bottom (both tiles below)."""
    return (
        _at(r, i - 1),
        _at(r, i + 1),
        _at(r - 1, i - 1) + _at(r - 1, i),
        _at(r + 1, i) + _at(r + 1, i + 1),
    )


SIDES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_sides(r, i) for r, i in POSITIONS)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for side in sides for q in side) for sides in SIDES
)


def free_count(board: list[int | None], p: int) -> int:
    """Free sides of position p on a board list (None where the tile is gone). Loops, not
    ``sum`` over ``all``: every view asks it of each of the 21 tiles (a third as long)."""
    free = 0
    for side in SIDES[p]:
        for q in side:
            if board[q] is not None:
                break
        else:
            free += 1
    return free


def free_sides(remaining: Iterable[tuple[int, int]], tile: tuple[int, int]) -> int:
    """How many of the tile's four sides (left, right, top, bottom) have no remaining tile.

    A side off the edge of the pyramid is free. ``remaining`` holds (row, index) positions.
    """
    pos = tuple(tile)
    if pos not in INDEX:
        raise ValueError(
            Text("%(tile)r is not a pyramid position: rows 1-6, index 0 to row-1.", tile=tile)
        )
    present = {INDEX[tuple(q)] for q in remaining if tuple(q) in INDEX}
    return sum(1 for side in SIDES[INDEX[pos]] if not any(q in present for q in side))


def top_left(board: list[int | None]) -> int | None:
    """The leftmost remaining tile of the highest row that still has one (P2)."""
    for p, tile in enumerate(board):
        if tile is not None:
            return p
    return None


def label(p: int) -> str:
    r, i = POSITIONS[p]
    return f"({r},{i})"
