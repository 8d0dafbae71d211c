"""A season's league rules, kept by organisers in the admin."""

import pytest

from scoring.models import Season

from .organiser_helpers import organiser

pytestmark = pytest.mark.django_db

ADD = "/admin/scoring/season/add/"
BODY = {"name": "Spring", "start": "2026-03-01", "end": "2026-05-31"}


def test_a_new_season_gets_the_default_scheme_and_minimum(client):
    client.force_login(organiser())
    assert client.post(ADD, BODY).status_code == 302
    season = Season.objects.get()
    assert (season.scheme, season.min_games) == ("shared", 3)


def test_an_organiser_picks_fixed_points_per_place(client):
    client.force_login(organiser())
    body = {**BODY, "scheme": "fixed", "fixed_points": "10, 6, 3, 1", "min_games": "5"}
    assert client.post(ADD, body).status_code == 302
    season = Season.objects.get()
    assert (season.scheme, season.fixed_points, season.min_games) == ("fixed", "10, 6, 3, 1", 5)


def test_unreadable_fixed_points_are_refused_with_a_message(client):
    client.force_login(organiser())
    body = {**BODY, "scheme": "fixed", "fixed_points": "ten, six", "min_games": "3"}
    response = client.post(ADD, body)
    assert response.status_code == 200
    assert "is not a number of points" in response.content.decode()
    assert not Season.objects.exists()
