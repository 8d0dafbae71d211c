"""The nights' pages: the list, a night, announcing, changing, cancelling, coming, going."""

import datetime as dt

import pytest
from django.test import override_settings

from nights import attendance
from nights.models import Attendance, Night
from scoring.models import club_today
from tests.scoring.organiser_helpers import organiser

from .helpers import a_night, fresh, member

pytestmark = pytest.mark.django_db


def announce_form(**changes) -> dict:
    form = {
        "day": (club_today() + dt.timedelta(days=7)).isoformat(),
        "time": "19:30",
        "place": "Café Anubis",
        "note": "Bring snacks",
        "capacity": "8",
        "weeks": "1",
    }
    return {**form, **changes}


def test_the_list_shows_what_is_next_and_what_was(client):
    a_night(days_ahead=2, place="Next place")
    a_night(days_ahead=-7, place="Old place")
    body = client.get("/nights/").content.decode()
    assert body.index("What is next") < body.index("Next place") < body.index("What was")
    assert body.index("What was") < body.index("Old place")


def test_the_menu_links_the_nights(client):
    assert 'href="/nights/"' in client.get("/").content.decode()


def test_a_night_shows_who_comes_and_who_waits(client):
    night = a_night(capacity=1)
    attendance.come(night.pk, member("ada"))
    attendance.come(night.pk, member("bea"))
    body = client.get(f"/nights/{night.pk}/").content.decode()
    coming, waiting = body.split('id="coming"')[1], body.split('id="waiting"')[1]
    assert "ada" in coming.split("</ol>")[0] and "bea" in waiting.split("</ol>")[0]


def test_an_organiser_announces_a_night_in_the_club_time_zone(client):
    client.force_login(organiser())
    response = client.post("/nights/new/", announce_form())
    night = Night.objects.get()
    assert response.status_code == 302 and response.url == f"/nights/{night.pk}/"
    assert night.local_start.time() == dt.time(19, 30) and night.capacity == 8
    assert night.place == "Café Anubis" and night.note == "Bring snacks"


def test_a_member_may_not_announce_by_default(client):
    client.force_login(member())
    assert client.post("/nights/new/", announce_form()).status_code == 403
    assert not Night.objects.exists()


@override_settings(NIGHTS_ANYONE_ANNOUNCES=True)
def test_any_member_announces_when_the_club_allows(client):
    client.force_login(member())
    client.post("/nights/new/", announce_form())
    assert Night.objects.count() == 1


def test_the_form_offers_the_places_used_before(client):
    a_night(place="Hinterzimmer")
    client.force_login(organiser())
    body = client.get("/nights/new/").content.decode()
    assert '<option value="Hinterzimmer">' in body


def test_a_night_in_the_past_is_refused(client):
    client.force_login(organiser())
    past = (club_today() - dt.timedelta(days=1)).isoformat()
    response = client.post("/nights/new/", announce_form(day=past))
    assert response.status_code == 200 and "That day is past." in response.content.decode()
    assert not Night.objects.exists()


def test_an_organiser_cancels_a_night_and_it_is_kept(client):
    night = a_night()
    client.force_login(organiser())
    client.post(f"/nights/{night.pk}/cancel/")
    night = fresh(night)
    assert night.is_cancelled and night.sequence == 1
    assert "This night is cancelled." in client.get(f"/nights/{night.pk}/").content.decode()


def test_a_member_may_not_cancel(client):
    night = a_night()
    client.force_login(member())
    assert client.post(f"/nights/{night.pk}/cancel/").status_code == 403
    assert not fresh(night).is_cancelled


def test_a_change_bumps_the_sequence(client):
    night = a_night()
    client.force_login(organiser())
    form = announce_form(place="Elsewhere")
    del form["weeks"]
    client.post(f"/nights/{night.pk}/change/", form)
    assert fresh(night).place == "Elsewhere" and fresh(night).sequence == 1


def test_a_member_comes_and_takes_it_back(client):
    night = a_night()
    mia = member()
    client.force_login(mia)
    client.post(f"/nights/{night.pk}/come/")
    assert Attendance.objects.filter(night=night, user=mia).exists()
    client.post(f"/nights/{night.pk}/leave/")
    assert not Attendance.objects.filter(night=night, user=mia).exists()


def test_coming_to_a_cancelled_night_says_why(client):
    night = a_night()
    Night.objects.filter(pk=night.pk).update(cancelled_at=night.starts_at)
    client.force_login(member())
    response = client.post(f"/nights/{night.pk}/come/", follow=True)
    assert "This night is cancelled." in response.content.decode()
    assert not Attendance.objects.exists()


def test_coming_needs_a_login(client):
    night = a_night()
    response = client.post(f"/nights/{night.pk}/come/")
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert not Attendance.objects.exists()


def test_no_such_night_is_a_404(client):
    assert client.get("/nights/99999/").status_code == 404
    assert client.get(f"/nights/{2**63}/").status_code == 404


def test_a_past_night_offers_no_come_button(client):
    night = a_night(days_ahead=-1)
    client.force_login(member())
    assert 'id="come"' not in client.get(f"/nights/{night.pk}/").content.decode()
