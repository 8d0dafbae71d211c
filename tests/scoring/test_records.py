"""Seat records: each game's highlights, read from the computed sheet when a session counts."""

import pytest

from scoring import sheet_import
from scoring.models import SeatRecord

pytestmark = pytest.mark.django_db

GRID = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]


def record(name):
    return SeatRecord.objects.get(player__name=name)


def test_sarg_best_round_and_best_line_of_each_role():
    rounds = [{"grid": GRID}] + [{"queen": 30 + i, "king": 5} for i in range(5)]
    sheet_import.import_sheet(
        {
            "game": "sarg",
            "players": ["Anna", "Ben"],
            "roles": {"queen": "Anna", "king": "Ben"},
            "rounds": rounds,
        },
        None,
    )
    assert (record("Anna").best_round, record("Anna").best_line) == (34, 19)  # rows: 19, 0, 4
    assert (record("Ben").best_round, record("Ben").best_line) == (44, 44)  # columns: 0, 44, 28


def test_sarkophag_fewest_heads_in_a_round():
    rounds = [{"heads": {"Anna": 12, "Ben": 3, "Clara": 7}}]
    sheet_import.import_sheet(
        {"game": "sarkophag", "players": ["Anna", "Ben", "Clara"], "rounds": rounds}, None
    )
    assert record("Ben").fewest_heads == 3


def test_sacrifice_altar_points():
    sheet_import.import_sheet(
        {
            "game": "sacrifice",
            "players": ["Anna", "Ben"],
            "trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]},
            "sacrificed": {"Anna": ["AS", "7D"], "Ben": []},
        },
        None,
    )
    assert record("Anna").altar == 22


def test_an_unfinished_sheet_has_no_records():
    sheet_import.import_sheet(
        {
            "game": "sarg",
            "players": ["Anna", "Ben"],
            "roles": {"queen": "Anna", "king": "Ben"},
            "rounds": [{"grid": GRID}],
        },
        None,
    )
    assert not SeatRecord.objects.exists()
