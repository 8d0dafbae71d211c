"""A member's email address and mail choices: added, confirmed once by a link that expires,
changed (confirmed again), and the choices kept."""

import re
import time
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from scoring.member_mail import confirmation_token
from scoring.models import MemberProfile

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-and-unusual-pw-42"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def anna(client):
    user = get_user_model().objects.create_user("anna", password=PASSWORD)
    client.force_login(user)
    return user


def mailed_link() -> str:
    return re.search(r"https?://\S+/accounts/email/confirm/\S+/", mail.outbox[-1].body).group(0)


def path_of(link: str) -> str:
    return re.sub(r"^https?://[^/]+", "", link)


def add_address(client, address="anna@example.org"):
    return client.post("/accounts/email/", {"email": address})


def test_adding_an_address_mails_a_link_to_it_and_keeps_it_waiting(client, anna):
    response = add_address(client)
    assert response.status_code == 302
    assert mail.outbox[-1].to == ["anna@example.org"]
    anna.refresh_from_db()
    assert anna.email == ""  # not used before it is confirmed
    assert anna.member_profile.pending_email == "anna@example.org"


def test_the_link_asks_before_it_confirms(client, anna):
    add_address(client)
    client.get(path_of(mailed_link()))  # a mail scanner following links confirms nothing
    anna.refresh_from_db()
    assert anna.email == ""


def test_following_the_link_confirms_the_address(client, anna):
    add_address(client)
    response = client.post(path_of(mailed_link()))
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"
    assert anna.member_profile.pending_email == ""


def test_the_link_works_once(client, anna):
    add_address(client)
    link = path_of(mailed_link())
    client.post(link)
    response = client.post(link)
    assert response.status_code == 400
    assert "already used" in response.content.decode()


def test_the_link_expires_after_the_days_it_is_valid(client, anna, settings):
    add_address(client)
    link = path_of(mailed_link())
    later = time.time() + settings.EMAIL_CONFIRMATION_DAYS * 24 * 3600 + 1
    with mock.patch("django.core.signing.time.time", return_value=later):
        response = client.post(link)
    assert response.status_code == 400
    assert "expired" in response.content.decode()
    anna.refresh_from_db()
    assert anna.email == ""


def test_a_tampered_link_is_refused(client, anna):
    add_address(client)
    response = client.post(path_of(mailed_link()).replace("/confirm/", "/confirm/x"))
    assert response.status_code == 400
    assert "not valid" in response.content.decode()


def test_a_link_for_another_address_than_the_waiting_one_is_refused(client, anna):
    add_address(client, "old@example.org")
    old_link = path_of(mailed_link())
    add_address(client, "new@example.org")
    assert client.post(old_link).status_code == 400
    anna.refresh_from_db()
    assert anna.email == ""


def test_changing_the_address_keeps_the_old_one_until_the_new_is_confirmed(client, anna):
    anna.email = "old@example.org"
    anna.save()
    add_address(client, "new@example.org")
    anna.refresh_from_db()
    assert anna.email == "old@example.org"
    assert mail.outbox[-1].to == ["new@example.org"]
    client.post(path_of(mailed_link()))
    anna.refresh_from_db()
    assert anna.email == "new@example.org"


def test_an_address_another_account_confirmed_is_refused_at_confirmation(client, anna):
    get_user_model().objects.create_user("ben", email="anna@example.org", password=PASSWORD)
    add_address(client)
    response = client.post(path_of(mailed_link()))
    assert response.status_code == 400
    anna.refresh_from_db()
    assert anna.email == ""


def test_a_token_for_a_user_without_a_profile_is_refused(client, anna):
    token = confirmation_token(anna, "anna@example.org")
    assert client.post(f"/accounts/email/confirm/{token}/").status_code == 400


def test_a_malformed_address_gets_a_message_and_changes_nothing(client, anna):
    response = add_address(client, "not an address")
    assert response.status_code == 400
    assert "valid email address" in response.content.decode()
    assert not mail.outbox
    assert not MemberProfile.objects.filter(user=anna).exclude(pending_email="").exists()


def test_mail_choices_are_saved(client, anna):
    client.post("/accounts/mail/", {"mail_your_turn": "on"})
    profile = MemberProfile.objects.get(user=anna)
    assert (profile.mail_club_nights, profile.mail_your_turn) == (False, True)


def test_ticking_nothing_means_no_mail(client, anna):
    client.post("/accounts/mail/", {})
    profile = MemberProfile.objects.get(user=anna)
    assert not profile.mail_club_nights and not profile.mail_your_turn


def test_the_account_page_shows_the_address_and_the_choices(client, anna):
    add_address(client)
    page = client.get("/accounts/").content.decode()
    assert "Waiting for confirmation: anna@example.org" in page
    assert 'name="mail_club_nights"' in page


def test_the_account_pages_need_a_login(client):
    assert client.post("/accounts/email/", {"email": "x@example.org"}).status_code == 302
    assert not mail.outbox


def test_sign_up_with_an_address_mails_its_link(client):
    client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "display_name": "Dora",
            "email": "Dora@Example.ORG",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    user = get_user_model().objects.get(username="dora")
    assert user.member_profile.pending_email == "Dora@example.org"
    assert mail.outbox[-1].to == ["Dora@example.org"]


def test_sign_up_without_an_address_mails_nothing(client):
    client.post(
        "/accounts/signup/",
        {"username": "dora", "display_name": "Dora", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert get_user_model().objects.filter(username="dora").exists()
    assert not mail.outbox


def test_confirmation_mails_are_throttled_per_member(client, anna, settings):
    for number in range(settings.EMAIL_CONFIRMATIONS_PER_MEMBER):
        assert add_address(client, f"a{number}@example.org").status_code == 302
    response = add_address(client, "stranger@example.org")
    assert response.status_code == 429
    assert "Too many links" in response.content.decode()
    assert len(mail.outbox) == settings.EMAIL_CONFIRMATIONS_PER_MEMBER
    anna.member_profile.refresh_from_db()
    assert anna.member_profile.pending_email != "stranger@example.org"


def test_a_refused_link_speaks_german_to_a_german_reader(client, anna):
    response = client.post("/accounts/email/confirm/nonsense/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Dieser Link ist ungültig" in response.content.decode()


def test_sign_up_mails_are_throttled_per_client(client, settings):
    from django.test import Client

    for number in range(2 * settings.EMAIL_CONFIRMATIONS_PER_MEMBER + 1):
        Client().post(
            "/accounts/signup/",
            {
                "username": f"user{number}",
                "display_name": f"User {number}",
                "email": "stranger@example.org",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
    assert len(mail.outbox) == 2 * settings.EMAIL_CONFIRMATIONS_PER_MEMBER
