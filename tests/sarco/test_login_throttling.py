"""Login throttling (django-axes): ten failures for one account or from one address lock
logging in for the cool-off, even with the right password; afterwards it works again."""

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-and-unusual-pw-42"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clara():
    return get_user_model().objects.create_user("clara", password=PASSWORD)


def log_in(client, username="clara", password="wrong", address="10.0.0.1"):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_the_limit_is_about_ten_tries_in_fifteen_minutes():
    assert LIMIT == 10
    assert dt.timedelta(minutes=15) == settings.AXES_COOLOFF_TIME


def test_the_eleventh_try_is_refused_with_a_message(client, clara):
    for _ in range(LIMIT - 1):
        assert log_in(client).status_code == 200  # the form again, "enter a correct..."
    response = log_in(client)  # the tenth failure locks
    assert response.status_code == 429
    response = log_in(client)
    assert response.status_code == 429
    page = response.content.decode()
    assert "logging in is paused" in page and "15 minutes" in page


def test_the_right_password_is_refused_while_locked(client, clara):
    for _ in range(LIMIT):
        log_in(client)
    response = log_in(client, password=PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_one_account_locks_from_any_address(client, clara):
    for n in range(LIMIT):
        log_in(client, address=f"10.0.1.{n}")
    assert log_in(client, password=PASSWORD, address="10.9.9.9").status_code == 429


def test_one_address_locks_for_any_account(client, clara):
    for n in range(LIMIT):
        log_in(client, username=f"guess{n}")
    assert log_in(client, password=PASSWORD).status_code == 429


def test_the_lock_ends_after_the_cool_off(client, clara):
    for _ in range(LIMIT):
        log_in(client)
    assert log_in(client, password=PASSWORD).status_code == 429
    later = settings.AXES_COOLOFF_TIME + dt.timedelta(minutes=1)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(
            attempt_time=attempt.attempt_time - later
        )
    response = log_in(client, password=PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(clara.pk)


def test_a_few_mistakes_do_not_lock(client, clara):
    for _ in range(3):
        log_in(client)
    assert log_in(client, password=PASSWORD).status_code == 302


def test_behind_the_load_balancer_the_clients_address_is_counted():
    from django.test import RequestFactory

    from sarco.client_ip import client_ip

    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2")
    request.META["HTTP_X_FORWARDED_FOR"] = "6.6.6.6, 203.0.113.7"  # claimed, then seen by the LB
    assert client_ip(request) == "203.0.113.7"
    assert client_ip(RequestFactory().get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"
