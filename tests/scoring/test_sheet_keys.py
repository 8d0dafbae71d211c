"""An entry's key: the service applies an edit with a given key once, whatever comes again."""

import uuid

import pytest

from scoring import sheets
from scoring.models import AppliedEdit, PlaySession

from .sheet_helpers import players, sarkophag_sheet, user

pytestmark = pytest.mark.django_db

HEADS = {"heads": {"Anna": 1, "Ben": 0, "Clara": 19}}


def add(session, owner, key, number=1, entry=HEADS):
    return sheets.apply_edit(session.public_id, owner, "add", entry=entry, number=number, key=key)


def test_the_same_entry_sent_twice_is_saved_once():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    key = uuid.uuid4()

    first = add(session, owner, key)
    second = add(session, owner, key)

    assert session.rounds.count() == 1
    assert not first.extra.get("already")
    assert second.extra == {"already": True, "number": 1}
    assert second.message == "Round 1 was already saved from this phone."


def test_a_key_applied_before_a_restart_still_applies_once():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    key = uuid.uuid4()
    add(session, owner, key)
    # A restart keeps nothing but the database: a fresh session object, a fresh lookup.
    fresh = PlaySession.objects.get(pk=session.pk)

    again = add(fresh, owner, key)

    assert again.extra["already"] is True
    assert fresh.rounds.count() == 1
    assert AppliedEdit.objects.get(key=key).number == 1


def test_another_phone_s_round_refuses_the_entry_and_keeps_no_key():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    add(session, owner, uuid.uuid4())  # the other phone's round 1
    mine = uuid.uuid4()

    with pytest.raises(sheets.StaleEdit):
        add(session, owner, mine, entry={"heads": {"Anna": 5, "Ben": 5, "Clara": 10}})

    assert session.rounds.count() == 1
    assert not AppliedEdit.objects.filter(key=mine).exists()


def test_a_key_of_another_sheet_is_refused():
    owner = user()
    first, second = sarkophag_sheet(owner, limit=100), sarkophag_sheet(owner, limit=100)
    key = uuid.uuid4()
    add(first, owner, key)

    with pytest.raises(sheets.EditRefused):
        add(second, owner, key)

    assert second.rounds.count() == 0


def test_a_sheet_started_with_the_phone_s_id_keeps_it():
    owner = user()
    public_id = uuid.uuid4()

    session = sheets.start_session(
        "sarkophag", owner, players("Anna", "Ben", "Clara"), [], public_id=public_id
    )

    assert session.public_id == public_id
