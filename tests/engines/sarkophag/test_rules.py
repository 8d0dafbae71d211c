"""Sarkophag rules: the head table (K1), the worked examples, leading (K3), following (K4)
and the taker (K5): the rule functions, and the engine where a rule shows in play."""

from __future__ import annotations

import pytest

from games.engines import IllegalMove
from games.engines.sarkophag import DECK_HEADS, ENGINE, heads, legal_cards, mummy_heads, taker

from .helpers import make_state, play

# -- K1: the head table ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "cards"),
    [
        (0, [1, 2, 14, 16, 24, 26, 34, 36, 44, 46, 59, 60]),
        (2, [4, 12, 18, 22, 28, 32, 38, 42, 48, 56, 58]),
        (3, [6, 8, 10, 20, 30, 40, 50, 52, 54]),
        (5, [15, 25, 35, 45]),
    ],
)
def test_k1_head_groups(count, cards):
    assert [c for c in range(1, 61) if mummy_heads(c) == count] == cards


def test_k1_one_head_is_every_other_odd_card():
    ones = [c for c in range(1, 61) if mummy_heads(c) == 1]
    assert ones == [c for c in range(3, 58, 2) if c not in (15, 25, 35, 45)]


def test_k1_deck_is_symmetric_except_card_58():
    assert all(mummy_heads(n) == mummy_heads(60 - n) for n in range(3, 58))
    assert mummy_heads(1) == mummy_heads(60) == 0
    assert mummy_heads(2) == mummy_heads(59) == 0
    assert mummy_heads(58) == 2


def test_k1_whole_deck_has_93_heads():
    assert DECK_HEADS == heads(range(1, 61)) == 93


@pytest.mark.parametrize("bad", [0, 61, -3, "5", 5.0, True, None])
def test_mummy_heads_refuses_non_cards(bad):
    with pytest.raises(ValueError):
        mummy_heads(bad)


def test_heads_sums_some_cards():
    assert heads([15, 20, 1]) == 8
    assert heads([]) == 0


@pytest.mark.parametrize("bad", [[3, 3], [0], [61], ["a"], 5])
def test_heads_refuses_duplicates_and_non_cards(bad):
    with pytest.raises(ValueError):
        heads(bad)


# -- the three worked examples of seed 000 ------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "index", "count"),
    [
        ([22, 20, 14, 15], 2, 10),  # Henrik takes with the 14
        ([48, 49, 53, 39], 3, 5),  # Clemens cannot go higher, plays 39 and takes
        ([9, 8, 36, 35], 2, 9),  # Daniel's 36 is the highest of those who broke
    ],
)
def test_worked_examples(trick, index, count):
    assert taker(trick) == index
    assert heads(trick) == count


def test_worked_example_one_through_the_engine():
    nico, clemens, henrik, daniel = range(4)
    state = make_state([[22, 40], [20, 41], [14, 42], [15, 43]], leader=nico)
    state = play(state, 22, 20, 14, 15)
    assert state.heads == (0, 0, 10, 0)
    assert state.tricks[henrik] == 1
    assert ENGINE.to_act(state) == [henrik]
    assert (clemens, daniel) == (1, 3)


def test_worked_example_three_through_the_engine():
    # Clemens (1) leads 9, Henrik (2) plays 8, Daniel (3) and Nico (0) hold nothing below 9.
    state = make_state([[35, 50], [9, 51], [8, 52], [36, 53]], leader=1)
    state = play(state, 9, 8, 36, 35)
    assert state.heads == (0, 0, 0, 9)
    assert ENGINE.to_act(state) == [3]


# -- K3: leading ------------------------------------------------------------------------------


def test_k3_five_head_card_may_not_be_led():
    assert legal_cards([15, 22, 45], []) == [22]


def test_k3_five_head_card_may_be_led_when_all_cards_have_five():
    assert legal_cards([15, 45], []) == [15, 45]


def test_k3_refusal_names_the_rule():
    state = make_state([[15, 22], [1, 2], [3, 4]], leader=0)
    with pytest.raises(IllegalMove, match="may not lead 15"):
        ENGINE.apply(state, 0, {"card": 15})


def test_k3_five_head_card_may_follow():
    assert legal_cards([15, 45], [30]) == [15, 45]


# -- K4: following ----------------------------------------------------------------------------


def test_k4_second_card_is_free():
    assert legal_cards([1, 59, 15], [30]) == [1, 59, 15]


def test_k4_lower_trick_measured_against_first_card():
    # 21 is above the second card (20) but below the first (22): allowed; 30 is not.
    assert legal_cards([21, 30], [22, 20]) == [21]


def test_k4_higher_trick_measured_against_first_card():
    assert legal_cards([23, 10], [22, 40]) == [23]


def test_k4_without_a_card_on_the_right_side_any_card():
    assert legal_cards([30, 50], [22, 20]) == [30, 50]
    assert legal_cards([3, 10], [22, 40]) == [3, 10]


def test_german_rules_keep_following_after_someone_deviated():
    # Seed 003: "Wer niedriger ausspielen kann, muss das aber weiterhin tun."
    assert legal_cards([10, 50], [30, 20, 55]) == [10]
    assert legal_cards([10, 50], [30, 40, 5]) == [50]


def test_k4_refusal_message_names_the_cards_to_play():
    state = make_state([[22, 1], [20, 2], [9, 14, 30], [3, 4]], leader=0)
    state = play(state, 22, 20)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 2, {"card": 30})
    assert str(refused.value) == "You must play lower than 22, and you hold 14 and 9."


def test_legal_cards_refuses_a_card_in_hand_and_trick():
    with pytest.raises(ValueError):
        legal_cards([22, 5], [22])


def test_legal_cards_refuses_an_empty_hand():
    with pytest.raises(ValueError):
        legal_cards([], [22])


# -- K5: the taker ----------------------------------------------------------------------------


def test_k5_lower_trick_lowest_takes():
    assert taker([30, 20, 10, 25]) == 2


def test_k5_lower_trick_with_a_breaker_highest_takes():
    assert taker([30, 20, 10, 40, 35]) == 3


def test_k5_higher_trick_highest_takes():
    assert taker([30, 40, 50, 35]) == 2


def test_k5_higher_trick_with_a_breaker_lowest_takes():
    assert taker([30, 40, 5, 10]) == 2


def test_k5_leader_never_takes():
    import itertools

    for trick in itertools.permutations([5, 20, 30, 45], 4):
        assert taker(list(trick)) != 0


def test_taker_needs_two_cards():
    with pytest.raises(ValueError):
        taker([22])


def test_taker_leads_the_next_trick():
    state = make_state([[30, 1], [20, 2], [10, 3]], leader=0)
    state = play(state, 30, 20, 10)
    assert ENGINE.to_act(state) == [2]
    assert state.leader == 2
