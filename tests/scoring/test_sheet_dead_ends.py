"""No dead ends: every sheet in progress is listed, can be abandoned, and Finish redraws
the whole page."""

import re

import pytest

from scoring import sheets
from scoring.models import PlaySession

from .sheet_helpers import sarkophag_sheet, user

pytestmark = pytest.mark.django_db

ROUND = {"heads": {"Anna": 7, "Ben": 0, "Clara": 12}}


def test_all_sheets_in_progress_are_listed_ten_a_page(client, owner):
    made = [sarkophag_sheet(owner) for _ in range(12)]
    first = client.get("/scorekeeper/").content.decode()
    second = client.get("/scorekeeper/", {"page": 2}).content.decode()
    listed = re.findall(r'href="/scorekeeper/([0-9a-f-]{36})/"', first + second)
    assert sorted(listed) == sorted(str(s.public_id) for s in made)
    assert "Page 1 of 2" in first and 'href="?page=2"' in first


def test_abandoning_asks_first(client, owner):
    session = sarkophag_sheet(owner)
    page = client.get(f"/scorekeeper/{session.public_id}/delete/").content.decode()
    assert "Abandon this sheet?" in page and "Yes, delete the sheet" in page
    assert PlaySession.objects.filter(pk=session.pk).exists()


def test_abandoning_deletes_the_sheet_once(client, owner):
    session = sarkophag_sheet(owner)
    sheets.apply_edit(session.public_id, owner, "add", entry=ROUND)
    url = f"/scorekeeper/{session.public_id}/delete/"
    response = client.post(url, follow=True)
    assert "The sheet was deleted." in response.content.decode()
    assert not PlaySession.objects.exists()
    again = client.post(url, follow=True)
    assert again.status_code == 200 and "already deleted" in again.content.decode()


def test_only_the_keeper_or_an_organiser_deletes(client):
    session = sarkophag_sheet(user("owner"))
    client.force_login(user("watcher"))
    assert client.post(f"/scorekeeper/{session.public_id}/delete/").status_code == 403
    client.force_login(user("org", staff=True))
    client.post(f"/scorekeeper/{session.public_id}/delete/")
    assert not PlaySession.objects.exists()


def test_a_finished_sheet_is_not_abandoned_here(client, owner):
    session = sarkophag_sheet(owner)
    sheets.apply_edit(session.public_id, owner, "add", entry=ROUND)
    sheets.apply_edit(session.public_id, owner, "finish")
    response = client.post(f"/scorekeeper/{session.public_id}/delete/")
    assert "an organiser can void or delete it" in response.content.decode()
    assert PlaySession.objects.exists()


def test_the_sheet_page_offers_abandoning(client, owner):
    session = sarkophag_sheet(owner)
    body = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert f'href="/scorekeeper/{session.public_id}/delete/"' in body


def test_finish_redraws_the_header_badge_too(client, owner):
    session = sarkophag_sheet(owner)
    sheets.apply_edit(session.public_id, owner, "add", entry=ROUND)
    response = client.post(
        f"/scorekeeper/{session.public_id}/finish/", {"seen": 1}, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert 'id="sheet-head" hx-swap-oob="true"' in body
    assert "status-finished" in body and 'id="entry"' not in body
