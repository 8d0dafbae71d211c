"""Playwright driving Debian's Chromium (never a downloaded browser)."""

from pathlib import Path

import pytest

from tests.services import CHROMIUM, require

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
SCHEMES = ("light", "dark")
# As the machine notes advise for Debian's Chromium as root on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def start_chromium(test):
    """Chromium for a live-server test case, closed when the test ends (``addCleanup``).

    Start it after any set-up that notifies channels: Playwright's sync API runs an event loop
    on this thread from then on."""
    require("browser")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    test.addCleanup(playwright.stop)
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    test.addCleanup(browser.close)
    return browser


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module: Playwright's sync API keeps an event loop running while
    it lives, and async tests in later modules need the loop to themselves."""
    require("browser")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


@pytest.fixture(
    params=[(size, scheme) for size in SIZES for scheme in SCHEMES],
    ids=lambda combination: "-".join(combination),
)
def a11y_page(request, browser):
    """A page at each of phone/desktop size and light/dark scheme in turn (the test runs four
    times); `page.a11y_label` says which, e.g. "phone-dark", for screenshot names."""
    size, scheme = request.param
    context = browser.new_context(
        viewport=SIZES[size],
        color_scheme=scheme,
        is_mobile=size == "phone",
        device_scale_factor=2 if size == "phone" else 1,
    )
    page = context.new_page()
    page.a11y_label = f"{size}-{scheme}"
    yield page
    context.close()


def log_in(page, live_server, user) -> None:
    """Give the page's browser context the session cookie of a logged-in user."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under screenshots/ for people to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
