"""The main pages in German on a phone: long German words must not push the page sideways,
and the menu's language switcher keeps its choice from page to page."""

import pytest

from tests.browser.conftest import PHONE, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def german_phone(browser):
    """A phone whose browser asks for German (Accept-Language: de-DE)."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, locale="de-DE"
    )
    yield context.new_page()
    context.close()


def assert_fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{what} is {width}px wide in German"


def test_german_phone_pages_fit(live_server, german_phone):
    from tests.games.helpers import sarg_table
    from tests.scoring.sheet_helpers import sarkophag_sheet, user

    keeper = user()
    sheet = sarkophag_sheet(keeper, limit=60)
    table = sarg_table(host=keeper)
    page = german_phone
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.get_by_role("link", name="Spielstand").first.is_visible()
    assert_fits(page, "home")
    screenshot(page, "de-home-phone")
    log_in(page, live_server, keeper)
    for name, path in [
        ("sheet", f"/scorekeeper/{sheet.public_id}/"),
        ("lobby", "/play/"),
        ("table", f"/play/{table.public_id}/"),
    ]:
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == "de"
        assert_fits(page, name)
        screenshot(page, f"de-{name}-phone")


def test_switcher_choice_sticks(live_server, phone):
    phone.goto(live_server.url + "/")
    assert phone.locator("html").get_attribute("lang") == "en"
    phone.get_by_role("button", name="Sprache: Deutsch").click()
    phone.wait_for_load_state()
    assert phone.locator("html").get_attribute("lang") == "de"
    phone.goto(live_server.url + "/leaderboard/")
    assert phone.get_by_role("heading", name="Rangliste").is_visible()
    phone.get_by_role("button", name="Language: English").click()
    phone.wait_for_load_state()
    assert phone.locator("html").get_attribute("lang") == "en"
