from django.http import QueryDict

from games.engines.sarg import score_round
from scoring.entry import sarg
from scoring.entry.common import DraftError

ZERO_SQUARE = [["JK", "2H", "QS"], ["3D", "JK", "QH"], ["JS", "KH", "JC"]]
SQUARE = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]


def test_rank_then_suit_places_a_card_and_moves_to_the_next_empty_cell():
    draft = sarg.draft(QueryDict("cursor=0&rank=Q&pick=suit:H"), [])
    assert draft["cells"][0] == "QH" and draft["cursor"] == 1 and draft["rank"] == ""


def test_an_unknown_card_in_a_cell_is_dropped():
    assert sarg.draft(QueryDict("cell-0=ZZ&cell-1=qh"), [])["cells"][:2] == ["", "QH"]


def test_a_square_not_full_is_refused_with_the_count():
    draft = sarg.draft(QueryDict("cell-0=QH"), [])
    try:
        sarg.entry(draft, [])
    except DraftError as exc:
        assert exc.field == "grid" and "1 of 9" in exc.message
    else:
        raise AssertionError("not refused")


def test_a_square_round_trips_through_the_entry():
    draft = sarg.draft_from_entry({"grid": SQUARE}, [])
    assert sarg.entry(draft, []) == {"grid": SQUARE}


def test_typed_scores_round_trip_through_the_entry():
    draft = sarg.draft(QueryDict("mode=typed&queen=40&king=45"), [])
    assert sarg.entry(draft, []) == {"queen": 40, "king": 45}
    assert sarg.draft_from_entry({"queen": 40, "king": 45}, [])["mode"] == "typed"


def test_a_typed_zero_to_zero_round_is_possible_and_saved():
    """Vampires in two rows and two columns, J/K/J in the last row, Q/Q/J down the last
    column: both best lines are worth 0."""
    assert score_round(ZERO_SQUARE)["queen"] == score_round(ZERO_SQUARE)["king"] == 0
    sarg.check_saved({"queen": 0, "king": 0}, [])


def test_switching_a_full_square_to_typed_scores_carries_its_scores_over():
    cells = "&".join(f"cell-{i}={c}" for i, c in enumerate(c for row in SQUARE for c in row))
    draft = sarg.draft(QueryDict(f"mode=grid&{cells}&pick=mode:typed"), [])
    scored = score_round(SQUARE)
    assert (draft["mode"], draft["queen"], draft["king"]) == (
        "typed",
        scored["queen"],
        scored["king"],
    )


def test_switching_a_square_not_full_to_typed_scores_leaves_them_empty():
    draft = sarg.draft(QueryDict("mode=grid&cell-0=QH&pick=mode:typed"), [])
    assert (draft["mode"], draft["queen"], draft["king"]) == ("typed", "", "")
