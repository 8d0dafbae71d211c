"""Sacrifice cards: notation, trick strength and the winner of a trick (S4), the score (S9)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.sacrifice import (
    TROPHIES,
    final_score,
    parse_card,
    score_breakdown,
    trick_strength,
    trick_winner,
)

# --- notation and the rule functions ---------------------------------------------------------


def test_trophies_are_the_twelve_face_cards_and_two_jokers():
    assert len(TROPHIES) == 14
    assert Counter(TROPHIES)["JK"] == 2
    assert sorted(c for c in TROPHIES if c != "JK") == sorted(r + s for r in "JQK" for s in "SHDC")


def test_parse_card_gives_canonical_notation():
    assert parse_card("QH") == "QH"
    assert parse_card(" 10d ") == "10D"
    assert parse_card("jk") == "JK"


@pytest.mark.parametrize("text", ["1H", "11S", "QX", "", "Joker", 5, None])
def test_parse_card_refuses_what_is_not_a_card(text):
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(text)


def test_trump_colour_beats_any_other_colour():
    assert trick_winner("2H", "AS", "KD") == 0
    assert trick_winner("AS", "2H", "KD") == 1


def test_black_trophy_makes_black_trump():
    assert trick_winner("2C", "AH", "QS") == 0


def test_higher_rank_wins_within_the_same_trump_status():
    assert trick_winner("9S", "10C", "JH") == 1
    assert trick_winner("AD", "10H", "JH") == 0


def test_rank_order_jk_j_q_k_below_the_numbers():
    order = ["JK", "JH", "QH", "KH", "2H", "3H", "10H", "AH"]
    strengths = [trick_strength(c, "KH") for c in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(order)


def test_jokers_have_no_colour_so_never_trump():
    assert trick_winner("JK", "2S", "KH") == 1


def test_same_rank_and_trump_status_is_a_tie():
    assert trick_winner("5H", "5D", "QD") is None
    assert trick_winner("5S", "5C", "QD") is None
    assert trick_winner("JK", "JK", "KS") is None


def test_same_rank_different_trump_status_is_no_tie():
    assert trick_winner("5H", "5S", "QD") == 0


def test_joker_hand_lowest_number_wins_whatever_the_colour():
    assert trick_winner("2S", "9H", "JK") == 0
    assert trick_winner("9H", "3C", "JK") == 1


def test_joker_hand_ace_is_the_highest_number_so_it_loses_to_ten():
    assert trick_winner("AS", "10H", "JK") == 1


def test_joker_hand_face_cards_cannot_win():
    assert trick_winner("KH", "9S", "JK") == 1
    assert trick_winner("AS", "JD", "JK") == 0


def test_joker_hand_jokers_cannot_win():
    assert trick_winner("JK", "AC", "JK") == 1


def test_joker_hand_neither_can_win_is_a_tie():
    assert trick_winner("QH", "JK", "JK") is None
    assert trick_winner("KH", "KS", "JK") is None


def test_trick_winner_refuses_a_trophy_that_is_not_one():
    with pytest.raises(ValueError, match="not a trophy"):
        trick_winner("2H", "3H", "10H")


def test_final_score_aces_fifteen_numbers_face_trophies_zero():
    assert final_score(2, ["AH", "10S", "5D", "KH", "JK"]) == 20 + 15 + 10 + 5


def test_final_score_refuses_impossible_trophy_counts():
    with pytest.raises(ValueError):
        final_score(15, [])


def test_score_breakdown_lists_each_card():
    result = score_breakdown(["KH", "JK"], ["AS", "7D", "KH"])
    assert result == {
        "trophies": 20,
        "sacrifices": 22,
        "total": 42,
        "cards": [
            {"card": "KH", "points": 10},
            {"card": "JK", "points": 10},
            {"card": "AS", "points": 15},
            {"card": "7D", "points": 7},
            {"card": "KH", "points": 0},
        ],
    }


@pytest.mark.parametrize(
    ("trophies", "sacrificed", "message"),
    [
        (["ZZ"], [], "not a card"),
        (["7H"], [], "not a trophy"),
        (["JK", "JK", "JK"], [], "3 times"),
        ([], ["AH", "AH"], "2 times"),
        ([], ["QD"], "not among the trophies"),
        (["QD"], ["QD", "QD"], "2 times"),
    ],
)
def test_score_breakdown_refuses_impossible_input(trophies, sacrificed, message):
    with pytest.raises(ValueError, match=message):
        score_breakdown(trophies, sacrificed)
