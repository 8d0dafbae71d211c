"""Playwright driving Debian's Chromium (never a downloaded browser).

One Chromium per test process (per xdist worker), started on first use and kept to the end
of the session: each test gets fresh browser contexts in it (their own cookies, storage,
cache and workers), closed when the test ends. Starting Playwright and Chromium costs about
a second of wall time and 0.65 CPU s more than a new context (docs/testing.md).

Playwright's sync API runs its event loop in a greenlet of this thread and marks the loop as
running on the thread after every call. A loop marked running would stop a later test from
notifying channels (async_to_sync refuses to run on such a thread) or from running its own
loop (async tests), so between tests the loop is *paused*: unmarked, as it is in a process
without Playwright. A test takes the browser (`start_chromium`, the `browser` fixture), which
resumes it until the test ends. Nothing runs on the loop while it is paused: Playwright only
runs it inside its own calls.
"""

import asyncio
import os
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.services import CHROMIUM, require

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
# Screenshots are for people to look at, not checked by any test: `make screenshots` (or
# SARCO_SCREENSHOTS=1) takes them; `make test` does not wait for some 600 PNGs it never reads.
TAKE_SCREENSHOTS = os.environ.get("SARCO_SCREENSHOTS", "") not in ("", "0")
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


class _Worker:
    """This process's Playwright and Chromium, once started."""

    playwright = None
    browser = None
    troubles: list[str] = []  # what went wrong on the network in this test's contexts


def _watch(context) -> None:
    """Note each failed request, server error and page error of the context, for a failing
    test's report: a tap whose request failed looks like a tap that did nothing."""
    troubles = _Worker.troubles
    context.on(
        "requestfailed",
        lambda request: troubles.append(f"{request.method} {request.url}: {request.failure}"),
    )
    context.on("weberror", lambda error: troubles.append(f"page error: {error.error}"))
    context.on("response", _note_server_error)


def _note_server_error(response) -> None:
    if response.status >= 500:
        _Worker.troubles.append(f"{response.status} {response.request.method} {response.url}")


def _watching(new_context):
    def new_watched_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        _watch(context)
        return context

    return new_watched_context


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failure in any phase shows what the test's contexts met so far; the list starts
    again with the next test."""
    report = yield
    if report.failed and _Worker.troubles:
        report.sections.append(("browser network", "\n".join(_Worker.troubles)))
    if call.when == "teardown":
        _Worker.troubles.clear()
    return report


def _resume(browser) -> None:
    asyncio._set_running_loop(browser._loop)


def _pause() -> None:
    asyncio._set_running_loop(None)


@contextmanager
def playwright_paused(browser):
    """Playwright's loop paused, as between tests, for service calls in the middle of a test
    (the service announces its moves through async_to_sync, which refuses a running loop)."""
    _pause()
    try:
        yield
    finally:
        _resume(browser)


def take_chromium():
    """This process's Chromium, with Playwright's loop resumed; `give_back` when done.
    Started on first use, and again if it went away (a crash stops one test, not the rest)."""
    require("browser")
    browser = _Worker.browser
    if browser is not None:
        _resume(browser)
        if browser.is_connected():
            return browser
        _stop()
    from playwright.sync_api import sync_playwright

    _pause()  # a paused Playwright's loop would look like someone else's to the new one
    _Worker.playwright = sync_playwright().start()
    _Worker.browser = _Worker.playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    _Worker.browser.new_context = _watching(_Worker.browser.new_context)
    return _Worker.browser


def give_back() -> None:
    """Close every context the test opened and pause the loop again."""
    browser = _Worker.browser
    if browser is None:
        return
    _resume(browser)
    try:
        for context in list(browser.contexts):
            context.close()
    finally:
        _pause()


def _stop() -> None:
    """Stop Playwright (and its Chromium) if it runs, whatever state it is in."""
    playwright, _Worker.playwright, _Worker.browser = _Worker.playwright, None, None
    if playwright is not None:
        try:
            playwright.stop()
        finally:
            _pause()


@pytest.fixture(scope="session", autouse=True)
def one_chromium_per_worker():
    """Stops the worker's Chromium once every test has run."""
    yield
    if _Worker.browser is not None:
        _resume(_Worker.browser)
        _stop()


def start_chromium(test):
    """The worker's Chromium for a live-server test case; what the test opens in it is
    closed when the test ends (``addCleanup``).

    Take it after any set-up that notifies channels: from then on to the test's end this
    thread runs Playwright's event loop."""
    browser = take_chromium()
    test.addCleanup(give_back)
    return browser


@pytest.fixture
def browser():
    """The worker's Chromium for a pytest-style test, its contexts closed afterwards."""
    yield take_chromium()
    give_back()


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


@pytest.fixture(params=list(SIZES))
def a11y_page(request, browser):
    """A page at phone size (a mobile context) and then at desktop size (the test runs
    twice); `page.a11y_label` says which, for screenshot names. Light and dark are switched
    within the page (`tests.browser.axe.assert_accessible_in_both_schemes`)."""
    size = request.param
    context = browser.new_context(
        viewport=SIZES[size],
        is_mobile=size == "phone",
        device_scale_factor=2 if size == "phone" else 1,
    )
    page = context.new_page()
    page.a11y_label = size
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


def screenshot(target, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot of a page (the full page, or only its viewport) or of one element (a
    locator) under screenshots/ for people to look at, when they are taken. When they are not,
    an element is still waited for as its screenshot would (visible), so a test asserts the same.
    """
    path = SCREENSHOTS / f"{name}.png"
    is_page = hasattr(target, "goto")
    if not TAKE_SCREENSHOTS:
        if not is_page:
            target.wait_for(state="visible")
        return path
    SCREENSHOTS.mkdir(exist_ok=True)
    if is_page:
        target.screenshot(path=str(path), full_page=full_page)
    else:
        target.screenshot(path=str(path))
    return path
