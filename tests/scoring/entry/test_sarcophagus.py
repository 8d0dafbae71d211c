from django.http import QueryDict

from scoring.entry import sarcophagus

NAMES = ["Anna", "Ben"]


def test_a_discard_is_kept_only_with_a_trap_in_the_sarcophagus():
    draft = sarcophagus.draft(
        QueryDict("held-0=4-sun&sarc-0=null-moon&discard-0=4-sun&held-1=5-sun&discard-1=5-sun"),
        NAMES,
    )
    entry = sarcophagus.entry(draft, NAMES)
    assert entry == {
        "tiles": {"Anna": ["4-sun"], "Ben": ["5-sun"]},
        "sarcophagus": {"Anna": ["null-moon"]},
        "discard": {"Anna": "4-sun"},
    }
    assert sarcophagus.draft_from_entry(entry, NAMES) == {
        **draft,
        "discard": {"Anna": "4-sun", "Ben": ""},
    }


def test_a_tile_that_does_not_exist_is_dropped():
    draft = sarcophagus.draft(QueryDict("held-0=9-sun&held-0=4-sun"), NAMES)
    assert draft["tiles"]["Anna"] == ["4-sun"]


def test_the_end_entry_is_the_sheet_s_top_level():
    entry = {"tiles": {"Anna": [], "Ben": []}}
    assert sarcophagus.sheet({"game": "sarcophagus"}, {}, {}, [entry])["tiles"] == entry["tiles"]


def test_an_end_where_nobody_holds_a_tile_is_possible_and_saved():
    """Ties on every tile discard them all: rare, but a real end."""
    sarcophagus.check_saved(
        sarcophagus.entry(sarcophagus.draft_from_entry(None, NAMES), NAMES), NAMES
    )


def test_a_set_bonus_is_named_by_the_suit_in_the_reader_s_language():
    from django.utils import translation

    result = {"breakdown": {"tiles": 12, "sets": {"sun": 2}}}
    with translation.override("de"):
        assert sarcophagus.end_item(result)["sets"] == {"Sonnen": 2}
        assert "Sonnen" in sarcophagus._named_suits()


def test_a_held_tile_is_named_by_itself_a_buried_one_in_the_reader_s_language():
    from django.utils import translation

    names = ["Ron", "Amy"]
    context = {
        "draft": sarcophagus.draft(QueryDict(""), names),
        "names": names,
        "preview": None,
        "error": {"message": "", "key": "", "player": None},
    }
    for language, buried in (("en", "sarcophagus null-sun"), ("de", "Sarg null-sun")):
        with translation.override(language):
            ron = sarcophagus.form(context, [], [])["entry_players"][0]
        assert ron["held"][0]["tiles"][0]["aria"] == "null-sun", language
        assert ron["sarc"][0]["tiles"][0]["aria"] == buried, language
