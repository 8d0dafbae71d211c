"""Nights in the admin: organisers see and change them; who comes stays the members' word."""

import pytest

from nights import attendance
from tests.scoring.organiser_helpers import organiser, superuser

from .helpers import a_night, member

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("make", [organiser, superuser])
def test_the_nights_list_and_a_night_open_in_the_admin(client, make):
    night = a_night(place="Café Anubis")
    attendance.come(night.pk, member())
    client.force_login(make())
    assert "Café Anubis" in client.get("/admin/nights/night/").content.decode()
    assert client.get(f"/admin/nights/night/{night.pk}/change/").status_code == 200


def test_an_organiser_may_not_add_attendances_by_hand(client):
    client.force_login(organiser())
    assert client.get("/admin/nights/attendance/add/").status_code == 403


def test_the_feed_s_secret_address_never_shows_in_the_admin(client):
    from nights.ical import new_feed

    feed = new_feed(member("ada"))
    client.force_login(superuser())
    for url in ("/admin/nights/calendarfeed/", f"/admin/nights/calendarfeed/{feed.pk}/change/"):
        response = client.get(url)
        assert response.status_code == 200 and feed.token not in response.content.decode()
