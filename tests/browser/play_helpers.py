"""Helpers for the online-play browser tests: members, logged-in pages, one Sarg move."""

from __future__ import annotations

import random
from collections.abc import Callable
from unittest import mock

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from playwright.sync_api import expect

from games import tables
from games.models import Table
from games.table_checks import MoveRefused
from games.tables import SEED_BITS
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    playwright_paused,
    screenshot,
    start_chromium,
)
from tests.services import require

TIMEOUT = 15_000  # ms: the machine is shared; a live update normally takes well under 1 s


def member(username: str, name: str) -> User:
    user = User.objects.create_user(username, f"{username}@example.org", "a-long-password-1")
    player = user.player
    player.name = name
    player.save(update_fields=["name"])
    return user


@pytest.mark.browser
@override_settings(SARCO_BOT_RUNNER=True, SARCO_BOT_PAUSE=0)
class PlayCase(ChannelsLiveServerTestCase):
    """A live server whose bots move at once, three members (Anna, Ben, Clara), and Chromium
    started with the first page, so after the test has set its table up through the service:
    from then on this thread runs Playwright's event loop, and the service's after-commit
    announcements could not reach the sockets from it."""

    serve_static = True
    browser = None

    def setUp(self):
        require("browser")
        self.anna = member("anna", "Anna")
        self.ben = member("ben", "Ben")
        self.clara = member("clara", "Clara")

    def start_browser(self):
        if self.browser is None:
            self.browser = start_chromium(self)
        return self.browser

    def page(self, user, viewport=PHONE):
        return logged_in_page(self.start_browser(), self.live_server_url, user, viewport)


def logged_in_page(browser, base_url: str, user: User | None, viewport=PHONE):
    context = browser.new_context(viewport=viewport)
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    return context.new_page()


def version(page) -> int:
    return int(page.locator("#table-status").get_attribute("data-version"))


def wait_version(page, number: int) -> None:
    expect(page.locator("#table-status")).to_have_attribute(
        "data-version", str(number), timeout=TIMEOUT
    )


def wait_live(page) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "open", timeout=TIMEOUT)


def my_turn(page) -> bool:
    return page.locator("#table-status.turn-mine").count() == 1


def play_first_move(page) -> None:
    """As a person: tap the first card of the hand, then the first cell it may go to."""
    page.locator(".card-pick").first.click()
    cell = page.locator("button.cell-move:visible").first
    expect(cell).to_be_visible()
    cell.click()


def shots(page, name: str) -> None:
    """The page as it is now at phone and desktop size, for people to look at."""
    original = page.viewport_size
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        screenshot(page, f"{name}-{label}")
    if original:
        page.set_viewport_size(original)


def wait_version_at_least(page, number: int) -> None:
    page.wait_for_function(
        "(n) => Number(document.getElementById('table-status')?.dataset.version) >= n",
        arg=number,
        timeout=TIMEOUT,
    )


def play_first_move_by_keyboard(page) -> None:
    """Without a mouse: Space picks the focused card, Tab reaches its first open cell, Enter
    places it."""
    page.locator(".pick-input").first.focus()
    page.keyboard.press("Space")
    expect(page.locator(".pick-input").first).to_be_checked()
    page.keyboard.press("Tab")
    focused = page.locator("button.cell-move:focus")
    expect(focused).to_have_count(1)
    label = "phone" if page.viewport_size["width"] < 600 else "desktop"
    screenshot(page, f"play-table-card-picked-{label}")
    page.keyboard.press("Enter")


def fits_a_phone(page) -> bool:
    """Nothing on the page is wider than a 390 px phone."""
    return page.evaluate("() => document.documentElement.scrollWidth <= 390")


def shots_dark(page, name: str) -> None:
    """Screenshots of the page in dark mode, then back to light."""
    page.emulate_media(color_scheme="dark")
    shots(page, f"{name}-dark")
    page.emulate_media(color_scheme="light")


