import pytest

from scoring.calculators import compute
from tests.scoring.calculators.refusal import refusal

ISSUE_GRID = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]


def sheet(*rounds, **extra):
    return {
        "game": "sarg",
        "players": ["Anna", "Ben"],
        "roles": {"queen": "Anna", "king": "Ben"},
        "rounds": list(rounds),
        **extra,
    }


def typed(queen, king):
    return {"queen": queen, "king": king}


def test_a_grid_round_is_scored_by_the_engine_and_explained():
    result = compute(sheet({"grid": ISSUE_GRID}))
    # Best row QH 7S 2C = 10+7+2; best column 7S 5D KS = 7+5+10, two spades: x2.
    assert result["rounds"][0]["credited"] == {"Anna": 19, "Ben": 44}
    explanation = result["rounds"][0]["explanation"]
    assert explanation["columns"][1]["multiplier"] == 2
    assert explanation["rows"][1]["vampire"] is True


def test_seed_end_bonus_245_against_272_gives_299():
    rounds = [typed(40, 45)] * 5 + [typed(45, 47)]
    result = compute(sheet(*rounds))
    assert result["breakdown"]["totals_before_bonus"] == {"Anna": 245, "Ben": 272}
    assert result["totals"] == {"Anna": 245, "Ben": 299}
    assert result["breakdown"]["bonus"] == 27
    assert result["breakdown"]["bonus_to"] == "Ben"
    assert "Ben (King)" in result["breakdown"]["explanation"]
    assert result["finished"] is True
    assert result["winners"] == ["Ben"]


def test_equal_totals_give_the_highest_round_as_bonus_to_its_owner():
    rounds = [typed(50, 10), typed(10, 40), typed(10, 20), *[typed(5, 5)] * 3]
    result = compute(sheet(*rounds))
    assert result["breakdown"]["bonus"] == 50
    assert result["totals"] == {"Anna": 135, "Ben": 85}


def test_no_bonus_before_six_rounds():
    result = compute(sheet(typed(30, 20)))
    assert result["finished"] is False
    assert result["breakdown"]["bonus"] == 0


def test_a_seventh_round_is_refused():
    error = refusal(sheet(*[typed(1, 1)] * 7)).value
    assert error.field == "rounds.6"
    assert "six rounds" in error.message


def test_a_card_used_in_an_earlier_round_is_refused():
    second = [["QH", "8S", "4C"], ["6D", "5H", "9H"], ["2H", "KD", "3D"]]
    error = refusal(sheet({"grid": ISSUE_GRID}, {"grid": second}))
    assert error.value.field == "rounds.1.grid"
    assert "QH was already played" in error.value.message


def test_both_vampires_may_be_played_but_not_a_third():
    first = [["JK", "2S", "3S"], ["4S", "5S", "6S"], ["7S", "8S", "9S"]]
    second = [["JK", "2H", "3H"], ["4H", "5H", "6H"], ["7H", "8H", "9H"]]
    third = [["JK", "2D", "3D"], ["4D", "5D", "6D"], ["7D", "8D", "9D"]]
    compute(sheet({"grid": first}, {"grid": second}))
    error = refusal(sheet({"grid": first}, {"grid": second}, {"grid": third}))
    assert "Both vampires" in error.value.message


def test_used_cards_are_listed_for_the_picker():
    result = compute(sheet({"grid": ISSUE_GRID}))
    assert sorted(result["breakdown"]["used_cards"]) == sorted(c for row in ISSUE_GRID for c in row)


def test_a_malformed_grid_is_refused_with_the_engines_reason():
    error = refusal(sheet({"grid": [["QH", "7S"]]})).value
    assert error.field == "rounds.0.grid"


@pytest.mark.parametrize("value", [-1, 151, "38", 3.5])
def test_typed_scores_must_be_possible(value):
    assert refusal(sheet(typed(value, 0))).value.field == "rounds.0.queen"


def test_roles_must_name_both_players():
    bad = sheet(typed(1, 1))
    bad["roles"] = {"queen": "Anna", "king": "Anna"}
    assert refusal(bad).value.field == "roles"


@pytest.mark.parametrize(
    ("players", "roles", "field"),
    [
        (["Anna", "Ben"], {"queen": 1, "king": 2}, "roles.queen"),
        (["1", "2"], {"queen": 1, "king": 2}, "roles.queen"),
        (["1", "Ben"], {"queen": "Ben", "king": 1}, "roles.king"),
        (["True", "Ben"], {"queen": True, "king": "Ben"}, "roles.queen"),
        (["None", "Ben"], {"queen": None, "king": "Ben"}, "roles.queen"),
        (["Anna", "Ben"], {"queen": ["Anna"], "king": "Ben"}, "roles.queen"),
        (["Anna", "Ben"], {"queen": {"Anna": 1}, "king": "Ben"}, "roles.queen"),
        (["Anna", "Ben"], ["Anna", "Ben"], "roles"),
        (["Anna", "Ben"], "Anna", "roles"),
        (["Anna", "Ben"], {"queen": "Anna", "king": "Ben", "jack": "Anna"}, "roles"),
    ],
)
def test_roles_of_other_types_are_refused_naming_the_role(players, roles, field):
    bad = sheet(typed(1, 1), players=players, roles=roles)
    assert refusal(bad).value.field == field


def test_play_to_1000_continues_past_six_rounds_with_a_fresh_deck():
    result = compute(sheet(*[typed(100, 90)] * 9, to_1000=True))
    assert result["finished"] is False
    result = compute(sheet(*[typed(100, 90)] * 10, to_1000=True))
    assert result["finished"] is True
    assert result["totals"] == {"Anna": 1100, "Ben": 900}


@pytest.mark.parametrize(
    ("rounds", "german"),
    [
        ([typed(40, 45)] * 5 + [typed(45, 47)], "Ben (König) führt 272 zu 245"),
        ([typed(50, 10), typed(10, 40), typed(10, 20), *[typed(5, 5)] * 3], "bekam Anna (Dame)"),
    ],
)
def test_the_end_bonus_names_the_player_in_german(rounds, german):
    from django.utils import translation

    with translation.override("de"):
        explanation = compute(sheet(*rounds))["breakdown"]["explanation"]
    assert german in explanation and "leads" not in explanation and "Queen" not in explanation
