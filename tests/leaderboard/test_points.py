"""League points per place: fair across table sizes and ties (scoring.leaderboard.points)."""

import pytest

from scoring.leaderboard.points import PointsRefused, parse_fixed, table_places, table_points


@pytest.mark.parametrize(
    ("seats", "expected"),
    [(2, [8, 4]), (3, [9, 6, 3]), (4, [9.6, 7.2, 4.8, 2.4]), (5, [10, 8, 6, 4, 2])],
)
def test_six_points_a_seat_shared_by_place_the_last_still_scoring(seats, expected):
    got = table_points("shared", list(range(1, seats + 1)))
    assert got == pytest.approx(expected)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_table_size_averages_six_points_a_seat(seats):
    assert sum(table_points("shared", list(range(1, seats + 1)))) == pytest.approx(6 * seats)


def test_tied_seats_share_the_points_of_the_places_they_take():
    assert table_points("shared", [1, 1, 3]) == pytest.approx([7.5, 7.5, 3])


def test_a_tie_counts_the_same_however_its_places_are_numbered():
    assert table_points("shared", [1, 1, 2]) == table_points("shared", [1, 1, 3])


def test_a_tie_for_last_shares_the_last_places():
    assert table_points("shared", [2, 1, 2]) == pytest.approx([4.5, 9, 4.5])


def test_all_tied_everyone_gets_six():
    assert table_points("shared", [1, 1, 1, 1]) == pytest.approx([6, 6, 6, 6])


def test_beaten_gives_ten_for_beating_everyone_and_half_for_a_tie():
    assert table_points("beaten", [1, 2, 3]) == pytest.approx([10, 5, 0])
    assert table_points("beaten", [1, 1, 3]) == pytest.approx([7.5, 7.5, 0])
    assert table_points("beaten", [2, 1]) == pytest.approx([0, 10])


def test_fixed_points_per_place_with_places_beyond_the_list_scoring_nothing():
    fixed = parse_fixed("10, 6, 3")
    assert table_points("fixed", [1, 2, 3, 4], fixed) == [10, 6, 3, 0]
    assert table_points("fixed", [1, 2, 2, 4], fixed) == [10, 4.5, 4.5, 0]


@pytest.mark.parametrize("text", ["", "10, x", "-1", "10,,3", "nan", "inf", "5000"])
def test_unreadable_fixed_points_are_refused_with_a_message(text):
    with pytest.raises(PointsRefused):
        parse_fixed(text)


def test_table_places_are_ranks_with_ties_sharing_the_better_one():
    assert table_places([2, 1, 2, 4]) == [2, 1, 2, 4]
    assert table_places([1, 1, 2]) == [1, 1, 3]
