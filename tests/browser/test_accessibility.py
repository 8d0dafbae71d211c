"""axe-core on every page state the browser tests visit, at phone and desktop size, light and
dark (the `a11y_page` fixture runs each test at both sizes, `check` each state in both
schemes): no critical or serious violation."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring import sheet_import, sheets
from scoring.demo import DEMO_SHEETS
from scoring.models import Player
from tests.browser.axe import (
    assert_accessible,
    assert_accessible_everywhere,
    assert_accessible_in_both_schemes,
)
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser]
GAMES = ["sarkophag", "sarg", "sarcophagus", "sacrifice"]


def test_the_helper_fails_on_a_serious_violation_with_a_readable_list(desktop):
    desktop.set_content(
        '<html lang="en"><title>t</title><main><p style="color:#bbb;background:#fff">'
        "faint</p><img src='x.png'></main></html>"
    )
    with pytest.raises(AssertionError) as failure:
        assert_accessible(desktop, "a faint page")
    message = str(failure.value)
    assert "a faint page at 1280x800, light" in message
    assert "color-contrast (serious)" in message
    assert "image-alt (critical)" in message
    assert "img" in message


def test_the_helper_passes_a_clean_page_in_every_size_and_scheme(desktop):
    desktop.set_content('<html lang="en"><title>t</title><main><h1>Fine</h1></main></html>')
    assert_accessible_everywhere(desktop, "a clean page")
    assert desktop.viewport_size == {"width": 1280, "height": 800}


def test_both_schemes_are_checked_in_the_page_itself(desktop):
    """A fault only the dark scheme has is found, and named as dark, by the check that
    switches the scheme within the page."""
    desktop.set_content(
        '<html lang="en"><title>t</title><style>@media (prefers-color-scheme: dark) '
        "{p {color:#333;background:#222}}</style><main><p>dim at night</p></main></html>"
    )
    with pytest.raises(AssertionError) as failure:
        assert_accessible_in_both_schemes(desktop, "a page dim at night")
    message = str(failure.value)
    assert "a page dim at night at 1280x800, dark" in message
    assert ", light" not in message


@pytest.fixture
def keeper(db):
    return User.objects.create_user("keeper", "k@example.org", "a-long-password-1")


@pytest.fixture
def organiser(db):
    return User.objects.create_superuser("boss", "b@example.org", "a-long-password-1")


def check(page, name: str) -> None:
    """axe on the page as it is, light and dark, and a screenshot of each to look at."""
    assert_accessible_in_both_schemes(page, name, shot=f"a11y-{name}-{page.a11y_label}")


def off_thread(function, *args, **kwargs):
    """Playwright's sync API keeps an event loop on the test's thread; sheet edits notify
    channels through async_to_sync, which refuses to run there."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(function, *args, **kwargs).result()


def demo_sessions(game: str, keeper):
    """A finished sheet from the demo data, and a fresh one of the same players with up to
    two rounds entered."""
    sheet = next(s for s in DEMO_SHEETS if s["game"] == game)
    finished = off_thread(sheet_import.import_sheet, sheet, keeper)
    players = [Player.objects.get(name=n) for n in sheet["players"]]
    fresh = sheets.create_session(
        game, keeper, players, {"limit": sheet.get("limit")}, sheet.get("roles")
    )
    if game in ("sarkophag", "sarg"):
        for entry in sheet["rounds"][:2]:
            off_thread(sheets.apply_edit, fresh.public_id, keeper, "add", entry=entry)
    return finished, fresh


pytestmark.append(pytest.mark.django_db(transaction=True))


def test_home(live_server, a11y_page):
    a11y_page.goto(live_server.url + "/")
    check(a11y_page, "home")


def test_home_with_a_way_in_still_coming(live_server, a11y_page, monkeypatch):
    from sarco import navigation

    coming = navigation.WayIn("Tournaments", "no-such-page", "Knock-out evenings, twice a year.")
    monkeypatch.setattr(navigation, "WAYS_IN", (*navigation.WAYS_IN, coming))
    a11y_page.goto(live_server.url + "/")
    expect(a11y_page.locator(".tile-coming .badge")).to_be_visible()
    check(a11y_page, "home-coming-soon")


def test_sign_up_and_its_errors(live_server, a11y_page):
    a11y_page.goto(live_server.url + "/accounts/signup/")
    check(a11y_page, "signup")
    a11y_page.locator("button[type=submit].button").click()
    expect(a11y_page.locator(".field-error").first).to_be_visible()
    check(a11y_page, "signup-errors")


