"""The home page in a real browser, at phone and desktop sizes."""

import pytest

from sarco.catalog import GAMES
from tests.browser.axe import assert_accessible
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_phone_home_page_shows_the_four_games(live_server, phone):
    phone.goto(live_server.url + "/")
    titles = phone.locator(".game-card h3").all_inner_texts()
    assert titles == [game.title for game in GAMES]
    # Nothing wider than the phone: no sideways scrolling.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "home-phone")
    assert_accessible(phone, "home")


def test_phone_tap_targets_are_at_least_44px(live_server, phone):
    phone.goto(live_server.url + "/")
    for box in (el.bounding_box() for el in phone.locator("nav a, nav button").all()):
        assert box["height"] >= 44


def test_desktop_home_page(live_server, desktop):
    desktop.goto(live_server.url + "/")
    assert desktop.locator(".game-card").count() == 4
    screenshot(desktop, "home-desktop")
    assert_accessible(desktop, "home")
