import pytest

from scoring.calculators.common import places
from tests.scoring.calculators.refusal import refusal


def test_places_share_ties_and_skip_after_them():
    assert places(["a", "b", "c", "d"], key={"a": 3, "b": 1, "c": 1, "d": 2}.get) == {
        "b": 1,
        "c": 1,
        "d": 3,
        "a": 4,
    }


def test_unknown_game_is_refused():
    assert refusal({"game": "chess", "players": ["A", "B"]}).value.field == "game"


def test_a_sheet_must_be_an_object():
    assert "JSON object" in refusal(["sarg"]).value.message


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("Anna", "list of names"),
        (["Anna", ""], "needs a name"),
        (["Anna", "anna"], "only once"),
        (["Anna", "Ben", "Clara"], "2 players, not 3"),
    ],
)
def test_players_are_checked(players, words):
    error = refusal({"game": "sarg", "players": players, "roles": {}}).value
    assert error.field == "players"
    assert words in error.message


SARG_SHEET = {
    "game": "sarg",
    "players": ["Anna", "Ben"],
    "roles": {"queen": "Anna", "king": "Ben"},
    "rounds": [{"queen": 10, "king": 20}],
}


def test_written_totals_that_match_are_accepted():
    from scoring.calculators import compute

    result = compute({**SARG_SHEET, "totals": {"Anna": 10, "Ben": 20}})
    assert result["totals"] == {"Anna": 10, "Ben": 20}
    assert compute({**SARG_SHEET, "totals": {"Ben": 20}})["totals"]["Ben"] == 20


@pytest.mark.parametrize(
    ("totals", "field", "words"),
    [
        ({"Anna": 10, "Ben": 21}, "totals.Ben", "written for Ben is 21, but the entries add up"),
        ({"Anna": "10"}, "totals.Anna", "whole number"),
        ({"Anna": 10.0}, "totals.Anna", "whole number"),
        ({"Clara": 0}, "totals.Clara", "does not play"),
        ([10, 20], "totals", "an entry per player"),
    ],
)
def test_written_totals_that_differ_are_refused_naming_the_player(totals, field, words):
    error = refusal({**SARG_SHEET, "totals": totals}).value
    assert error.field == field and words in error.message


def test_a_german_reader_writes_queen_and_jack_as_dame_and_bube():
    from django.utils import translation

    from scoring.calculators import compute

    sheet = {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["DH", "JK"], "Ben": ["BS"]},
        "sacrificed": {"Anna": [], "Ben": ["KD"]},
    }
    with translation.override("de"):
        result = compute(sheet)
    cards = {name: [c["card"] for c in b["cards"]] for name, b in result["breakdown"].items()}
    assert cards["Anna"] == ["QH", "JK"] and cards["Ben"][0] == "JS"


def test_dame_and_bube_are_no_cards_in_english():
    from django.utils import translation

    sheet = {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["DH"], "Ben": []},
        "sacrificed": {"Anna": [], "Ben": []},
    }
    with translation.override("en"):
        assert refusal(sheet).value.field == "trophies.Anna"


def test_a_german_refusal_names_the_card_with_german_letters():
    from django.utils import translation

    sheet = {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["QH"], "Ben": ["QH"]},
        "sacrificed": {"Anna": [], "Ben": []},
    }
    with translation.override("de"):
        message = refusal(sheet).value.message
    assert "DH" in message and "QH" not in message
