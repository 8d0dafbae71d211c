"""Sessions end after an idle time; the expiry moves forward at most once a day, so a busy
member's requests do not each write their session; an old key still lets sessions in."""

import time
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore as DbStore

from sarco.sessions import REFRESHED_KEY

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(client):
    user = get_user_model().objects.create_user("anna", password="a-Long-and-unusual-pw-42")
    client.force_login(user)
    return user


def test_sessions_end_after_two_weeks_idle(settings):
    assert settings.SESSION_COOKIE_AGE == 14 * 24 * 3600
    assert not settings.SESSION_SAVE_EVERY_REQUEST


def test_a_visit_moves_the_expiry_forward(client, anna):
    client.get("/")
    assert REFRESHED_KEY in client.session


def test_the_first_visit_after_a_login_writes_no_session(client, anna):
    """The login itself gave the session its expiry: a move posted right after it pays no
    session write."""
    with mock.patch.object(DbStore, "save") as db_save:
        client.get("/")
    assert db_save.call_count == 0


def test_visits_within_a_day_do_not_write_the_session(client, anna):
    client.get("/")
    with mock.patch.object(DbStore, "save") as db_save:
        for _ in range(3):
            client.get("/")
    assert db_save.call_count == 0


def test_the_write_check_would_see_a_write_per_request(client, anna, settings):
    settings.SESSION_SAVE_EVERY_REQUEST = True
    with mock.patch.object(DbStore, "save") as db_save:
        client.get("/")
    assert db_save.call_count == 1


def test_a_visit_a_day_later_writes_the_session_again(client, anna):
    client.get("/")
    first = client.session[REFRESHED_KEY]
    with mock.patch("sarco.sessions.time.time", return_value=time.time() + 24 * 3600 + 1):
        client.get("/")
    assert client.session[REFRESHED_KEY] > first


def test_a_visit_without_a_session_makes_none(client):
    from django.contrib.sessions.models import Session

    client.cookies["sessionid"] = "no-such-session"
    client.get("/")
    assert not Session.objects.exists()


def test_an_old_key_in_the_fallbacks_keeps_members_logged_in(client, anna, settings):
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "a-brand-new-key-" + "y" * 40
    settings.SECRET_KEY_FALLBACKS = [old]
    assert client.get("/accounts/").status_code == 200


def test_without_the_old_key_members_are_logged_out(client, anna, settings):
    settings.SECRET_KEY = "a-brand-new-key-" + "y" * 40
    settings.SECRET_KEY_FALLBACKS = []
    assert client.get("/accounts/").status_code == 302
