"""Random hostile values posted to every nights endpoint, as anonymous, a member and an
organiser: never a 5xx, and a refused request changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nights.models import Attendance, Night
from tests.rows import rows
from tests.scoring.organiser_helpers import organiser

from .helpers import a_night, member

pytestmark = pytest.mark.django_db

NUMBERISH = st.sampled_from(
    ["²", "٣", "１２", "9" * 5000, str(2**63), "-1", "0", "1", "13", "1e9", "25:61", "\x00"]
)
DATEISH = st.sampled_from(
    ["2026-02-30", "0000-01-01", "9999-12-31", "1.1.2027", "2027-01-01T00:00", "😀", ""]
)
LONG = st.sampled_from(["x" * 10_000, "Ä" * 2_000, "a\x00b"])
VALUE = st.one_of(NUMBERISH, DATEISH, LONG, st.text(max_size=20), st.just(""))
FIELDS = ["day", "time", "place", "note", "capacity", "weeks", "page"]
FORM = st.dictionaries(st.sampled_from(FIELDS), VALUE, max_size=len(FIELDS))


def snapshot() -> tuple:
    return rows(Night), rows(Attendance)


def status_never_5xx(response) -> None:
    assert response.status_code < 500, response.status_code


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=FORM)
def test_hostile_night_forms_are_refused_cleanly(form):
    Night.objects.all().delete()
    night = a_night()
    client = Client()
    client.force_login(_organiser() or organiser(name="olga"))
    before = snapshot()
    for url in ("/nights/new/", f"/nights/{night.pk}/change/"):
        response = client.post(url, form)
        status_never_5xx(response)
        if response.status_code != 302:
            assert snapshot() == before


def _organiser():
    from django.contrib.auth.models import User

    return User.objects.filter(username="olga").first()


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(night_id=NUMBERISH, page=VALUE)
def test_hostile_urls_and_pages_never_fail(night_id, page):
    client = Client()
    for url in (f"/nights/{night_id}/", "/nights/"):
        status_never_5xx(client.get(url, {"page": page}))


@pytest.mark.parametrize("who", ["anonymous", "member"])
@pytest.mark.parametrize("action", ["change", "cancel"])
def test_organising_endpoints_change_nothing_for_others(client, who, action):
    night = a_night()
    if who == "member":
        client.force_login(member())
    before = snapshot()
    status_never_5xx(client.post(f"/nights/{night.pk}/{action}/", {"place": "x"}))
    assert snapshot() == before


@pytest.mark.parametrize("action", ["come", "leave", "cancel"])
def test_a_get_on_a_write_endpoint_changes_nothing(client, action):
    night = a_night()
    client.force_login(organiser())
    before = snapshot()
    assert client.get(f"/nights/{night.pk}/{action}/").status_code == 405
    assert snapshot() == before


TOKENISH = st.one_of(st.text(max_size=60), LONG, st.sampled_from(["..", "%00", "a/b", "ä"]))


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(token=TOKENISH, action=VALUE, game=VALUE)
def test_hostile_links_feeds_and_tables_never_fail_nor_change_anything(token, action, game):
    Night.objects.all().delete()
    night = a_night()
    mia = _member()
    attendance_row = Attendance.objects.create(night=night, user=mia)
    before = snapshot()
    anonymous = Client()
    for method, url, data in (
        ("post", f"/nights/not-coming/{token}/", {}),
        ("get", f"/nights/not-coming/{token}/", {}),
        ("get", f"/nights/calendar/{token}.ics", {}),
    ):
        if "/" in token or not token:
            continue  # another URL altogether
        status_never_5xx(getattr(anonymous, method)(url, data))
    member_client = Client()
    member_client.force_login(_stranger())
    status_never_5xx(member_client.post(f"/nights/{night.pk}/table/", {"game": game}))
    status_never_5xx(member_client.post("/nights/calendar/", {"action": action}))
    assert snapshot() == before and attendance_row.pk


def _member():
    from django.contrib.auth.models import User

    return User.objects.filter(username="mia").first() or member("mia")


def _stranger():
    from django.contrib.auth.models import User

    return User.objects.filter(username="stranger").first() or member("stranger")


@pytest.mark.parametrize("token", ["\x00", "a\x00b", "%00"])
def test_a_token_with_a_nul_byte_is_no_calendar_and_no_link(token):
    """PostgreSQL refuses NUL in text: such a token never reaches a query."""
    anonymous = Client()
    assert anonymous.get(f"/nights/calendar/{token}.ics").status_code == 404
    assert anonymous.get(f"/nights/not-coming/{token}/").status_code < 500
    assert anonymous.post(f"/nights/not-coming/{token}/").status_code < 500
