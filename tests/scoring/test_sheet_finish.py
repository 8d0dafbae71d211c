"""Finishing a sheet: offered, and taken, only once the game's own rules say it is over."""

import pytest

from scoring import sheets
from scoring.sheets import EditRefused

from .sheet_helpers import entry_url, players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db

SARG_ROUND = {"queen": 38, "king": 30}
HEADS = {"Anna": 7, "Ben": 3, "Clara": 12}  # 22 heads: a real round


def add(session, owner, entry, times=1):
    for _ in range(times):
        sheets.apply_edit(session.public_id, owner, "add", entry=entry)


def sheet_page(client, session) -> str:
    return client.get(f"/scorekeeper/{session.public_id}/").content.decode()


def sarg_to_1000(owner):
    anna, ben = players("Anna", "Ben")
    roles = {"queen": "Anna", "king": "Ben"}
    return sheets.create_session("sarg", owner, [anna, ben], {"to_1000": True}, roles)


def test_sarg_offers_no_finish_before_its_sixth_round(client, owner):
    session = sarg_sheet(owner)
    add(session, owner, SARG_ROUND, times=5)
    assert 'id="finish-game"' not in sheet_page(client, session)


def test_sarg_offers_finish_after_its_sixth_round(client, owner):
    session = sarg_sheet(owner)
    add(session, owner, SARG_ROUND, times=6)
    assert 'id="finish-game"' in sheet_page(client, session)


def test_sarkophag_to_a_limit_offers_no_finish_before_someone_passes_it(client, owner):
    session = sarkophag_sheet(owner, limit=50)
    add(session, owner, {"heads": HEADS})
    assert 'id="finish-game"' not in sheet_page(client, session)


def test_sarkophag_to_a_limit_offers_finish_once_someone_passes_it(client, owner):
    session = sarkophag_sheet(owner, limit=20)
    add(session, owner, {"heads": HEADS}, times=2)  # Clara: 24 heads
    assert 'id="finish-game"' in sheet_page(client, session)


def test_a_one_round_sarkophag_offers_finish_after_its_round(client, owner):
    session = sarkophag_sheet(owner)
    add(session, owner, {"heads": HEADS})
    assert 'id="finish-game"' in sheet_page(client, session)


@pytest.mark.parametrize(
    ("game", "entry"),
    [
        ("sarcophagus", {"tiles": {"Anna": ["5-sun"], "Ben": ["2-moon"]}}),
        ("sacrifice", {"trophies": {"Anna": ["KH"], "Ben": ["QS"]}}),
    ],
)
def test_an_end_of_game_entry_offers_finish(client, owner, game, entry):
    session = sheets.create_session(game, owner, players("Anna", "Ben"))
    sheets.apply_edit(session.public_id, owner, "end", entry=entry)
    assert 'id="finish-game"' in sheet_page(client, session)


def test_sarkophag_to_a_limit_cannot_finish_before_someone_passes_it():
    owner = user()
    session = sarkophag_sheet(owner, limit=50)
    add(session, owner, {"heads": HEADS})
    with pytest.raises(EditRefused, match="more than 50 heads; nobody has yet"):
        sheets.apply_edit(session.public_id, owner, "finish")
    session.refresh_from_db()
    assert not session.is_finished


def test_sarg_to_1000_cannot_finish_before_a_total_reaches_1000():
    owner = user()
    session = sarg_to_1000(owner)
    add(session, owner, SARG_ROUND, times=6)
    with pytest.raises(EditRefused, match="played to 1000"):
        sheets.apply_edit(session.public_id, owner, "finish")


def test_a_finish_posted_too_early_says_why_and_finishes_nothing(client, owner):
    session = sarg_sheet(owner)
    add(session, owner, SARG_ROUND)
    response = client.post(
        f"/scorekeeper/{session.public_id}/finish/", {"seen": 1}, HTTP_HX_REQUEST="true"
    )
    assert "Sarg is six rounds; 1 is entered." in response.content.decode()
    session.refresh_from_db()
    assert not session.is_finished


def test_a_game_over_has_no_next_round_form(client, owner):
    """What a second phone fetches when the sixth round was saved on the first."""
    session = sarg_sheet(owner)
    add(session, owner, SARG_ROUND, times=6)
    body = client.get(entry_url(session), HTTP_HX_REQUEST="true").content.decode()
    assert 'id="entry"' in body and "data-closed" in body
    assert "Round 7" not in body and "<form" not in body


def test_a_game_over_still_opens_the_form_to_change_a_round(client, owner):
    session = sarg_sheet(owner)
    add(session, owner, SARG_ROUND, times=6)
    body = client.get(entry_url(session), {"round": 3}, HTTP_HX_REQUEST="true").content.decode()
    assert "Change round 3" in body and "Save round 3" in body


def test_the_sheet_says_whether_the_game_is_over_for_the_live_updates(client, owner):
    session = sarg_sheet(owner)
    add(session, owner, SARG_ROUND, times=5)
    assert 'data-over="false"' in sheet_page(client, session)
    add(session, owner, SARG_ROUND)
    assert 'data-over="true"' in sheet_page(client, session)
