"""Nights as iCalendar: a .ics per night, a member's private feed, stable UID, SEQUENCE,
STATUS:CANCELLED, the club's time zone."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from icalendar import Calendar

from nights import attendance, ical, organising
from nights.models import CalendarFeed
from tests.scoring.organiser_helpers import organiser

from .helpers import a_night, fresh, member

pytestmark = pytest.mark.django_db


def events(response) -> list:
    assert response["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(response.content).walk("VEVENT")


def test_a_night_s_ics_has_its_wall_clock_time_in_the_club_s_zone(client):
    night = a_night(time=dt.time(19, 30))
    body = client.get(f"/nights/{night.pk}/night.ics").content.decode()
    assert f"DTSTART;TZID={settings.TIME_ZONE}:" in body and "T193000" in body
    assert "BEGIN:VTIMEZONE" in body


def test_the_start_is_the_same_moment_as_stored(client):
    night = a_night()
    (event,) = events(client.get(f"/nights/{night.pk}/night.ics"))
    start = event.decoded("dtstart")
    assert start == night.starts_at and start.tzinfo == ZoneInfo(settings.TIME_ZONE)


def test_the_uid_stays_and_the_sequence_grows_with_each_change(client):
    night = a_night()
    (before,) = events(client.get(f"/nights/{night.pk}/night.ics"))
    local = night.local_start
    organising.change(night, day=local.date(), time=dt.time(20, 0), place="Elsewhere")
    (after,) = events(client.get(f"/nights/{night.pk}/night.ics"))
    assert str(after["uid"]) == str(before["uid"])
    assert after.decoded("sequence") == before.decoded("sequence") + 1


def test_a_cancelled_night_is_marked_cancelled(client):
    night = a_night()
    organising.cancel(night)
    (event,) = events(client.get(f"/nights/{night.pk}/night.ics"))
    assert str(event["status"]) == "CANCELLED" and event.decoded("sequence") == 1


def test_a_feed_has_the_nights_the_member_comes_to(client):
    mia = member()
    going, other = a_night(place="Going"), a_night(place="Other")
    attendance.come(going.pk, mia)
    feed = ical.new_feed(mia)
    found = events(client.get(f"/nights/calendar/{feed.token}.ics"))
    assert [str(e["location"]) for e in found] == ["Going"]
    assert other  # not in the feed


def test_an_all_nights_feed_has_every_night(client):
    a_night(place="One"), a_night(place="Two")
    feed = ical.new_feed(member(), all_nights=True)
    assert len(events(client.get(f"/nights/calendar/{feed.token}.ics"))) == 2


def test_a_new_address_revokes_the_old(client):
    mia = member()
    old = ical.new_feed(mia).token
    new = ical.new_feed(mia).token
    assert client.get(f"/nights/calendar/{old}.ics").status_code == 404
    assert client.get(f"/nights/calendar/{new}.ics").status_code == 200


@pytest.mark.parametrize("token", ["", "x", "a" * 300, "..%2F"])
def test_a_wrong_address_is_a_404(client, token):
    ical.new_feed(member())
    assert client.get(f"/nights/calendar/{token}.ics").status_code == 404


def test_the_calendar_page_makes_and_stops_an_address(client):
    mia = member()
    client.force_login(mia)
    client.post("/nights/calendar/", {"action": "new", "all_nights": "on"})
    feed = CalendarFeed.objects.get(user=mia)
    assert feed.all_nights and feed.token in client.get("/nights/calendar/").content.decode()
    client.post("/nights/calendar/", {"action": "revoke"})
    assert not CalendarFeed.objects.exists()


def test_the_organiser_sees_the_change_in_sequence_of_the_stored_night():
    night = a_night(by=organiser())
    organising.cancel(night)
    organising.cancel(night)  # twice is once
    assert fresh(night).sequence == 1
