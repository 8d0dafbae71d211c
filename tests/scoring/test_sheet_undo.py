"""Undo asks first, and the browser that undid an entry may put it back exactly."""

import pytest
from django.test import Client

from scoring import sheets
from scoring.sheets import StaleEdit

from .sheet_helpers import players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db

FIRST = {"heads": {"Anna": 7, "Ben": 3, "Clara": 12}}
SECOND = {"cards": {"Anna": [15, 22], "Ben": [4, 6, 8, 10, 20, 30], "Clara": [40, 50, 52, 54]}}
HTMX = {"HTTP_HX_REQUEST": "true"}


def url(session, action: str) -> str:
    return f"/scorekeeper/{session.public_id}/{action}/"


def two_rounds(owner):
    session = sarkophag_sheet(owner, limit=100)
    for entry in (FIRST, SECOND):
        sheets.apply_edit(session.public_id, owner, "add", entry=entry)
    return session


def stored(session) -> list[tuple]:
    return list(session.rounds.order_by("number").values_list("number", "entry", "credited"))


def undo(client, session, seen=2):
    return client.post(url(session, "undo"), {"seen": seen}, **HTMX)


def test_undo_asks_first_naming_the_round_and_changes_nothing(client, owner):
    session = two_rounds(owner)
    before = stored(session)
    body = client.get(url(session, "undo/confirm"), {"seen": 2}, **HTMX).content.decode()
    assert "Undo round 2?" in body and "Yes, undo round 2" in body
    assert "Anna 7 · Ben 17 · Clara 12" in body  # the heads round 2 credited
    assert 'id="sheet-actions"' in body and "No, keep it" in body
    assert stored(session) == before


def test_without_javascript_the_question_is_a_page_that_posts_the_undo(client, owner):
    session = two_rounds(owner)
    body = client.get(url(session, "undo/confirm"), {"seen": 2}).content.decode()
    assert "<h1" in body and "Undo round 2?" in body
    assert f'action="{url(session, "undo")}"' in body and 'name="seen" value="2"' in body
    assert "hx-post" not in body.split('id="undo-title"')[1]


def test_the_question_says_when_the_sheet_changed_since_the_page(client, owner):
    session = two_rounds(owner)
    body = client.get(url(session, "undo/confirm"), {"seen": 1}, **HTMX).content.decode()
    assert "The sheet changed after your page was drawn" in body
    assert 'name="seen" value="2"' in body  # the undo of what the question names


def test_nothing_to_undo_is_said_without_a_question(client, owner):
    session = sarkophag_sheet(owner, limit=100)
    body = client.get(url(session, "undo/confirm"), {"seen": 0}, **HTMX).content.decode()
    assert "There is nothing to undo yet." in body and "Undo round" not in body


def test_a_watcher_is_not_asked(client):
    session = two_rounds(user("owner"))
    client.force_login(user("watcher"))
    assert client.get(url(session, "undo/confirm")).status_code == 403


def test_the_undone_round_is_offered_back(client, owner):
    session = two_rounds(owner)
    body = undo(client, session).content.decode()
    assert "Round 2 was removed." in body
    assert "Restore round 2" in body and 'id="restore-undone"' in body


def test_restore_puts_the_round_back_exactly(client, owner):
    session = two_rounds(owner)
    before = stored(session)
    undo(client, session)
    body = client.post(url(session, "restore"), {"seen": 3}, **HTMX).content.decode()
    assert "Round 2 was restored." in body and "Restore round" not in body
    assert stored(session) == before
    assert [s.score for s in session.seats.order_by("position")] == [14, 20, 24]


def test_the_offer_stays_after_a_reload_without_javascript(client, owner):
    session = two_rounds(owner)
    assert undo(client, session).status_code == 200
    assert "Restore round 2" in client.get(f"/scorekeeper/{session.public_id}/").content.decode()


def test_restore_is_refused_once_the_sheet_moved_on(client, owner):
    session = two_rounds(owner)
    undo(client, session)
    sheets.apply_edit(session.public_id, owner, "add", entry=FIRST)  # another phone
    after = stored(session)
    body = client.post(url(session, "restore"), {"seen": 3}, **HTMX).content.decode()
    assert "The sheet changed after the undo" in body and "nothing was restored" in body
    assert stored(session) == after


def test_the_offer_goes_once_the_sheet_moved_on(client, owner):
    session = two_rounds(owner)
    undo(client, session)
    sheets.apply_edit(session.public_id, owner, "add", entry=FIRST)
    assert "Restore round" not in client.get(f"/scorekeeper/{session.public_id}/").content.decode()


def test_a_second_restore_restores_nothing(client, owner):
    session = two_rounds(owner)
    undo(client, session)
    client.post(url(session, "restore"), {"seen": 3}, **HTMX)
    body = client.post(url(session, "restore"), {"seen": 3}, **HTMX).content.decode()
    assert "nothing was restored" in body
    assert session.rounds.count() == 2


@pytest.mark.parametrize("seen", [None, "", "²", "2"])
def test_restore_without_the_version_the_undo_left_is_refused(client, owner, seen):
    session = two_rounds(owner)
    undo(client, session)
    data = {} if seen is None else {"seen": seen}
    body = client.post(url(session, "restore"), data, **HTMX).content.decode()
    assert "nothing was restored" in body
    assert session.rounds.count() == 1


def test_another_browser_has_nothing_to_restore(client, owner):
    session = two_rounds(owner)
    undo(client, session)
    other = Client()
    other.force_login(owner)
    body = other.post(url(session, "restore"), {"seen": 3}, **HTMX).content.decode()
    assert "nothing was restored" in body
    assert session.rounds.count() == 1


def test_the_end_of_game_entry_is_restored_exactly(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    entry = {"trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]}, "sacrificed": {"Anna": ["AS"]}}
    sheets.apply_edit(session.public_id, owner, "end", entry=entry)
    before = stored(session)
    body = undo(client, session, seen=1).content.decode()
    assert "Restore the end-of-game entry" in body
    client.post(url(session, "restore"), {"seen": 2}, **HTMX)
    assert stored(session) == before


def test_restore_through_the_service_needs_the_version_the_undo_left():
    owner = user()
    session = sarg_sheet(owner)
    sheets.apply_edit(session.public_id, owner, "add", entry={"queen": 38, "king": 30})
    outcome = sheets.apply_edit(session.public_id, owner, "undo", seen_version=1)
    assert outcome.extra["undone"] == {"number": 1, "entry": {"queen": 38, "king": 30}}
    for seen in (None, 1):
        with pytest.raises(StaleEdit):
            sheets.apply_edit(
                session.public_id,
                owner,
                "restore",
                entry=outcome.extra["undone"]["entry"],
                number=1,
                seen_version=seen,
            )
    assert not session.rounds.exists()
