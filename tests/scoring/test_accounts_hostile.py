"""Hostile values posted to the account forms (address, mail choices, log out elsewhere,
password change and reset, the confirmation link): never a 5xx, and a refused request
changes nothing."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-and-unusual-pw-42"
HOSTILE = st.one_of(
    st.text(max_size=300),
    st.sampled_from(
        [
            "",
            "\x00",
            "a@b",
            "x" * 10_000 + "@example.org",
            "anna@exa\x00mple.org",
            "<script>@example.org",
            "anna@example.org\r\nBcc: all@example.org",
            "ä@ü.de",
            "@",
            "on",
            "1",
        ]
    ),
)
FORMS = {
    "/accounts/email/": ["email"],
    "/accounts/mail/": ["mail_club_nights", "mail_your_turn"],
    "/accounts/sessions/": ["password"],
    "/accounts/password/": ["old_password", "new_password1", "new_password2"],
    "/accounts/password/reset/": ["email"],
}
HYPOTHESIS = settings(
    max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def anna():
    return get_user_model().objects.create_user("anna", email="anna@example.org", password=PASSWORD)


def state(user) -> tuple:
    user.refresh_from_db()
    return (user.email, user.password)


@pytest.mark.parametrize("path", FORMS)
@HYPOTHESIS
@given(values=st.lists(HOSTILE, min_size=3, max_size=3))
def test_hostile_values_never_fail_the_account_forms(anna, path, values):
    cache.clear()  # the reset throttle would answer every example after the first few
    client = Client()
    client.force_login(anna)
    before = state(anna)
    response = client.post(path, dict(zip(FORMS[path], values, strict=False)))
    assert response.status_code < 500
    if path != "/accounts/mail/":
        assert state(anna)[0] == before[0]  # the confirmed address changes only by its link
    if path in ("/accounts/email/", "/accounts/password/reset/"):
        for message in mail.outbox:
            assert "\n" not in message.to[0]
        mail.outbox.clear()


@HYPOTHESIS
@given(token=st.text(min_size=1, max_size=500))
def test_hostile_confirmation_tokens_are_refused(anna, token):
    client = Client()
    response = client.post(f"/accounts/email/confirm/{quote(token, safe='')}/")
    assert response.status_code in (400, 404)
    assert state(anna)[0] == "anna@example.org"