def stale_tap_is_refused(page, game: str, move_forms: str, control: str) -> None:
    """A tap on a page whose forms carry a version the table has left is refused in place
    ("moved on"), changes nothing, and the forms get their real version back afterwards.

    The versions are changed and the control tapped in one go: a push of the same version
    (someone's presence) may draw the board again at any moment, and a tap on the fresh
    forms would be a real move."""
    number = version(page)
    set_versions = """([selector, value]) => document.querySelectorAll(selector)
        .forEach((input) => { input.value = value; })"""
    tap_stale = """([selector, control]) => {
        document.querySelectorAll(selector).forEach((input) => { input.value = "999"; });
        document.querySelector(control).click();
    }"""
    expect(page.locator(control).first).to_be_enabled(timeout=TIMEOUT)
    page.evaluate(tap_stale, [f"{move_forms} input[name=version]", control])
    error = page.locator("#move-error")
    expect(error).to_be_visible(timeout=TIMEOUT)
    expect(error).to_contain_text("moved on")
    assert version(page) == number
    shots(page, f"{game}-refused")
    page.evaluate(set_versions, [f"{move_forms} input[name=version]", str(number)])


def how_to_play(page, game: str, word: str) -> None:
    """The "How to play" drawer opens, speaks of ``word``, and closes again."""
    drawer = page.locator("details.how-to-play")
    drawer.locator("summary").click()
    expect(drawer).to_contain_text(word)
    shots(page, f"{game}-how-to-play")
    drawer.locator("summary").click()


def replay_key(page, key: str, step: int, steps: int) -> None:
    """Press a replay key (Home, End, an arrow) as a person would, and wait for the step it
    leads to. The key navigates: it is pressed only once the page has loaded (play.js listens
    for it) and the next one only once the new step's page has loaded, else it would go to a
    page already on its way out and be lost."""
    page.wait_for_load_state("load")
    with page.expect_navigation(wait_until="load", timeout=TIMEOUT):
        page.keyboard.press(key)
    expect(page.locator("#replay-step")).to_have_text(f"Step {step} of {steps}", timeout=TIMEOUT)


def table_played_until(
    game: str,
    people: list[User],
    found: Callable[[object], bool],
    *,
    choose: Callable[[random.Random, list], object] | None = None,
    tries: int = 40,
) -> Table:
    """A table of ``people`` played with random legal moves (``choose`` picks one) until
    ``found(state)`` holds, a fresh deal when a game ends first; the same game on every run.

    The game is looked for with the engine alone and then played through the service, so the
    table holds every move as a real one does: a search through the service wrote and drew
    every move of every deal it tried, most of a test's time."""
    rng = random.Random(7)
    table = tables.open_table(game, people[0], seats=len(people))
    for person in people[1:]:
        tables.take_seat(table, person)
    engine = table.engine
    for _ in range(tries):
        seed = rng.getrandbits(SEED_BITS)
        state = engine.new_game(len(people), seed, **table.options)
        played = []
        while not found(state):
            if engine.is_over(state):
                break
            seat = rng.choice(engine.to_act(state))
            moves = engine.legal_moves(state, seat)
            move = choose(rng, moves) if choose else rng.choice(moves)
            played.append((seat, move))
            state = engine.apply(state, seat, move)
        else:
            with mock.patch("games.tables.secrets.randbits", return_value=seed):
                table = tables.start(table, people[0])
            for seat, move in played:
                table = tables.play(table, people[seat], move, table.version)
            return table
    raise AssertionError("no such game in the tries")


def played_on_by_service(pages, table: Table, until: Callable[[object], bool]) -> Table:
    """The middle of a game, played through the service instead of the pages: the first legal
    move for whoever is to act, person or bot, until ``until(state)`` holds or the game is one
    move from its end; then ``pages`` are loaded again and live.

    Each game is played whole in the browser by keyboard (``test_play_by_ear_games.py``); a
    game that checks its first round and its end leaves the rounds between to the service
    (Sarg's game with a spectator: some 10 of its 55-65 busy core-seconds less). The live
    server runs in another process, so these moves reach no socket: the pages are loaded
    again afterwards. Playwright's loop is paused meanwhile so that the service may announce
    its moves."""
    with playwright_paused(pages[0].context.browser):
        engine = table.engine
        while True:
            table = Table.objects.with_seats().get(pk=table.pk)
            state = table.state()
            if until(state) or engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            move = engine.legal_moves(state, seat)[0]
            if engine.is_over(engine.apply(state, seat, move)):
                break  # the last move is the pages' to make
            sitter = table.seat_list[seat]
            try:
                if sitter.user_id is None:
                    tables.play_as_bot(table, seat, move, table.version)
                else:
                    tables.play(table, sitter.user, move, table.version)
            except MoveRefused:
                continue  # the live server's bot runner moved first: read the table again
    for page in pages:
        page.reload()
    for page in pages:
        wait_live(page)
    return table
