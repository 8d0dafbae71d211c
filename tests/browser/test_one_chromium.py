"""The worker's one Chromium (tests/browser/conftest.py): the same browser for every test,
fresh contexts each time, and Playwright's loop paused between tests, so set-up that notifies
channels and async tests run as in a process without Playwright."""

import asyncio

import pytest
from asgiref.sync import async_to_sync

from tests.browser.conftest import give_back, take_chromium

pytestmark = [pytest.mark.browser]


def test_between_tests_the_thread_has_no_running_loop_and_no_context_is_left():
    browser = take_chromium()
    browser.new_context().new_page().set_content("<p>Hello</p>")
    assert asyncio._get_running_loop() is not None  # Playwright's, while the test holds it
    give_back()
    assert asyncio._get_running_loop() is None
    assert async_to_sync(asyncio.sleep)(0, result="notified") == "notified"
    assert take_chromium() is browser
    assert browser.contexts == []
    give_back()


def test_a_chromium_that_went_away_is_started_again():
    gone = take_chromium()
    gone.close()
    browser = take_chromium()
    assert browser is not gone and browser.is_connected()
    page = browser.new_context().new_page()
    page.set_content("<p>Hello</p>")
    assert page.inner_text("p") == "Hello"
    give_back()
