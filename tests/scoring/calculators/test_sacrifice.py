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


# --- S9: a player who runs out of cards (fewer than 7) while trophies remain loses at once


def test_a_player_who_ran_out_of_cards_loses_whatever_the_points():
    data = sheet({"Anna": ["KH", "JK", "QD"], "Ben": ["QS"]}, {"Anna": ["AS"]})
    data["lost_by_cards"] = "Anna"
    result = compute(data)
    assert result["totals"] == {"Anna": 45, "Ben": 10}  # the points stand as they are
    assert result["winners"] == ["Ben"]
    assert result["places"] == {"Ben": 1, "Anna": 2}
    assert result["finished"] is True  # over, though only 4 of the 14 trophies were won
    assert result["lost_by_cards"] == "Anna"
    assert result["outcome"] == "Anna has fewer than 7 cards left and loses: Ben wins."
    assert result["breakdown"]["Anna"]["total"] == 45


def test_a_loss_by_cards_breaks_a_draw_on_points():
    data = {**sheet({"Anna": ["KH"], "Ben": ["QS"]}), "lost_by_cards": "Ben"}
    result = compute(data)
    assert result["winners"] == ["Anna"]
    assert result["places"] == {"Anna": 1, "Ben": 2}


def test_without_a_loss_by_cards_the_result_says_nothing_of_it():
    for data in (sheet({"Anna": ["KH"]}), {**sheet({"Anna": ["KH"]}), "lost_by_cards": None}):
        result = compute(data)
        assert "lost_by_cards" not in result and "outcome" not in result
        assert result["winners"] == ["Anna"]


def test_a_loser_by_cards_who_does_not_play_is_refused():
    error = refusal({**sheet({"Anna": ["KH"]}), "lost_by_cards": "Clara"}).value
    assert error.field == "lost_by_cards"
    assert error.message == "Clara does not play in this game."


def test_a_loser_by_cards_must_be_named_by_their_name():
    for value in (0, 1, True, ["Anna"], {"Anna": True}, "", "  "):
        error = refusal({**sheet({"Anna": ["KH"]}), "lost_by_cards": value}).value
        assert error.field == "lost_by_cards", value
        assert "ran out of cards" in error.message and "Anna, Ben" in error.message


def test_the_name_of_the_loser_by_cards_is_written_as_in_the_players():
    error = refusal({**sheet({"Anna": ["KH"]}), "lost_by_cards": "anna"}).value
    assert error.field == "lost_by_cards"


def test_nobody_runs_out_of_cards_once_all_14_trophies_are_won():
    # S9 applies "while trophies remain": after the 14th hand the game ends on points.
    faces = [r + s for r in "JQK" for s in "HSDC"]
    data = sheet({"Anna": [*faces[:6], "JK"], "Ben": [*faces[6:], "JK"]})
    compute(data)
    error = refusal({**data, "lost_by_cards": "Ben"}).value
    assert error.field == "lost_by_cards" and "14 trophies" in error.message
    # a trophy sacrificed but not listed still counts as won (implied_trophies)
    data = sheet({"Anna": [*faces[:6], "JK"], "Ben": [*faces[6:11], "JK"]}, {"Ben": ["KC"]})
    assert refusal({**data, "lost_by_cards": "Anna"}).value.field == "lost_by_cards"
    data = sheet({"Anna": [*faces[:6], "JK"], "Ben": [*faces[6:11], "JK"]})
    assert compute({**data, "lost_by_cards": "Anna"})["winners"] == ["Ben"]


def test_an_unknown_key_is_still_refused():
    error = refusal({**sheet({"Anna": ["KH"]}), "lost_by_card": "Anna"}).value
    assert error.field == "lost_by_card" and "lost_by_cards" in error.message
