import pytest

from scoring.calculators import compute
from tests.scoring.calculators.refusal import refusal

PLAYERS = ["Anna", "Ben", "Clara"]


def sheet(*rounds, limit=None):
    data = {"game": "sarkophag", "players": PLAYERS, "rounds": list(rounds)}
    if limit is not None:
        data["limit"] = limit
    return data


def heads(a, b, c):
    return {"heads": {"Anna": a, "Ben": b, "Clara": c}}


def test_issue_example_adds_typed_heads_and_heads_from_cards():
    result = compute(
        sheet(
            heads(12, 0, 7),
            {"cards": {"Anna": [22, 15], "Ben": [], "Clara": [9, 8, 36]}},
            limit=100,
        )
    )
    # 22 has 2 heads, 15 has 5; 9 has 1, 8 has 3, 36 none (ruling K1, docs/rulings.md).
    assert result["rounds"][1]["credited"] == {"Anna": 7, "Ben": 0, "Clara": 4}
    assert result["totals"] == {"Anna": 19, "Ben": 0, "Clara": 11}
    assert result["finished"] is False
    assert result["winners"] == ["Ben"]


def test_without_a_limit_the_game_is_one_round():
    result = compute(sheet(heads(3, 5, 3)))
    assert result["finished"] is True
    assert result["winners"] == ["Anna", "Clara"]
    assert result["places"] == {"Anna": 1, "Clara": 1, "Ben": 3}


def test_the_game_ends_when_a_total_passes_the_limit_not_when_it_reaches_it():
    assert compute(sheet(heads(20, 0, 0), limit=20))["finished"] is False
    assert compute(sheet(heads(21, 0, 0), limit=20))["finished"] is True


def test_running_totals_per_round():
    result = compute(sheet(heads(5, 1, 0), heads(2, 2, 2), limit=50))
    assert [r["running"]["Anna"] for r in result["rounds"]] == [5, 7]


def test_a_round_after_the_end_is_refused():
    error = refusal(sheet(heads(30, 0, 0), heads(1, 1, 1), limit=20))
    assert error.value.field == "rounds.1"
    assert "already ended after round 1" in error.value.message


def test_negative_heads_are_refused():
    error = refusal(sheet(heads(-1, 0, 0))).value
    assert error.field == "rounds.0.heads.Anna"
    assert "cannot be negative" in error.message


def test_a_card_taken_by_two_players_is_refused():
    error = refusal(sheet({"cards": {"Anna": [22], "Ben": [22]}})).value
    assert error.field == "rounds.0.cards.Ben"
    assert "already taken by Anna" in error.message


def test_cards_outside_1_to_60_are_refused():
    error = refusal(sheet({"cards": {"Anna": [61]}})).value
    assert error.field == "rounds.0.cards.Anna"


def test_more_cards_than_were_dealt_are_refused():
    taken = {"Anna": list(range(1, 32))}
    error = refusal(sheet({"cards": taken})).value
    assert "Only 30 cards are dealt" in error.message


def test_missing_player_in_typed_heads_is_refused():
    error = refusal(sheet({"heads": {"Anna": 1, "Ben": 2}})).value
    assert error.field == "rounds.0.heads.Clara"


def test_a_stranger_in_a_round_is_refused():
    error = refusal(sheet({"cards": {"Zed": [1]}})).value
    assert "Zed does not play" in error.message


@pytest.mark.parametrize("limit", [0, -5, "100", 2.5])
def test_bad_limits_are_refused(limit):
    assert refusal(sheet(limit=limit)).value.field == "limit"
