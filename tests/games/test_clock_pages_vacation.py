"""The vacations page (``play:vacation``): a member lists, takes and cancels vacation days,
and sees how many are left this year; hostile posts change nothing."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games import vacations
from games.clock_kinds import VACATION_DAYS_A_YEAR
from games.models import Vacation
from tests.games.helpers import client_for, user

pytestmark = pytest.mark.django_db

URL = "/play/vacation/"


def soon(days: int) -> datetime.date:
    """A day ``days`` after tomorrow, kept in this year (a vacation across New Year would
    count against two years)."""
    today = timezone.localdate()
    day = today + datetime.timedelta(days=1 + days)
    return day if day.year == today.year else datetime.date(today.year + 1, 1, 2 + days)


def test_anonymous_visitors_are_sent_to_log_in():
    answer = client_for().get(URL)
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")


def test_a_member_sees_the_days_left_and_a_form():
    html = client_for(user()).get(URL).content.decode()
    assert f"{VACATION_DAYS_A_YEAR} vacation days left" in html
    assert 'type="date"' in html
    assert 'name="starts"' in html and 'name="ends"' in html


def test_taking_a_vacation_lists_it_and_counts_it():
    member = user()
    starts, ends = soon(0), soon(2)
    answer = client_for(member).post(URL, {"starts": starts.isoformat(), "ends": ends.isoformat()})
    assert answer.status_code == 302
    vacation = Vacation.objects.get(user=member)
    assert (vacation.starts, vacation.ends) == (starts, ends)
    html = client_for(member).get(URL).content.decode()
    left = vacations.days_left(member, starts.year)
    assert left == VACATION_DAYS_A_YEAR - 3 or starts.year != timezone.localdate().year
    assert f"/play/vacation/{vacation.pk}/cancel/" in html


def test_a_vacation_longer_than_the_days_left_is_refused_with_the_reason():
    member = user()
    starts = soon(0)
    ends = starts + datetime.timedelta(days=VACATION_DAYS_A_YEAR + 5)
    answer = client_for(member).post(URL, {"starts": starts.isoformat(), "ends": ends.isoformat()})
    assert answer.status_code == 400
    assert not Vacation.objects.exists()
    assert 'role="alert"' in answer.content.decode()


def test_the_last_day_before_the_first_is_refused():
    member = user()
    answer = client_for(member).post(
        URL, {"starts": soon(3).isoformat(), "ends": soon(1).isoformat()}
    )
    assert answer.status_code == 400
    assert not Vacation.objects.exists()
    assert "field-error" in answer.content.decode() or 'role="alert"' in answer.content.decode()


def test_cancelling_gives_the_days_back():
    member = user()
    vacation = vacations.take_vacation(member, soon(0), soon(1))
    answer = client_for(member).post(f"/play/vacation/{vacation.pk}/cancel/")
    assert answer.status_code == 302
    assert not Vacation.objects.exists()


def test_nobody_cancels_someone_elses_vacation():
    vacation = vacations.take_vacation(user(), soon(0), soon(1))
    answer = client_for(user()).post(f"/play/vacation/{vacation.pk}/cancel/")
    assert answer.status_code == 404
    assert Vacation.objects.count() == 1


def test_cancel_is_a_post():
    member = user()
    vacation = vacations.take_vacation(member, soon(0), soon(1))
    assert client_for(member).get(f"/play/vacation/{vacation.pk}/cancel/").status_code == 405
    assert Vacation.objects.count() == 1


def test_the_account_page_and_the_menu_link_to_it():
    html = client_for(user()).get("/accounts/").content.decode()
    assert html.count('href="/play/vacation/"') >= 2


class HostileVacationTest(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.member = user()

    @settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(
        st.dictionaries(
            st.sampled_from(["starts", "ends"]),
            st.one_of(
                st.text(max_size=20),
                st.sampled_from(["2026-02-30", "0001-01-01", "9999-12-31", "2026-13-01", "-1"]),
            ),
        )
    )
    def test_never_a_server_error(self, data):
        answer = client_for(self.member).post(URL, data)
        assert answer.status_code < 500
        if answer.status_code != 302:
            assert not Vacation.objects.exists()