def test_log_in_and_its_error(live_server, a11y_page):
    a11y_page.goto(live_server.url + "/accounts/login/")
    check(a11y_page, "login")
    a11y_page.locator("#id_username").fill("nobody")
    a11y_page.locator("#id_password").fill("wrong-password")
    a11y_page.locator("main button[type=submit]").click()
    expect(a11y_page.locator(".form-errors")).to_be_visible()
    check(a11y_page, "login-error")


def test_scorekeeper_landing_and_results(live_server, a11y_page, keeper):
    demo_sessions("sarg", keeper)
    log_in(a11y_page, live_server, keeper)
    a11y_page.goto(live_server.url + "/scorekeeper/")
    check(a11y_page, "scorekeeper")
    a11y_page.goto(live_server.url + "/scorekeeper/results/")
    check(a11y_page, "results")


@pytest.mark.parametrize("game", GAMES)
def test_new_sheet(live_server, a11y_page, keeper, game):
    Player.objects.create(name="Anna")
    log_in(a11y_page, live_server, keeper)
    a11y_page.goto(f"{live_server.url}/scorekeeper/new/{game}/")
    check(a11y_page, f"new-{game}")


def pick_first_chip(page):
    """Tick the first player's first chip: the same chip is then taken for the others. The
    cards were just swapped in (the mode's answer): a tick before htmx has settled them was
    once not heard, and nothing was recomputed."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, "
        ".htmx-added')"
    )
    chip = page.locator(".entry-player").first.locator(".chip").first
    chip.click()
    expect(page.locator(".chip-taken").first).to_be_visible()


@pytest.mark.parametrize("game", GAMES)
def test_sheet_entry_and_result(live_server, a11y_page, keeper, game):
    finished, fresh = demo_sessions(game, keeper)
    log_in(a11y_page, live_server, keeper)
    a11y_page.goto(f"{live_server.url}/scorekeeper/{fresh.public_id}/")
    expect(a11y_page.locator("#entry")).to_be_visible()
    check(a11y_page, f"sheet-{game}")
    if game == "sarkophag":
        a11y_page.get_by_role("button", name="Tap cards taken").click()
        pick_first_chip(a11y_page)
        check(a11y_page, f"sheet-{game}-cards")
    elif game == "sarg":
        a11y_page.locator('button[name="pick"][value="rank:5"]').click()
        expect(a11y_page.locator(".pick-selected")).to_have_text("5")
        check(a11y_page, f"sheet-{game}-rank-picked")
        a11y_page.get_by_role("button", name="Type the scores").click()
        expect(a11y_page.locator("#queen-score")).to_be_visible()
        check(a11y_page, f"sheet-{game}-typed")
    else:
        pick_first_chip(a11y_page)
        check(a11y_page, f"sheet-{game}-taken")
    a11y_page.goto(f"{live_server.url}/scorekeeper/{finished.public_id}/")
    check(a11y_page, f"result-{game}")


def test_admin_login_and_play_sessions(live_server, a11y_page, organiser):
    finished, _ = demo_sessions("sarg", organiser)
    a11y_page.goto(live_server.url + "/admin/login/")
    check(a11y_page, "admin-login")
    log_in(a11y_page, live_server, organiser)
    a11y_page.goto(live_server.url + "/admin/scoring/playsession/")
    check(a11y_page, "admin-playsessions")
    a11y_page.goto(f"{live_server.url}/admin/scoring/playsession/{finished.pk}/change/")
    check(a11y_page, "admin-playsession-change")


def test_lobby_and_leaderboard(live_server, a11y_page, keeper):
    """Other people's pages (their own browser tests check them too): the lobby, the
    standings, a game's leaderboard and a player's page, with one finished game recorded."""
    finished, _ = demo_sessions("sarg", keeper)
    log_in(a11y_page, live_server, keeper)
    a11y_page.goto(live_server.url + "/play/")
    check(a11y_page, "lobby")
    a11y_page.goto(live_server.url + "/leaderboard/")
    check(a11y_page, "leaderboard")
    a11y_page.goto(live_server.url + "/leaderboard/sarg/")
    check(a11y_page, "leaderboard-sarg")
    player = finished.seats.first().player
    a11y_page.goto(f"{live_server.url}/players/{player.pk}/")
    check(a11y_page, "player")
