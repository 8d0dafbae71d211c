from django.http import QueryDict

from scoring.entry import sacrifice
from scoring.entry.common import DraftError

NAMES = ["Anna", "Ben"]


def test_the_second_joker_chip_is_a_joker():
    draft = sacrifice.draft(
        QueryDict("sacrificed-0=JK%231&sacrificed-0=JK%232&trophies-1=KS"), NAMES
    )
    assert sacrifice.entry(draft, NAMES) == {
        "trophies": {"Anna": [], "Ben": ["KS"]},
        "sacrificed": {"Anna": ["JK", "JK"], "Ben": []},
    }


def test_every_card_of_the_deck_has_a_chip():
    assert len(sacrifice.ALL_CARDS) == 53 and sacrifice.ALL_CARDS[-1] == "JK"


def test_an_entry_round_trips_through_the_draft():
    entry = {"trophies": {"Anna": ["QH"], "Ben": []}, "sacrificed": {"Anna": ["2S"], "Ben": []}}
    assert sacrifice.entry(sacrifice.draft_from_entry(entry, NAMES), NAMES) == entry


def test_an_end_without_any_trophy_is_refused_when_saved():
    entry = sacrifice.entry(sacrifice.draft_from_entry(None, NAMES), NAMES)
    try:
        sacrifice.check_saved(entry, NAMES)
    except DraftError as exc:
        assert exc.field == "trophies" and "at least one" in exc.message
    else:
        raise AssertionError("not refused")


def test_one_trophy_is_enough():
    entry = {"trophies": {"Anna": ["JK"], "Ben": []}, "sacrificed": {"Anna": [], "Ben": []}}
    sacrifice.check_saved(entry, NAMES)
