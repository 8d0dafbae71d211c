"""Sarcophagus tiles: notation, fame (P9, P10), trap discards and the end of the game (P6)."""

from __future__ import annotations

import pytest

from games.engines.sarcophagus import (
    TILES,
    end_of_game,
    fame,
    fame_breakdown,
    least_costly_discard,
    parse_tile,
    ranking,
)


# -- tiles and notation ---------------------------------------------------------------------
def test_there_are_24_tiles_in_notation():
    assert len(TILES) == len(set(TILES)) == 24
    assert {"5-sun", "null-moon", "ace-arms", "2-crown"} <= set(TILES)


def test_parse_tile_normalises_and_refuses_junk():
    assert parse_tile(" 5-Sun ") == "5-sun"
    for bad in ("6-sun", "5-star", "", "5sun", None, 5):
        with pytest.raises(ValueError, match="not a tile"):
            parse_tile(bad)


# -- fame (P9, P10) ---------------------------------------------------------------------------
def test_scoring_example_adds_up_to_33_not_30():
    """P10: the seed's example lists tiles worth 28 plus a 5 bonus."""
    ron = ["5-sun", "2-moon", "3-moon", "4-moon", "5-moon", "2-crown", "3-crown", "4-arms"]
    assert fame(ron) == 33
    assert fame_breakdown(ron) == {
        "tiles": 28,
        "sets": {"moon": 4, "crown": 1},
        "bonus": 5,
        "fame": 33,
    }


def test_set_bonus_is_1_2_4_for_two_three_four_tiles():
    assert fame(["2-sun"]) == 2
    assert fame(["2-sun", "3-sun"]) == 5 + 1
    assert fame(["2-sun", "3-sun", "4-sun"]) == 9 + 2
    assert fame(["2-sun", "3-sun", "4-sun", "5-sun"]) == 14 + 4


def test_traps_and_gods_score_nothing_and_make_no_set():
    assert fame(["null-sun", "ace-sun", "2-sun"]) == 2
    assert fame_breakdown(["ace-moon", "null-moon"])["fame"] == 0


def test_least_costly_discard_counts_the_set_bonus_lost():
    # 2-sun alone costs 2; 3-moon costs 3 + 1 (breaks the pair): 2-sun goes.
    assert least_costly_discard(["3-moon", "4-moon", "2-sun"]) == "2-sun"
    # 2-moon costs 2 + 1 = 3 while a lone 3-sun costs 3: tie, the lower value goes.
    assert least_costly_discard(["2-moon", "4-moon", "3-sun"]) == "2-moon"


def test_least_costly_discard_ties_go_to_the_lower_value_then_suit_order():
    assert least_costly_discard(["2-arms", "2-moon"]) == "2-moon"
    assert least_costly_discard(["ace-sun", "null-moon"]) is None


# -- end of game (P6, P9) -----------------------------------------------------------------------
def test_end_of_game_trap_takes_the_least_costly_number_tile():
    result = end_of_game(["3-sun", "4-moon", "5-moon"], ["null-arms", "5-crown"])
    assert result["discarded"] == ["3-sun"]
    assert result["kept"] == ["4-moon", "5-moon", "null-arms", "5-crown"]
    assert result["fame"] == 4 + 5 + 1 + 5
    assert result["tile_count"] == 4
    assert result["breakdown"] == fame_breakdown(result["kept"])


def test_end_of_game_player_may_choose_the_discard():
    result = end_of_game(["3-sun", "4-moon"], ["null-arms"], discards=["4-moon"])
    assert result["discarded"] == ["4-moon"] and result["fame"] == 3


def test_end_of_game_a_god_protects_from_sarcophagus_traps():
    result = end_of_game(["ace-sun", "3-sun"], ["null-arms", "null-moon"])
    assert result["discarded"] == [] and result["fame"] == 3 and result["tile_count"] == 4


def test_end_of_game_trap_without_number_tile_has_no_effect():
    assert end_of_game(["ace-sun"], [])["discarded"] == []
    assert end_of_game(["null-sun"], ["null-arms"])["discarded"] == []


def test_end_of_game_refuses_impossible_choices():
    with pytest.raises(ValueError, match="cannot be discarded"):
        end_of_game(["3-sun"], ["null-arms"], discards=["4-moon"])
    with pytest.raises(ValueError, match="Too many discards"):
        end_of_game(["ace-sun", "3-sun"], ["null-arms"], discards=["3-sun"])


def test_ranking_highest_fame_then_fewer_tiles_then_shared():
    assert ranking([20, 25, 24], [5, 9, 3]) == [1]
    assert ranking([25, 25, 24], [6, 5, 3]) == [1]
    assert ranking([25, 25, 24], [5, 5, 3]) == [0, 1]
