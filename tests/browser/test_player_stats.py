"""A player's stats and the club's page in a real browser: phone-first, no sideways
scrolling, the chart's table alternative, German, and no serious axe finding."""

import pytest

from scoring.models import Player
from tests.browser.axe import assert_accessible, assert_accessible_everywhere
from tests.browser.conftest import screenshot
from tests.browser.test_leaderboard import club  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:
    """Nothing scrolls sideways: not the page, not a table in its scroller."""
    return page.evaluate(
        """() => document.documentElement.scrollWidth <= window.innerWidth
        && [...document.querySelectorAll('.table-scroll')].every(
            el => el.scrollWidth <= el.clientWidth)"""
    )


def look_at_stats(page, live_server, size):
    anna = Player.objects.get(name="Anna")
    page.goto(f"{live_server.url}/players/{anna.pk}/")
    stats = page.locator("section.player-stats")
    assert stats.locator("dt", has_text="K-index").is_visible()
    assert page.locator("figure.month-chart svg rect.bar").count() >= 1
    assert page.locator("#years").is_visible()
    assert fits(page)
    screenshot(page, f"stats-player-{size}")
    screenshot(stats, f"stats-player-section-{size}")
    years = page.locator("section.player-years")
    screenshot(years, f"stats-player-years-{size}")
    assert_accessible_everywhere(page, "player stats")
    page.locator("figure.month-chart summary").click()
    assert page.locator("figure.month-chart table").is_visible()
    assert_accessible(page, "player stats with the month table open")

    page.goto(live_server.url + "/leaderboard/")
    page.get_by_role("link", name="The club in figures").click()
    page.wait_for_url("**/leaderboard/club/")
    assert page.locator("figure.month-chart table").is_visible()  # open: the months' games
    assert page.locator("table.active tbody tr").count() >= 5
    assert fits(page)
    screenshot(page, f"stats-club-{size}")
    assert_accessible_everywhere(page, "club page")


def test_stats_on_a_phone(live_server, phone, club):  # noqa: F811
    look_at_stats(phone, live_server, "phone")


def test_stats_on_a_desktop(live_server, desktop, club):  # noqa: F811
    look_at_stats(desktop, live_server, "desktop")


def test_stats_in_german_on_a_phone(live_server, browser, club):  # noqa: F811
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, locale="de-DE"
    )
    page = context.new_page()
    page.set_extra_http_headers({"Accept-Language": "de"})
    anna = Player.objects.get(name="Anna")
    page.goto(f"{live_server.url}/players/{anna.pk}/")
    assert page.locator("#years").inner_text().startswith("Jahresrückblick")
    assert fits(page)
    assert_accessible(page, "player stats in German")
    screenshot(page, "stats-player-phone-de")
    screenshot(page.locator("section.player-stats"), "stats-section-de")
    page.goto(live_server.url + "/leaderboard/club/")
    assert page.locator("h1").inner_text() == "Der Club in Zahlen"
    assert fits(page)
    assert_accessible(page, "club page in German")
    screenshot(page, "stats-club-phone-de")
    context.close()
