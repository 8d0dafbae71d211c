"""Sarg scoring: line values (G4), the round score and its tie rule (G5), the end bonus (G6)."""

from __future__ import annotations

import pytest

from games.engines.sarg import final_result, line_value, score_round, validate_grid

from .helpers import square

# -- G4 line values ----------------------------------------------------------------------


def test_ace_counts_one_number_cards_face_value_jack_zero():
    # spade, heart, club: mixed colours, no two of a suit: no multiplier
    assert line_value(["AS", "7H", "JC"], "row") == 8
    assert line_value(["AS", "7H", "JC"], "column") == 8


def test_queen_counts_ten_in_a_row_and_zero_in_a_column():
    assert line_value(["QS", "2H", "3C"], "row") == 15
    assert line_value(["QS", "2H", "3C"], "column") == 5


def test_king_counts_zero_in_a_row_and_ten_in_a_column():
    assert line_value(["KS", "2H", "3C"], "row") == 5
    assert line_value(["KS", "2H", "3C"], "column") == 15


def test_two_cards_of_one_suit_double():
    assert line_value(["5S", "9S", "3H"], "row") == 34


def test_three_cards_of_one_colour_triple():
    assert line_value(["5H", "9D", "3D"], "row") == 51


def test_three_of_one_colour_beats_two_of_one_suit():
    # two hearts and a diamond: only the single highest multiplier, x3, applies
    assert line_value(["5H", "9H", "3D"], "row") == 51


def test_three_cards_of_one_suit_quintuple_only():
    assert line_value(["5C", "9C", "2C"], "row") == 80


def test_queen_and_king_in_a_suited_row_and_column():
    assert line_value(["QC", "KC", "9C"], "row") == 95
    assert line_value(["QC", "KC", "9C"], "column") == 95
    assert line_value(["QH", "QD", "4H"], "row") == 72
    assert line_value(["QH", "QD", "4H"], "column") == 12


def test_joker_makes_a_line_worth_nothing():
    assert line_value(["JK", "10S", "10C"], "row") == 0
    assert line_value(["10S", "JK", "10C"], "column") == 0


def test_line_value_refuses_bad_input():
    with pytest.raises(ValueError, match="axis"):
        line_value(["AS", "2S", "3S"], "diagonal")
    with pytest.raises(ValueError, match="three cards"):
        line_value(["AS", "2S"], "row")
    with pytest.raises(ValueError, match="not a card"):
        line_value(["AS", "2S", "ZZ"], "row")


# -- score_round and the tie rule (G5) ---------------------------------------------------


def test_score_round_credits_each_best_line_level_one():
    # rows: 3S KD QS = 13 x2 = 26; KH 7H 10S = 17 x2 = 34; 6H JC 3H = 9 x2 = 18
    # columns: 3S KH 6H = 19 x2 = 38; KD 7H JC = 17; QS 10S 3H = 13 x2 = 26
    result = score_round(square("3S KD QS / KH 7H 10S / 6H JC 3H"))
    assert [line["value"] for line in result["rows"]] == [26, 34, 18]
    assert [line["value"] for line in result["columns"]] == [38, 17, 26]
    assert (result["queen"], result["king"]) == (34, 38)
    assert result["credited"] == {"queen": 1, "king": 0}
    assert result["level"] == 1


def test_score_round_explains_every_line():
    result = score_round(square("QS QH KD / 2S 3S 4S / JK 5H 6H"))
    assert result["rows"][0] == {
        "cards": ["QS", "QH", "KD"],
        "base": 20,
        "multiplier": 1,
        "value": 20,
        "vampire": False,
    }
    assert result["rows"][1]["multiplier"] == 5
    assert result["rows"][2] == {
        "cards": ["JK", "5H", "6H"],
        "base": 0,
        "multiplier": 1,
        "value": 0,
        "vampire": True,
    }
    assert result["columns"][2]["cards"] == ["KD", "4S", "6H"]


def test_vampire_in_a_row_and_a_column_zeroes_both_lines_only():
    result = score_round(square("2S 3S 4S / 5H JK 6H / 7D 8D 9D"))
    assert [line["value"] for line in result["rows"]] == [45, 0, 120]
    assert [line["vampire"] for line in result["rows"]] == [False, True, False]
    assert [line["vampire"] for line in result["columns"]] == [False, True, False]
    assert result["columns"][1]["value"] == 0
    assert result["columns"][0]["value"] == 14  # 2S 5H 7D, mixed


def test_two_vampires_leave_one_row_and_one_column():
    result = score_round(square("JK 2S 3S / 4S JK 6S / 7S 8S 9S"))
    assert [line["value"] for line in result["rows"]] == [0, 0, 120]
    assert [line["value"] for line in result["columns"]] == [0, 0, 90]


