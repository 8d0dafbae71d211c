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


# --- S9: who ran out of cards (a seat number posted, the name in the entry)


def test_nobody_out_of_cards_adds_nothing_to_the_entry():
    draft = sacrifice.draft(QueryDict("trophies-0=KS&lost_by_cards="), NAMES)
    assert draft["lost_by_cards"] == ""
    assert "lost_by_cards" not in sacrifice.entry(draft, NAMES)


def test_the_player_who_ran_out_of_cards_is_posted_by_seat_and_saved_by_name():
    draft = sacrifice.draft(QueryDict("trophies-0=KS&lost_by_cards=1"), NAMES)
    entry = sacrifice.entry(draft, NAMES)
    assert entry["lost_by_cards"] == "Ben"
    assert sacrifice.entry(sacrifice.draft_from_entry(entry, NAMES), NAMES) == entry


def test_a_posted_loser_that_is_no_seat_counts_as_nobody():
    for value in ("2", "-1", "Ben", "1.0", "²", "99999999999999999999"):
        draft = sacrifice.draft(QueryDict(f"lost_by_cards={value}"), NAMES)
        assert draft["lost_by_cards"] == "", value


def test_the_form_offers_nobody_or_each_player_and_ticks_the_draft():
    draft = sacrifice.draft(QueryDict("lost_by_cards=0"), NAMES)
    context = {
        "draft": draft,
        "names": NAMES,
        "preview": None,
        "error": {"message": "", "key": "", "player": None},
    }
    choices = sacrifice.form(context, [], [])["lost_choices"]
    assert [c["value"] for c in choices] == ["", "0", "1"]
    assert [c["checked"] for c in choices] == [False, True, False]
    assert choices[1]["label"] == "Anna ran out of cards and lost"


def test_each_chip_is_named_by_its_card_in_the_reader_s_language():
    from django.utils import translation

    context = {
        "draft": sacrifice.draft(QueryDict(""), NAMES),
        "names": NAMES,
        "preview": None,
        "error": {"message": "", "key": "", "player": None},
    }
    for language, trophy, sacrificed in (
        ("en", "trophy jack of spades", "sacrificed ace of spades"),
        ("de", "Trophäe Pik Bube", "geopfert Pik Ass"),
    ):
        with translation.override(language):
            anna = sacrifice.form(context, [], [])["entry_players"][0]
        assert anna["trophies"][0]["aria"] == trophy, language
        assert anna["sacrificed"][0]["aria"] == sacrificed, language
