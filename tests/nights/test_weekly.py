"""A weekly night: announced for the next weeks in one go."""

import datetime as dt
import itertools

import pytest

from nights.models import Night
from tests.scoring.organiser_helpers import organiser

from .test_views import announce_form

pytestmark = pytest.mark.django_db


def test_four_weeks_make_four_nights_a_week_apart(client):
    client.force_login(organiser())
    client.post("/nights/new/", announce_form(weeks="4"))
    days = [n.day for n in Night.objects.order_by("starts_at")]
    assert len(days) == 4
    assert all(b - a == dt.timedelta(weeks=1) for a, b in itertools.pairwise(days))


def test_each_week_keeps_the_time_across_a_clock_change(client):
    client.force_login(organiser())
    client.post("/nights/new/", announce_form(weeks="12"))
    assert {n.local_start.time() for n in Night.objects.all()} == {dt.time(19, 30)}


def test_more_than_twelve_weeks_are_refused(client):
    client.force_login(organiser())
    client.post("/nights/new/", announce_form(weeks="13"))
    assert not Night.objects.exists()
