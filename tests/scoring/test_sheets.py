import pytest
from django.core.exceptions import PermissionDenied

from scoring import sheets
from scoring.sheets import EditRefused, StaleEdit

from .sheet_helpers import SQUARE, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db


def add(session, owner, entry, seen=None):
    return sheets.apply_edit(session.public_id, owner, "add", entry=entry, seen_version=seen)


def test_adding_a_round_stores_entry_credit_and_totals():
    owner = user()
    session = sarg_sheet(owner)
    outcome = add(session, owner, {"grid": SQUARE})
    round_ = session.rounds.get()
    assert round_.entry == {"grid": SQUARE}
    assert round_.credited == [outcome.result["totals"]["Anna"], outcome.result["totals"]["Ben"]]
    assert outcome.session.version == 1


def test_refused_edit_leaves_the_sheet_as_it_was():
    owner = user()
    session = sarg_sheet(owner)
    add(session, owner, {"grid": SQUARE})
    with pytest.raises(EditRefused) as refused:
        add(session, owner, {"grid": SQUARE})
    assert refused.value.field == "rounds.1.grid"
    session.refresh_from_db()
    assert session.version == 1 and session.rounds.count() == 1


def test_undo_removes_the_last_round():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    add(session, owner, {"heads": {"Anna": 1, "Ben": 2, "Clara": 3}})
    add(session, owner, {"heads": {"Anna": 1, "Ben": 2, "Clara": 3}})
    sheets.apply_edit(session.public_id, owner, "undo")
    assert session.rounds.count() == 1
    assert session.seats.get(position=2).score == 3


def test_a_second_save_of_the_same_round_is_refused_as_already_done():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    entry = {"heads": {"Anna": 1, "Ben": 0, "Clara": 17}}
    sheets.apply_edit(session.public_id, owner, "add", entry=entry, number=1, seen_version=0)
    with pytest.raises(StaleEdit, match="Round 1 was already saved"):
        sheets.apply_edit(session.public_id, owner, "add", entry=entry, number=1, seen_version=0)
    assert session.rounds.count() == 1


def test_the_next_round_lands_after_a_change_elsewhere():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    add(session, owner, {"heads": {"Anna": 1, "Ben": 0, "Clara": 17}})
    seen = 1  # the form for round 2 is opened...
    entry = {"heads": {"Anna": 2, "Ben": 0, "Clara": 16}}
    sheets.apply_edit(session.public_id, owner, "replace", number=1, entry=entry, seen_version=1)
    sheets.apply_edit(session.public_id, owner, "add", entry=entry, number=2, seen_version=seen)
    assert session.rounds.count() == 2


def test_an_add_without_its_round_number_needs_the_sheet_unchanged():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    entry = {"heads": {"Anna": 1, "Ben": 0, "Clara": 17}}
    add(session, owner, entry, seen=0)
    with pytest.raises(StaleEdit, match="nothing was saved"):
        add(session, owner, entry, seen=0)
    assert session.rounds.count() == 1


def test_an_undo_sent_twice_with_the_same_seen_applies_once():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    for _ in range(2):
        add(session, owner, {"heads": {"Anna": 1, "Ben": 0, "Clara": 17}})
    sheets.apply_edit(session.public_id, owner, "undo", seen_version=2)
    with pytest.raises(StaleEdit, match="nothing was undone"):
        sheets.apply_edit(session.public_id, owner, "undo", seen_version=2)
    assert session.rounds.count() == 1


def test_stale_pages_changing_different_rounds_both_land():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    for _ in range(2):
        add(session, owner, {"heads": {"Anna": 1, "Ben": 1, "Clara": 1}})
    seen = 2  # both phones drew the sheet at version 2
    for number, heads in ((1, 5), (2, 7)):
        sheets.apply_edit(
            session.public_id,
            owner,
            "replace",
            number=number,
            entry={"heads": {"Anna": heads, "Ben": 0, "Clara": 0}},
            seen_version=seen,
        )
    assert [r.named_entry()["heads"]["Anna"] for r in session.rounds.all()] == [5, 7]


def test_changing_a_round_someone_changed_meanwhile_is_refused():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    add(session, owner, {"heads": {"Anna": 1, "Ben": 1, "Clara": 1}})
    entry = {"heads": {"Anna": 2, "Ben": 0, "Clara": 0}}
    sheets.apply_edit(session.public_id, owner, "replace", number=1, entry=entry, seen_version=1)
    with pytest.raises(StaleEdit, match="Round 1 was changed on another device; here it is now"):
        sheets.apply_edit(
            session.public_id, owner, "replace", number=1, entry=entry, seen_version=1
        )


def test_finish_records_places_with_ties_sharing():
    owner = user()
    session = sarkophag_sheet(owner)
    add(session, owner, {"heads": {"Anna": 3, "Ben": 3, "Clara": 9}})
    sheets.apply_edit(session.public_id, owner, "finish")
    session.refresh_from_db()
    assert session.is_finished and session.finished_at
    assert [s.place for s in session.seats.all()] == [1, 1, 3]


def test_finished_sheets_refuse_edits():
    owner = user()
    session = sarkophag_sheet(owner)
    add(session, owner, {"heads": {"Anna": 3, "Ben": 3, "Clara": 9}})
    sheets.apply_edit(session.public_id, owner, "finish")
    with pytest.raises(EditRefused, match="finished"):
        sheets.apply_edit(session.public_id, owner, "undo")


def test_sarg_cannot_finish_before_six_rounds():
    owner = user()
    session = sarg_sheet(owner)
    add(session, owner, {"queen": 10, "king": 5})
    with pytest.raises(EditRefused, match="six rounds"):
        sheets.apply_edit(session.public_id, owner, "finish")


def test_someone_else_cannot_edit():
    session = sarg_sheet(user("owner"))
    with pytest.raises(PermissionDenied):
        add(session, user("other"), {"queen": 10, "king": 5})


def test_a_table_the_rules_forbid_is_not_created():
    with pytest.raises(EditRefused) as refused:
        sheets.create_session("sarg", user(), [], roles={})
    assert refused.value.field in ("players", "roles")


def test_finishing_sarg_early_counts_the_rounds_in_words_that_fit():
    owner = user()
    session = sarg_sheet(owner)
    add(session, owner, {"queen": 10, "king": 5})
    with pytest.raises(EditRefused, match="six rounds; 1 is entered"):
        sheets.apply_edit(session.public_id, owner, "finish")
    add(session, owner, {"queen": 10, "king": 5})
    with pytest.raises(EditRefused, match="six rounds; 2 are entered"):
        sheets.apply_edit(session.public_id, owner, "finish")
