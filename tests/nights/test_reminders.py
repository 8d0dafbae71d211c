"""Reminder mails two days before, once per member per night, with a "not coming" link."""

import io
import re

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client, override_settings

from nights import attendance
from nights.models import Attendance, Reminder
from nights.reminders import not_coming_token
from scoring.member_mail import profile_of

from .helpers import a_night, member

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("locmem")]


@pytest.fixture
def locmem():
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        yield


def remind() -> None:
    call_command("send_night_reminders", stdout=io.StringIO())


def link_in(message) -> str:
    return re.search(r"http://\S+/nights/not-coming/\S+/", message.body).group(0)


def test_members_who_come_get_one_reminder_two_days_before():
    night = a_night(days_ahead=2)
    attendance.come(night.pk, member("ada"))
    remind()
    remind()
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]
    assert Reminder.objects.filter(night=night).count() == 1


def test_no_reminder_three_days_before():
    night = a_night(days_ahead=3)
    attendance.come(night.pk, member("ada"))
    remind()
    assert mail.outbox == []


def test_no_reminder_for_a_cancelled_night():
    night = a_night(days_ahead=1)
    attendance.come(night.pk, member("ada"))
    night.cancelled_at = night.starts_at
    night.save()
    remind()
    assert mail.outbox == []


def test_members_who_turned_the_mails_off_get_none():
    night = a_night(days_ahead=2)
    ada = member("ada")
    profile = profile_of(ada)
    profile.mail_club_nights = False
    profile.save()
    attendance.come(night.pk, ada)
    remind()
    assert mail.outbox == []


def test_members_without_an_address_or_waiting_get_none():
    night = a_night(days_ahead=2, capacity=1)
    nobody = member("nobody")
    nobody.email = ""
    nobody.save()
    attendance.come(night.pk, nobody)
    attendance.come(night.pk, member("waits"))
    remind()
    assert mail.outbox == []


def test_the_link_opens_a_page_and_changes_nothing_until_the_button():
    night = a_night(days_ahead=2)
    attendance.come(night.pk, member("ada"))
    remind()
    response = Client().get(link_in(mail.outbox[0]))
    assert response.status_code == 200 and 'id="not-coming"' in response.content.decode()
    assert Attendance.objects.filter(night=night).exists()


def test_the_button_frees_the_seat_and_moves_the_waiting_list_without_a_login():
    night = a_night(days_ahead=2, capacity=1)
    attendance.come(night.pk, member("ada"))
    attendance.come(night.pk, member("bea"))
    remind()
    response = Client().post(link_in(mail.outbox[0]))
    assert 'id="not-coming-done"' in response.content.decode()
    assert [a.user.username for a in Attendance.objects.filter(night=night, waiting=False)] == [
        "bea"
    ]


@pytest.mark.parametrize("token", ["x", "a" * 500, "eyJuIjoxfQ:1abc:def"])
def test_a_broken_link_is_refused_and_changes_nothing(token):
    night = a_night(days_ahead=2)
    attendance.come(night.pk, member("ada"))
    response = Client().post(f"/nights/not-coming/{token}/")
    assert response.status_code == 400
    assert Attendance.objects.filter(night=night).exists()


def test_a_link_for_another_night_frees_nothing_there():
    night, other = a_night(days_ahead=2), a_night(days_ahead=3)
    ada = member("ada")
    attendance.come(night.pk, ada)
    Client().post(f"/nights/not-coming/{not_coming_token(other, ada)}/")
    assert Attendance.objects.filter(night=night, user=ada).exists()
