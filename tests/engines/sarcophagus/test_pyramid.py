"""Sarcophagus pyramid geometry: free sides of a tile (P1)."""

from __future__ import annotations

import pytest

from games.engines.sarcophagus import free_sides

ALL = {(r, i) for r in range(1, 7) for i in range(r)}


# -- free sides (P1) --------------------------------------------------------------------------
def test_free_sides_of_a_full_pyramid_around_its_edges():
    assert free_sides(ALL, (1, 0)) == 3  # apex: left, right, top
    assert free_sides(ALL, (6, 0)) == 2  # base corner: left, bottom
    assert free_sides(ALL, (6, 5)) == 2
    assert free_sides(ALL, (6, 3)) == 1  # base: only the bottom
    assert free_sides(ALL, (4, 0)) == 1  # left edge: only the left
    assert free_sides(ALL, (4, 3)) == 1  # right edge
    assert free_sides(ALL, (3, 1)) == 0  # inside


def test_free_sides_top_is_free_only_when_both_tiles_above_are_gone():
    remaining = ALL - {(1, 0), (2, 0)}
    assert free_sides(remaining, (3, 1)) == 0  # (2,1) still above
    assert free_sides(remaining - {(2, 1)}, (3, 1)) == 1
    assert free_sides(remaining, (2, 1)) == 3  # left, right, top


def test_free_sides_bottom_needs_both_tiles_below_gone():
    remaining = ALL - {(6, 2)}
    assert free_sides(remaining, (5, 2)) == 0
    assert free_sides(remaining - {(6, 3)}, (5, 2)) == 1


def test_free_sides_refuses_positions_off_the_pyramid():
    with pytest.raises(ValueError):
        free_sides(ALL, (2, 2))
