"""Passwords: changed with the old one, reset by a mailed link that expires and works once,
a reset that never tells whether an address is known, its throttle, and logging out every
other session."""

import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-and-unusual-pw-42"
NEW_PASSWORD = "another-Long-pw-77"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def anna():
    return get_user_model().objects.create_user("anna", email="anna@example.org", password=PASSWORD)


def ask_reset(client, address="anna@example.org", ip="10.0.0.1"):
    return client.post("/accounts/password/reset/", {"email": address}, REMOTE_ADDR=ip)


def reset_path() -> str:
    return re.search(r"/accounts/password/reset/[^/\s]+/[^/\s]+/", mail.outbox[-1].body).group(0)


def set_new_password(client, path, password=NEW_PASSWORD):
    page = client.get(path, follow=True)  # Django moves the token into the session first
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else path
    return client.post(form_url, {"new_password1": password, "new_password2": password})


def test_change_password_needs_the_old_one(client, anna):
    client.force_login(anna)
    response = client.post(
        "/accounts/password/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)


def test_change_password_keeps_this_session(client, anna):
    client.force_login(anna)
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)
    assert client.get("/accounts/").status_code == 200


def test_a_reset_link_sets_a_new_password(client, anna):
    ask_reset(client)
    response = set_new_password(client, reset_path())
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)


def test_a_reset_link_works_once(client, anna):
    ask_reset(client)
    path = reset_path()
    set_new_password(client, path)
    response = Client().get(path, follow=True)
    assert "expired or was already used" in response.content.decode()
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)


def test_a_reset_link_expires(client, anna, settings):
    ask_reset(client)
    path = reset_path()
    later = mock.patch(
        "django.contrib.auth.tokens.PasswordResetTokenGenerator._now",
        return_value=__import__("datetime").datetime.now()
        + __import__("datetime").timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 60),
    )
    with later:
        response = client.get(path, follow=True)
    assert "expired or was already used" in response.content.decode()


def test_a_reset_answers_alike_for_known_and_unknown_addresses(client, anna):
    known = ask_reset(client, "anna@example.org", ip="10.0.0.1")
    unknown = ask_reset(Client(), "nobody@example.org", ip="10.0.0.2")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert len(mail.outbox) == 1
    done_known = client.get(known["Location"]).content.decode()
    done_unknown = Client().get(unknown["Location"]).content.decode()
    assert _main(done_known) == _main(done_unknown)


def _main(page: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page.split("<main")[1])


def test_only_a_confirmed_address_gets_reset_mail(client, anna):
    from scoring.member_mail import profile_of

    ben = get_user_model().objects.create_user("ben", password=PASSWORD)
    profile = profile_of(ben)
    profile.pending_email = "ben@example.org"
    profile.save()
    ask_reset(client, "ben@example.org")
    assert not mail.outbox


def test_reset_requests_for_one_address_are_throttled(client, anna, settings):
    for number in range(settings.PASSWORD_RESET_PER_ADDRESS):
        assert ask_reset(client, ip=f"10.0.1.{number}").status_code == 302
    response = ask_reset(client, ip="10.0.2.1")
    assert response.status_code == 429
    assert "too often" in response.content.decode()
    assert len(mail.outbox) == settings.PASSWORD_RESET_PER_ADDRESS


def test_reset_requests_from_one_client_are_throttled(client, anna, settings):
    for number in range(settings.PASSWORD_RESET_PER_CLIENT):
        ask_reset(client, f"someone{number}@example.org")
    assert ask_reset(client, "anna@example.org").status_code == 429
    assert not mail.outbox


def test_the_throttle_answers_alike_for_known_and_unknown_addresses(client, anna, settings):
    for _ in range(settings.PASSWORD_RESET_PER_ADDRESS):
        ask_reset(client, "anna@example.org", ip="10.0.3.1")
        ask_reset(client, "nobody@example.org", ip="10.0.4.1")
    known = ask_reset(client, "anna@example.org", ip="10.0.3.1")
    unknown = ask_reset(client, "nobody@example.org", ip="10.0.4.1")
    assert known.status_code == unknown.status_code == 429
    assert _main(known.content.decode()) == _main(unknown.content.decode())


def test_the_throttle_ends_after_its_window(client, anna, settings):
    from django.core.cache import cache

    for _ in range(settings.PASSWORD_RESET_PER_ADDRESS + 1):
        ask_reset(client)
    cache.clear()  # what the window's end does to the counts
    assert ask_reset(client).status_code == 302


def test_log_out_everywhere_else_keeps_this_session_and_ends_others(anna):
    here, phone = Client(), Client()
    here.force_login(anna)
    phone.force_login(anna)
    response = here.post("/accounts/sessions/", {"password": PASSWORD})
    assert response.status_code == 302
    assert here.get("/accounts/").status_code == 200
    assert phone.get("/accounts/").status_code == 302  # to the login page
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)  # the same password, stored afresh


def test_log_out_everywhere_else_needs_the_password(anna):
    here, phone = Client(), Client()
    here.force_login(anna)
    phone.force_login(anna)
    response = here.post("/accounts/sessions/", {"password": "wrong"})
    assert response.status_code == 400
    assert "not your password" in response.content.decode()
    assert phone.get("/accounts/").status_code == 200
