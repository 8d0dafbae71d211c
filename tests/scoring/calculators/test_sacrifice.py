from scoring.calculators import compute
from tests.scoring.calculators.refusal import refusal


def sheet(trophies, sacrificed=None):
    return {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": trophies,
        "sacrificed": sacrificed or {},
    }


def test_trophies_score_10_and_sacrifices_their_face_value_aces_15():
    result = compute(sheet({"Anna": ["KH", "JK"], "Ben": ["QS"]}, {"Anna": ["AS", "7D"]}))
    assert result["totals"] == {"Anna": 20 + 15 + 7, "Ben": 10}
    assert result["breakdown"]["Anna"]["sacrifices"] == 22
    assert result["winners"] == ["Anna"]


def test_a_sacrificed_trophy_scores_as_a_trophy_but_adds_nothing_as_a_sacrifice():
    result = compute(sheet({"Anna": ["KH"]}, {"Anna": ["KH"]}))
    assert result["totals"]["Anna"] == 10


def test_a_trophy_sacrificed_without_being_listed_counts_as_won():
    # Only the winner of a trophy ever holds it (issue example: Ben sacrificed KD).
    result = compute(sheet({"Ben": ["QS"]}, {"Ben": ["KD"]}))
    assert result["totals"]["Ben"] == 20
    assert result["breakdown"]["Ben"]["implied_trophies"] == ["KD"]


def test_equal_scores_are_a_draw():
    result = compute(sheet({"Anna": ["KH"], "Ben": ["QS"]}))
    assert result["winners"] == ["Anna", "Ben"]


def test_a_trophy_given_twice_is_refused():
    error = refusal(sheet({"Anna": ["KH"], "Ben": ["KH"]})).value
    assert error.field == "trophies.Ben"
    assert "already given" in error.message


def test_both_jokers_can_be_trophies_but_not_three():
    compute(sheet({"Anna": ["JK"], "Ben": ["JK"]}))
    error = refusal(sheet({"Anna": ["JK", "JK"], "Ben": ["JK"]}))
    assert "Both jokers" in error.value.message


def test_a_non_trophy_listed_as_trophy_is_refused():
    error = refusal(sheet({"Anna": ["7H"]})).value
    assert "not a trophy" in error.message


def test_a_card_from_the_other_starter_deck_cannot_be_sacrificed():
    # S1: Anna (first player) starts with hearts and spades, Ben with diamonds and clubs.
    error = refusal(sheet({}, {"Anna": ["AD"]})).value
    assert error.field == "sacrificed.Anna"


def test_a_card_sacrificed_twice_is_refused():
    error = refusal(sheet({}, {"Anna": ["7D"], "Ben": ["7D"]})).value
    assert "already sacrificed" in error.message


def test_an_unknown_card_is_refused():
    assert refusal(sheet({"Anna": ["ZZ"]})).value.field == "trophies.Anna"
