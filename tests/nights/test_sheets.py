"""Sheets started from a night's page belong to the night, its members pre-filled."""

import pytest

from nights import attendance
from nights.models import NightSession
from nights.sheets import new_sheet_url
from scoring.models import PlaySession
from tests.scoring.organiser_helpers import organiser

from .helpers import a_night, member

pytestmark = pytest.mark.django_db


def start(client, night, origin=None, players=()):
    data = {"action": "start", "players": [p.pk for p in players]}
    data["origin"] = origin if origin is not None else f"night:{night.pk}"
    return client.post("/scorekeeper/new/sacrifice/", data)


def test_the_new_sheet_page_lists_the_members_who_come_as_players(client):
    night = a_night(capacity=2)
    ada, bea, cem = member("ada"), member("bea"), member("cem")
    for person in (ada, bea, cem):
        attendance.come(night.pk, person)
    client.force_login(ada)
    body = client.get(new_sheet_url(night, "sarkophag")).content.decode()
    seats = body.split('class="seats"')[1].split("</ol>")[0]
    assert "ada" in seats and "bea" in seats and "cem" not in seats  # cem waits
    assert f'name="origin" value="night:{night.pk}"' in body


def test_the_new_sheet_page_offers_the_night_s_place(client):
    night = a_night(place="Hinterzimmer")
    client.force_login(organiser())
    body = client.get(new_sheet_url(night, "sarkophag")).content.decode()
    assert 'value="Hinterzimmer"' in body


def test_a_sheet_started_from_the_night_belongs_to_it(client):
    night = a_night()
    ada, bea = member("ada"), member("bea")
    attendance.come(night.pk, ada)
    attendance.come(night.pk, bea)
    client.force_login(ada)
    start(client, night, players=[ada.player, bea.player])
    session = PlaySession.objects.get()
    assert NightSession.objects.get(session=session).night == night


def test_the_night_shows_its_tables_playing(client):
    night = a_night()
    ada, bea = member("ada"), member("bea")
    attendance.come(night.pk, ada)
    client.force_login(ada)
    start(client, night, players=[ada.player, bea.player])
    session = PlaySession.objects.get()
    body = client.get(f"/nights/{night.pk}/").content.decode()
    assert "Tables playing" in body and f"/scorekeeper/{session.public_id}/" in body


def test_a_member_who_does_not_come_links_nothing(client):
    night = a_night()
    ada, bea = member("ada"), member("bea")
    client.force_login(ada)
    start(client, night, players=[ada.player, bea.player])
    assert PlaySession.objects.count() == 1 and not NightSession.objects.exists()


@pytest.mark.parametrize("origin", ["night:99999", "night:x", "night:", "elsewhere", "night:-1"])
def test_a_forged_origin_links_nothing(client, origin):
    night = a_night()
    ada, bea = member("ada"), member("bea")
    attendance.come(night.pk, ada)
    client.force_login(ada)
    start(client, night, origin=origin, players=[ada.player, bea.player])
    assert PlaySession.objects.count() == 1 and not NightSession.objects.exists()


def test_a_cancelled_night_takes_no_sheet(client):
    night = a_night()
    ada, bea = member("ada"), member("bea")
    attendance.come(night.pk, ada)
    night.cancelled_at = night.starts_at
    night.save()
    client.force_login(ada)
    start(client, night, players=[ada.player, bea.player])
    assert not NightSession.objects.exists()
