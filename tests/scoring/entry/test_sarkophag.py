from django.http import QueryDict

from scoring.entry import sarkophag
from scoring.entry.common import DraftError

NAMES = ["Anna", "Ben", "Clara"]


def post(text: str) -> QueryDict:
    return QueryDict(text)


def test_a_stepper_tap_adds_to_the_typed_heads():
    draft = sarkophag.draft(post("heads-0=3&heads-1=x&pick=step:0:-1"), NAMES)
    assert draft["heads"] == {"Anna": 2, "Ben": "x", "Clara": 0}


def test_a_stepper_of_a_seat_that_does_not_exist_changes_nothing():
    draft = sarkophag.draft(post("heads-0=3&pick=step:7:1"), NAMES)
    assert draft["heads"] == {"Anna": 3, "Ben": 0, "Clara": 0}


def test_typed_heads_that_are_not_a_number_name_the_player():
    draft = sarkophag.draft(post("heads-1=two"), NAMES)
    try:
        sarkophag.entry(draft, NAMES)
    except DraftError as exc:
        assert exc.field == "heads.Ben"
    else:
        raise AssertionError("not refused")


def test_cards_taken_round_trip_through_the_entry():
    taken = "mode=cards&cards-0=5&cards-0=15&cards-2=25&cards-2=35&cards-1=45"  # 21 heads
    draft = sarkophag.draft(post(taken), NAMES)
    entry = sarkophag.entry(draft, NAMES)
    assert entry == {"cards": {"Anna": [5, 15], "Ben": [45], "Clara": [25, 35]}}
    assert sarkophag.draft_from_entry(entry, NAMES)["cards"] == entry["cards"]


def test_a_new_round_starts_at_zero_heads():
    assert sarkophag.draft_from_entry(None, NAMES)["heads"] == dict.fromkeys(NAMES, 0)


def refusal(draft) -> DraftError:
    try:
        sarkophag.check_saved(sarkophag.entry(draft, NAMES), NAMES)
    except DraftError as exc:
        return exc
    raise AssertionError("not refused")


def test_an_all_zero_round_is_refused_as_no_real_deal_gives_it():
    error = refusal(sarkophag.draft_from_entry(None, NAMES))
    assert "at least 18 heads" in error.message and error.field == "heads"


def test_cards_taken_worth_too_few_heads_are_refused():
    draft = sarkophag.draft(post("mode=cards&cards-0=1&cards-1=2"), NAMES)  # 0 heads each
    assert refusal(draft).field == "cards"


def test_the_lightest_possible_deal_is_accepted():
    """Three players are dealt 30 cards: the 12 without heads and 18 with one head."""
    assert sarkophag.fewest_heads(3) == 18
    draft = sarkophag.draft(post("heads-0=18&heads-1=0&heads-2=0"), NAMES)
    sarkophag.check_saved(sarkophag.entry(draft, NAMES), NAMES)


def test_negative_heads_are_left_to_the_calculator_s_message():
    draft = sarkophag.draft(post("heads-0=-2"), NAMES)
    sarkophag.check_saved(sarkophag.entry(draft, NAMES), NAMES)
