from scoring.calculators import compute
from tests.scoring.calculators.refusal import refusal


def sheet(tiles, sarcophagus=None, discard=None, players=("Ron", "Amy")):
    data = {"game": "sarcophagus", "players": list(players), "tiles": tiles}
    if sarcophagus is not None:
        data["sarcophagus"] = sarcophagus
    if discard is not None:
        data["discard"] = discard
    return data


RON = ["5-sun", "2-moon", "3-moon", "4-moon", "5-moon", "2-crown", "3-crown", "4-arms"]


def test_seed_scoring_example_is_33_not_30():
    # Ruling P10 (docs/rulings.md): the tiles are worth 28, plus 4 (moon set) and 1 (crown pair).
    result = compute(sheet({"Ron": RON, "Amy": []}))
    ron = result["breakdown"]["Ron"]
    assert ron["breakdown"]["tiles"] == 28
    assert ron["breakdown"]["sets"] == {"moon": 4, "crown": 1}
    assert result["totals"]["Ron"] == 33


def test_a_sarcophagus_trap_takes_the_least_costly_tile_by_default():
    result = compute(sheet({"Ron": ["5-sun", "2-moon"], "Amy": []}, {"Ron": ["null-moon"]}))
    assert result["breakdown"]["Ron"]["discarded"] == ["2-moon"]
    assert result["totals"]["Ron"] == 5


def test_the_trap_discard_can_be_chosen():
    result = compute(
        sheet({"Ron": ["5-sun", "2-moon"], "Amy": []}, {"Ron": ["null-moon"]}, {"Ron": "5-sun"})
    )
    assert result["breakdown"]["Ron"]["kept"] == ["2-moon", "null-moon"]


def test_a_god_protects_from_a_sarcophagus_trap():
    result = compute(sheet({"Ron": ["ace-sun", "4-moon"], "Amy": []}, {"Ron": ["null-moon"]}))
    assert result["breakdown"]["Ron"]["discarded"] == []
    assert result["totals"]["Ron"] == 4


def test_a_discard_choice_with_no_trap_to_use_it_is_reported_not_refused():
    result = compute(
        sheet(
            {"Ron": ["5-sun", "2-moon"], "Amy": ["ace-sun", "null-arms"]},
            {"Amy": ["null-moon"]},
            {"Ron": "2-moon"},
        )
    )
    assert result["breakdown"]["Ron"]["unused_discards"] == ["2-moon"]
    assert result["totals"] == {"Ron": 7, "Amy": 0}


def test_equal_fame_goes_to_fewer_tiles():
    result = compute(sheet({"Ron": ["5-sun"], "Amy": ["3-moon", "2-crown", "null-arms"]}))
    assert result["winners"] == ["Ron"]
    assert result["places"] == {"Ron": 1, "Amy": 2}


def test_equal_fame_and_tiles_share_the_win():
    result = compute(sheet({"Ron": ["5-sun"], "Amy": ["5-moon"]}))
    assert result["winners"] == ["Ron", "Amy"]


def test_the_same_tile_held_by_two_players_is_refused():
    error = refusal(sheet({"Ron": ["5-sun"], "Amy": ["5-sun"]})).value
    assert error.field == "tiles.Amy"
    assert (
        error.message == "The 5-sun tile is listed for Ron already; the set has one of each tile."
    )


def test_a_tile_both_held_and_in_the_sarcophagus_is_refused():
    error = refusal(sheet({"Ron": ["5-sun"]}, {"Amy": ["5-sun"]}))
    assert error.value.field == "sarcophagus.Amy"


def test_only_nulls_and_fives_lie_in_the_sarcophagus():
    error = refusal(sheet({}, {"Ron": ["3-sun"]})).value
    assert "only null and 5" in error.message


def test_the_sarcophagus_holds_three_tiles():
    error = refusal(sheet({}, {"Ron": ["5-sun", "5-moon"], "Amy": ["5-crown", "5-arms"]})).value
    assert error.field == "sarcophagus"


def test_an_unknown_tile_is_refused():
    error = refusal(sheet({"Ron": ["7-sun"]})).value
    assert error.field == "tiles.Ron"


def test_a_discard_of_a_tile_not_held_is_refused():
    error = refusal(sheet({"Ron": ["5-sun"]}, {"Ron": ["null-moon"]}, {"Ron": "4-arms"})).value
    assert error.field == "discard.Ron"
