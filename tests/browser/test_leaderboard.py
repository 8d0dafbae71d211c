"""A walk through the leaderboard in a real browser: the overview, a game's standings,
filters changed through htmx (the URL follows), the guests toggle and a player page."""

import datetime as dt
import random

import pytest
from django.utils import timezone

from scoring import ratings
from scoring.bulk_import import import_sheets
from scoring.models import Player
from tests.browser.axe import assert_accessible, assert_accessible_in_both_schemes
from tests.browser.conftest import screenshot
from tests.scoring.test_ratings import finished

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Ben", "Clara", "Dev", "Emil", "Frieda", "Gus", "Hanne"]


def sarg_sheet(rng, day):
    a, b = rng.sample(NAMES, 2)
    return {
        "game": "sarg", "players": [a, b], "roles": {"queen": a, "king": b},
        "rounds": [{"queen": rng.randint(0, 60), "king": rng.randint(0, 60)} for _ in range(6)],
        "date": day.isoformat(), "mode": rng.choice(["tabletop", "online"]),
    }  # fmt: skip


def sarkophag_sheet(rng, day):
    who = rng.sample(NAMES, 4)
    return {
        "game": "sarkophag", "players": who,
        "rounds": [{"heads": {n: rng.randint(0, 20) for n in who}}], "date": day.isoformat(),
    }  # fmt: skip


@pytest.fixture
def club():
    rng = random.Random(3)
    today = timezone.localdate()
    days = [today - dt.timedelta(days=rng.randint(0, 420)) for _ in range(90)]
    sheets = [(sarg_sheet if i % 2 else sarkophag_sheet)(rng, d) for i, d in enumerate(days)]
    import_sheets(sheets)
    Player.objects.create(name="Visiting Vera", is_guest=True)
    ratings.session_changed(finished("sarg", {"Visiting Vera": 1, "Anna": 2}, at=timezone.now()))


def walk(page, live_server, size):
    page.goto(live_server.url + "/")
    assert page.locator(".game-sarg .top-list li").count() == 3
    screenshot(page, f"leaderboard-home-{size}")
    page.goto(live_server.url + "/leaderboard/")
    assert page.locator(".board").count() == 4
    screenshot(page, f"leaderboard-overview-{size}")
    assert_accessible(page, "leaderboard overview")

    page.get_by_role("link", name="All Sarg standings").click()
    page.wait_for_url("**/leaderboard/sarg/")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == len(NAMES)
    assert "Visiting Vera" not in page.locator("table.standings").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, f"leaderboard-standings-{size}")
    assert_accessible(page, "standings")

    rating = page.locator("details.rating").first
    rating.locator("summary").click()
    assert "μ" in rating.inner_text() and "σ" in rating.inner_text()

    page.locator("details.filters > summary").click()
    page.select_option("#id_mode", "online")
    page.wait_for_url("**/leaderboard/sarg/?mode=online")
    page.wait_for_selector("#scope:has-text('online only')")
    page.check("#id_everyone")
    page.wait_for_url("**/leaderboard/sarg/?mode=online&everyone=on")
    page.select_option("#id_mode", "both")
    page.wait_for_selector("table.standings:has-text('Visiting Vera')")
    screenshot(page, f"leaderboard-filters-{size}")
    assert_accessible(page, "standings with filters")

    page.reload()  # the shared link shows the same selection
    assert page.locator("#id_everyone").is_checked()
    assert "Visiting Vera" in page.locator("table.standings").inner_text()

    page.locator("table.standings tbody th a", has_text="Anna").click()
    page.wait_for_url("**/players/*/")
    assert page.locator("h1").inner_text().startswith("Anna")
    assert page.locator("figure.chart:not(.month-chart) svg title").count() == 2
    assert page.locator("#h2h").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, f"leaderboard-player-{size}")
    assert_accessible(page, "player page")


def test_walk_on_a_phone(live_server, phone, club):
    walk(phone, live_server, "phone")


def test_walk_on_a_desktop(live_server, desktop, club):
    walk(desktop, live_server, "desktop")


def test_standings_and_player_page_in_light_and_dark(live_server, a11y_page, club):
    page = a11y_page
    page.goto(live_server.url + "/leaderboard/sarg/?everyone=on")
    page.locator("details.filters > summary").click()
    assert_accessible_in_both_schemes(
        page, "standings", shot=f"leaderboard-standings-{page.a11y_label}"
    )
    anna = Player.objects.get(name="Anna")
    page.goto(f"{live_server.url}/players/{anna.pk}/")
    page.locator("figure.chart summary").first.click()
    assert_accessible_in_both_schemes(
        page, "player page with its data table open", shot=f"leaderboard-player-{page.a11y_label}"
    )
