"""The account pages in a browser, at phone and desktop size, light and dark: axe finds
nothing, and a screenshot of each to look at."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.member_mail import confirmation_token
from tests.browser.axe import assert_accessible_in_both_schemes
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def check(page, name: str) -> None:
    """axe on the page as it is, light and dark, and a screenshot of each to look at."""
    assert_accessible_in_both_schemes(page, name, shot=f"a11y-{name}-{page.a11y_label}")


@pytest.fixture
def anna():
    return User.objects.create_user("anna", "anna@example.org", "a-long-password-1")


def test_the_account_page_and_its_errors(live_server, a11y_page, anna):
    log_in(a11y_page, live_server, anna)
    a11y_page.goto(live_server.url + "/accounts/")
    check(a11y_page, "account")
    a11y_page.locator("#id_email").fill("not an address")
    a11y_page.get_by_role("button", name="Change address").click()
    expect(a11y_page.locator(".field-error").first).to_be_visible()
    check(a11y_page, "account-email-error")


def test_the_password_pages(live_server, a11y_page, anna):
    log_in(a11y_page, live_server, anna)
    a11y_page.goto(live_server.url + "/accounts/password/")
    check(a11y_page, "password-change")
    token = confirmation_token(anna, "new@example.org")
    a11y_page.goto(f"{live_server.url}/accounts/email/confirm/{token}/")
    check(a11y_page, "confirm-email")
    a11y_page.goto(live_server.url + "/accounts/password/reset/")
    check(a11y_page, "password-reset")
