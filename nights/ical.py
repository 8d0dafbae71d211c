"""Nights as iCalendar (RFC 5545): a ``.ics`` per night and a member's private feed.

Times are the club's wall-clock times with their TZID and the VTIMEZONE that defines it, so
a calendar elsewhere shows the right moment. The UID is the night's forever; SEQUENCE is the
night's ``sequence`` (bumped by every change and by cancelling), and a cancelled night stays
in the feed with STATUS:CANCELLED so calendars strike it rather than lose it silently.
"""

from __future__ import annotations

import datetime as dt
import secrets
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from .models import CalendarFeed, Night

NIGHT_LENGTH = dt.timedelta(hours=4)  # nights have no end time; calendars want one
FEED_PAST = dt.timedelta(days=90)  # how far back a feed reaches


def uid_of(night: Night) -> str:
    host = urlsplit(settings.SITE_URL).hostname or "sarco"
    return f"night-{night.pk}@{host}"


def event_of(night: Night) -> Event:
    start = night.local_start
    event = Event()
    event.add("uid", uid_of(night))
    event.add("dtstamp", timezone.now())
    event.add("created", night.created_at)
    event.add("dtstart", start)
    event.add("dtend", start + NIGHT_LENGTH)
    event.add("summary", _("Club night"))
    event.add("sequence", night.sequence)
    event.add("status", "CANCELLED" if night.is_cancelled else "CONFIRMED")
    if night.place:
        event.add("location", night.place)
    if night.note:
        event.add("description", night.note)
    event.add("url", settings.SITE_URL.rstrip("/") + reverse("nights:night", args=[night.pk]))
    return event


def calendar_of(nights, name: str) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//sarco//club nights//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    days = []
    for night in nights:
        calendar.add_component(event_of(night))
        days.append(night.day)
    if days:  # the zone's rules over the nights' years only: a short, complete VTIMEZONE
        first = dt.date(min(days).year - 1, 1, 1)
        calendar.add_missing_timezones(first, dt.date(max(days).year + 2, 1, 1))
    return calendar.to_ical()


def feed_nights(feed: CalendarFeed):
    nights = Night.objects.filter(starts_at__gte=timezone.now() - FEED_PAST)
    if not feed.all_nights:
        nights = nights.filter(attendances__user=feed.user)
    return nights.order_by("starts_at", "id").distinct()


def new_feed(user, all_nights: bool = False) -> CalendarFeed:
    """A fresh secret address for ``user``'s feed; the old one stops working."""
    with transaction.atomic():
        feed, created = CalendarFeed.objects.select_for_update().get_or_create(
            user=user, defaults={"token": secrets.token_urlsafe(32), "all_nights": all_nights}
        )
        if not created:
            feed.token = secrets.token_urlsafe(32)
            feed.all_nights = all_nights
            feed.save(update_fields=["token", "all_nights"])
    return feed
