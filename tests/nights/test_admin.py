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
