"""Save tapped straight from a field, in a real browser at phone size.

Leaving a field starts the form's recompute, and the tap on Save is what makes the field
lose focus: that recompute must neither disable Save under the finger nor be swapped in
between press and release. The tap saves; a press that ends elsewhere only recomputes.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, log_in
from tests.browser.test_entry_enter import entries, keeper, new_sheet, open_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["keeper"]  # the fixture, shared with the Enter tests


def typed_sarg_round(page, live_server, keeper):
    """A Sarg sheet in typed mode, the queen's score entered and recomputed, the king's
    typed with the focus still in its field."""
    session = new_sheet(keeper, "sarg", ("Anna", "Ben"))
    open_sheet(page, live_server, keeper, session)
    page.get_by_role("button", name="Type the scores").click()
    page.fill("#queen-score", "38")
    page.locator("#queen-score").press("Tab")
    expect(page.locator(".entry-form")).not_to_have_class("htmx-request")
    expect(page.locator("#save-entry")).to_be_enabled()
    page.fill("#king-score", "30")
    expect(page.locator("#king-score")).to_be_focused()
    return session


def test_a_click_on_save_from_the_last_field_saves(live_server, phone, keeper):
    session = typed_sarg_round(phone, live_server, keeper)
    phone.locator("#save-entry").click()
    expect(phone.locator(".note")).to_have_text("Round 1 saved.")
    assert entries(session) == [{"queen": 38, "king": 30}]


def test_a_finger_tap_on_save_from_the_last_field_saves(live_server, browser, keeper):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    log_in(page, live_server, keeper)
    session = typed_sarg_round(page, live_server, keeper)
    page.locator("#save-entry").tap()
    expect(page.locator(".note")).to_have_text("Round 1 saved.")
    assert entries(session) == [{"queen": 38, "king": 30}]


def test_a_press_on_save_that_ends_elsewhere_recomputes_and_saves_nothing(
    live_server, phone, keeper
):
    session = typed_sarg_round(phone, live_server, keeper)
    phone.locator("#save-entry").scroll_into_view_if_needed()
    save = phone.locator("#save-entry").bounding_box()
    phone.mouse.move(save["x"] + 5, save["y"] + 5)
    phone.mouse.down()
    phone.mouse.move(5, 5, steps=3)  # slid off the button: no click
    phone.mouse.up()
    expect(phone.locator(".entry-form")).to_contain_text("This round: Anna 38 · Ben 30")
    expect(phone.locator("#save-entry")).to_be_enabled()
    assert entries(session) == []
