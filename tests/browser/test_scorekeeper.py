"""The scorekeeper in a real browser at phone size: a whole Sarg game through the card picker."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from games.engines.sarg import DECK
from scoring import sheets
from scoring.calculators import compute
from scoring.demo import DEMO_SHEETS
from scoring.models import Player
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", "k@example.org", "a-long-password-1")


def sarg_session(keeper):
    anna = Player.objects.create(name="Anna")
    ben = Player.objects.create(name="Ben")
    return sheets.create_session(
        "sarg", keeper, [anna, ben], roles={"queen": "Anna", "king": "Ben"}
    )


def tap_card(page, card):
    if card == "JK":
        page.locator('button[name="pick"][value="joker"]').click()
    else:
        rank, suit = card[:-1], card[-1]
        page.locator(f'button[name="pick"][value="rank:{rank}"]').click()
        expect(page.locator(".pick-selected")).to_have_text(rank)
        page.locator(f'button[name="pick"][value="suit:{suit}"]').click()
    expect(page.locator(".pick-selected")).to_have_count(0)


def test_a_whole_sarg_game_through_the_card_picker(live_server, phone, keeper):
    session = sarg_session(keeper)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    squares = [list(DECK[9 * r : 9 * r + 9]) for r in range(6)]
    for number, cards in enumerate(squares, start=1):
        expect(phone.locator("#entry-title")).to_have_text(f"Round {number}")
        for i, card in enumerate(cards):
            tap_card(phone, card)
            expect(phone.locator(f'input[name="cell-{i}"]')).to_have_value(card)
        expect(phone.locator("#round-credit")).to_contain_text("This round")
        if number == 3:
            screenshot(phone, "scorekeeper-sarg-picker-phone")
        phone.locator("#save-entry").click()
        expect(phone.locator(".note")).to_have_text(
            f"Round {number} saved."
            if number < 6
            else "Round 6 saved. The game is over: check the sheet and tap Finish to record it."
        )
    expected = compute(
        {
            "game": "sarg",
            "players": ["Anna", "Ben"],
            "roles": {"queen": "Anna", "king": "Ben"},
            "rounds": [{"grid": [c[0:3], c[3:6], c[6:9]]} for c in squares],
        }
    )
    bonus = expected["breakdown"]["bonus"]
    expect(phone.locator("#sarg-bonus")).to_contain_text(f"End bonus: {bonus}")
    for name in ("Anna", "Ben"):
        expect(phone.locator(f'.total-score[data-player="{name}"]')).to_have_text(
            str(expected["totals"][name])
        )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "scorekeeper-sarg-over-phone")
    phone.get_by_role("button", name="✓ Finish game").click()
    expect(phone.locator(".note")).to_have_text("Game finished. Places are recorded.")
    session.refresh_from_db()
    assert session.is_finished


@pytest.mark.parametrize("game", ["sarkophag", "sarg", "sarcophagus", "sacrifice"])
def test_screenshots_of_each_sheet(live_server, phone, desktop, keeper, game):
    sheet = next(s for s in DEMO_SHEETS if s["game"] == game)
    finished = sheets.import_sheet(sheet, keeper)
    players = [Player.objects.get(name=n) for n in sheet["players"]]
    fresh = sheets.create_session(
        game, keeper, players, {"limit": sheet.get("limit")}, sheet.get("roles")
    )
    if game in ("sarkophag", "sarg"):
        for entry in sheet["rounds"][:2]:
            # Off this thread: Playwright's sync API keeps an event loop running on it.
            with ThreadPoolExecutor(1) as pool:
                pool.submit(sheets.apply_edit, fresh.public_id, keeper, "add", entry=entry).result()
    for page, size in ((phone, "phone"), (desktop, "desktop")):
        log_in(page, live_server, keeper)
        page.goto(f"{live_server.url}/scorekeeper/{fresh.public_id}/")
        expect(page.locator("#entry")).to_be_visible()
        if size == "phone":
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            for box in (b.bounding_box() for b in page.locator("#entry button").all()):
                if box:
                    assert box["height"] >= 44
        screenshot(page, f"scorekeeper-{game}-entry-{size}")
        page.goto(f"{live_server.url}/scorekeeper/{finished.public_id}/")
        screenshot(page, f"scorekeeper-{game}-result-{size}")
