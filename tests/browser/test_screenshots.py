"""tests/browser/conftest.py's `screenshot`: taken only when asked for (`make screenshots`),
and a test asserts the same either way."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import conftest
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser]

PAGE = """<!doctype html><html lang="en"><head><title>A page</title></head>
<body><main><h1>A page</h1><p id="shown">Here</p><p id="hidden" hidden>Not here</p></main>
</body></html>"""


@pytest.fixture
def page(browser):
    page = browser.new_context().new_page()
    page.set_content(PAGE)
    page.set_default_timeout(300)
    return page


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(conftest, "SCREENSHOTS", tmp_path)
    return tmp_path


def test_without_being_asked_nothing_is_saved(page, folder, monkeypatch):
    monkeypatch.setattr(conftest, "TAKE_SCREENSHOTS", False)
    screenshot(page, "whole")
    screenshot(page.locator("#shown"), "part")
    assert list(folder.iterdir()) == []


def test_asked_for_the_page_and_an_element_are_saved_as_png(page, folder, monkeypatch):
    monkeypatch.setattr(conftest, "TAKE_SCREENSHOTS", True)
    whole = screenshot(page, "whole")
    part = screenshot(page.locator("#shown"), "part")
    assert whole == folder / "whole.png" and part == folder / "part.png"
    for path in (whole, part):
        assert path.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("taken", [False, True])
def test_an_element_that_never_shows_fails_either_way(page, folder, monkeypatch, taken):
    monkeypatch.setattr(conftest, "TAKE_SCREENSHOTS", taken)
    with pytest.raises(PlaywrightTimeout):
        screenshot(page.locator("#hidden"), "hidden")
