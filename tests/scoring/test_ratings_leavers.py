"""A player who left (ran out of time too often online) is ranked last in the ratings."""

from scoring.ratings import leavers_last


def test_nobody_left_keeps_the_places():
    assert leavers_last([2, 1, 3], [False, False, False]) == [2, 1, 3]


def test_a_leaver_who_won_is_last_and_the_others_move_up():
    assert leavers_last([1, 2, 3], [True, False, False]) == [3, 1, 2]


def test_several_leavers_tie_last():
    assert leavers_last([1, 3, 2, 4], [True, False, True, False]) == [3, 1, 3, 2]


def test_ties_among_those_who_stayed_stay_ties():
    assert leavers_last([1, 1, 3], [False, False, True]) == [1, 1, 3]
    assert leavers_last([2, 2, 1], [False, False, True]) == [1, 1, 3]
