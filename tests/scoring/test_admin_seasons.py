"""Seasons: named date ranges organisers keep in the admin (the leaderboard filters by them)."""

import datetime as dt

import pytest
from django.utils import timezone

from scoring.models import Season
from tests.scoring.organiser_helpers import member, organiser

pytestmark = pytest.mark.django_db

ADD = "/admin/scoring/season/add/"


def test_an_organiser_adds_a_season(client):
    client.force_login(organiser())
    body = {"name": "Winter 2026", "start": "2026-01-01", "end": "2026-03-31"}
    assert client.post(ADD, body).status_code == 302
    season = Season.objects.get()
    assert (season.start, season.end) == (dt.date(2026, 1, 1), dt.date(2026, 3, 31))


def test_a_season_that_ends_before_it_starts_is_refused_with_a_message(client):
    client.force_login(organiser())
    body = {"name": "Backwards", "start": "2026-03-31", "end": "2026-01-01"}
    response = client.post(ADD, body)
    assert response.status_code == 200
    assert "cannot end before it starts" in response.content.decode()
    assert not Season.objects.exists()


def test_two_seasons_cannot_share_a_name(client):
    client.force_login(organiser())
    Season.objects.create(name="Winter", start=dt.date(2026, 1, 1), end=dt.date(2026, 2, 1))
    body = {"name": "Winter", "start": "2027-01-01", "end": "2027-02-01"}
    assert client.post(ADD, body).status_code == 200
    assert Season.objects.count() == 1


def test_members_cannot_add_seasons(client):
    client.force_login(member())
    client.post(ADD, {"name": "Mine", "start": "2026-01-01", "end": "2026-01-02"})
    assert not Season.objects.exists()


def test_a_seasons_bounds_cover_its_last_day_in_the_clubs_time_zone():
    season = Season(name="May", start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 31))
    first, after = season.bounds()
    assert timezone.localtime(first).date() == dt.date(2026, 5, 1)
    assert after - first == dt.timedelta(days=31)
    assert Season.objects.containing(dt.date(2026, 5, 31)).count() == 0
    season.save()
    assert list(Season.objects.containing(dt.date(2026, 5, 31))) == [season]