def test_tie_rule_level_two_credits_second_best_lines():
    # rows: 3S 8H 9H = 20 x2 = 40; 8D AS 6H = 15; 9D 10S QC = 29
    # columns: 3S 8D 9D = 20 x2 = 40; 8H AS 10S = 19 x2 = 38; 9H 6H QC = 15 x2 = 30
    result = score_round(square("3S 8H 9H / 8D AS 6H / 9D 10S QC"))
    assert result["level"] == 2
    assert (result["queen"], result["king"]) == (29, 38)
    assert result["credited"] == {"queen": 2, "king": 1}


def test_tie_rule_level_three_credits_third_best_lines():
    # rows 22, 3, 44; columns 44, 22, 13: best 44 = 44, second 22 = 22
    result = score_round(square("10S AS JH / 3H JS KD / 9H 10H 3C"))
    assert result["level"] == 3
    assert (result["queen"], result["king"]) == (3, 13)
    assert result["credited"] == {"queen": 1, "king": 2}


def test_tie_rule_level_three_credits_third_best_even_if_equal():
    # rows 5, 18, 28; columns 18, 5, 28: every level ties
    result = score_round(square("5H JC JS / KC QH 8D / 3D 5S 6D"))
    assert result["level"] == 3
    assert (result["queen"], result["king"]) == (5, 5)


def test_credited_line_index_names_the_line():
    result = score_round(square("AS 2H 3C / 10S 10C 9S / 4D 5H 7C"))
    assert result["credited"]["queen"] == 1
    assert result["queen"] == result["rows"][1]["value"]


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ([["AS", "2S", "3S"], ["4S", "5S", "6S"]], "3 rows"),
        ([["AS", "2S"], ["4S", "5S", "6S"], ["7S", "8S", "9S"]], "Row 1"),
        (square("AS 2S 3S / 4S 5S 6S / 7S 8S XX"), "not a card"),
        (square("AS 2S 3S / 4S 5S 6S / 7S 8S AS"), "AS is in the deck once"),
        (square("JK 2S 3S / 4S JK 6S / 7S 8S JK"), "only two jokers"),
        ([["AS", "2S", "3S"], ["4S", None, "6S"], ["7S", "8S", "9S"]], "Row 2, column 2"),
        ("AS 2S 3S", "3 rows"),
    ],
)
def test_validate_grid_refuses_malformed_squares(grid, message):
    with pytest.raises(ValueError, match=message):
        validate_grid(grid)


def test_validate_grid_accepts_two_jokers():
    validate_grid(square("JK 2S 3S / 4S JK 6S / 7S 8S 9S"))


def test_score_round_refuses_malformed_squares():
    with pytest.raises(ValueError):
        score_round(square("AS 2S 3S / 4S 5S 6S / 7S 8S AS"))


# -- G6 end bonus ------------------------------------------------------------------------


def test_end_bonus_seed_example_245_against_272_gives_299():
    rounds = [{"queen": 45, "king": 52}] + [{"queen": 40, "king": 44}] * 5
    result = final_result(rounds)
    assert result["totals"] == {"queen": 245, "king": 272}
    assert result["bonus"] == 27
    assert result["bonus_to"] == "king"
    assert result["king"] == 299
    assert result["queen"] == 245
    assert "27" in result["explanation"]


def test_equal_totals_give_the_highest_round_score_to_its_owner():
    rounds = [{"queen": 60, "king": 30}, {"queen": 10, "king": 40}]
    result = final_result(rounds)
    assert result["totals"] == {"queen": 70, "king": 70}
    assert (result["bonus"], result["bonus_to"]) == (60, "queen")
    assert result["queen"] == 130 and result["king"] == 70


def test_equal_totals_with_a_shared_highest_score_give_no_bonus():
    rounds = [{"queen": 60, "king": 20}, {"queen": 20, "king": 60}]
    result = final_result(rounds)
    assert (result["bonus"], result["bonus_to"]) == (0, None)
    assert result["queen"] == result["king"] == 80
    assert "no bonus" in result["explanation"]


def test_final_result_reads_only_queen_and_king_keys():
    full = score_round(square("10S 9S 8S / 2H 3D 4C / 5C 6H 7D"))
    assert final_result([full])["totals"] == {"queen": full["queen"], "king": full["king"]}


@pytest.mark.parametrize("rounds", ["x", [{"queen": 1}], [{"queen": -1, "king": 2}], [3]])
def test_final_result_refuses_malformed_rounds(rounds):
    with pytest.raises(ValueError):
        final_result(rounds)
