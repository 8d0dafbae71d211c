"""Refusal messages seen in a real browser at phone size (390x844): a sheet over 1 MB, a
display name that is taken, a login throttled after ten failures. Screenshots for people."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from scoring.models import Player
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-Long-and-unusual-pw-42"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_an_import_over_1_mb_is_refused_with_a_message(phone, live_server):
    keeper = User.objects.create_user("keeper", password=PASSWORD)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/import/")
    big = b'{"game": "sarg", "pad": "' + b"x" * (1024 * 1024) + b'"}'
    phone.set_input_files(
        "#file", files=[{"name": "big.json", "mimeType": "application/json", "buffer": big}]
    )
    phone.get_by_role("button", name="Import").click()
    expect(phone.locator("#import-error")).to_contain_text("at most 1 MB")
    screenshot(phone, "refusal-import-too-large-phone")


def test_a_taken_display_name_is_refused_on_the_form(phone, live_server):
    Player.objects.create(name="Zoë")
    phone.goto(f"{live_server.url}/accounts/signup/")
    phone.fill("#id_username", "newbie")
    phone.fill("#id_display_name", "ZOË")
    phone.fill("#id_password1", PASSWORD)
    phone.fill("#id_password2", PASSWORD)
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.locator(".field-error")).to_contain_text("That name is taken")
    screenshot(phone, "refusal-name-taken-phone")


def test_a_throttled_login_says_why_and_for_how_long(phone, live_server):
    User.objects.create_user("clara", password=PASSWORD)
    client = Client()
    for _ in range(10):
        client.post("/accounts/login/", {"username": "clara", "password": "wrong"})
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.fill("#id_username", "clara")
    phone.fill("#id_password", PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    expect(phone.locator("#locked-out")).to_contain_text("try again in 15 minutes")
    screenshot(phone, "refusal-login-throttled-phone")
