"""Moves on the table's socket, in a real browser on daphne: a whole game with websockets
blocked, through posts alone; a stale move; a post without JavaScript; a tab whose socket
died without knowing it. A whole game of each of the four with every move sent on the socket
(no move posted, no console error) is played by keyboard in `test_play_by_ear_games.py`."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from games import tables
from games.engines import get_engine
from games.models import Table
from tests.browser.page_watch import PageWatch
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    play_first_move,
    version,
    wait_live,
    wait_version_at_least,
)

# Played on PostgreSQL too, where the loop writes the moves on psycopg's asynchronous
# connection (docs/testing.md).
pytestmark = pytest.mark.postgres_browser

MAX_MOVES = 600
# A move: one enabled button of a move form, clicked (the hidden ones too: a Sarg cell's
# button shows once its card is picked, but its form holds the whole move).
CLICK_A_MOVE = """(n) => {
  const buttons = [...document.querySelectorAll('#table-board form[ws-send] button[name="move"]')]
    .filter((b) => !b.disabled);
  if (!buttons.length) return false;
  buttons[n % buttons.length].click();
  return true;
}"""


def bot_table(game: str, host) -> Table:
    seats = get_engine(game).min_players
    if game == "sarkophag":
        seats = 3
    options = {"limit": 20} if game == "sarkophag" else None
    table = tables.open_table(
        game, host, seats=seats, options=options, bots=dict.fromkeys(range(1, seats), "random")
    )
    return tables.start(table, host)


def settled(page) -> None:
    """htmx has taken the page over (its socket tried at least once): a click is htmx's."""
    expect(page.locator("#connection")).not_to_have_attribute(
        "data-state", "connecting", timeout=TIMEOUT
    )


class SocketMovesTest(PlayCase):
    def play_to_the_end(self, page, table: Table, *, live: bool = True) -> None:
        """Click moves until the game is over; each click waits for the page to move on. A
        page without its socket hears nothing of the bots' moves: it is reloaded, as a
        person would."""
        rng = random.Random(table.public_id.int)
        for _ in range(MAX_MOVES):
            fresh = Table.objects.get(pk=table.pk)
            if fresh.status != "playing":
                return
            if not page.locator("#table-status.turn-mine").count():
                page.wait_for_timeout(100)
                if not live and version(page) != fresh.version:
                    page.reload()
                    settled(page)
                continue
            before = version(page)
            if not page.evaluate(CLICK_A_MOVE, rng.randrange(1000)):
                page.wait_for_timeout(100)
                continue
            page.wait_for_function(
                """([n]) => {
                    const status = document.getElementById('table-status');
                    const error = document.getElementById('move-error');
                    return (status && Number(status.dataset.version) > n)
                        || (error && !error.hidden);
                }""",
                arg=[before],
                timeout=TIMEOUT,
            )
        raise AssertionError("the game did not end")

    def test_with_websockets_blocked_a_whole_game_goes_by_posts(self):
        table = bot_table("sarcophagus", self.anna)
        page = self.page(self.anna)
        page.route_web_socket("**/ws/**", lambda ws: ws.close())
        seen = PageWatch(page)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        settled(page)
        self.play_to_the_end(page, table, live=False)
        assert Table.objects.get(pk=table.pk).status == "finished"
        assert seen.posts > 0
        assert seen.errors == []

    def test_a_stale_move_on_the_socket_brings_the_board_as_it_stands(self):
        table = bot_table("sarg", self.anna)
        page = self.page(self.anna)
        seen = PageWatch(page)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        # The bot may open the game: tamper with the forms once they are Anna's to use, or
        # its move's frame would bring fresh ones (and there would be no move to click).
        expect(page.locator("#table-status.turn-mine")).to_have_count(1, timeout=TIMEOUT)
        page.evaluate(
            """() => document.querySelectorAll('#table-board input[name=version]')
                   .forEach((input) => { input.value = '999'; })"""
        )
        assert page.evaluate(CLICK_A_MOVE, 0)
        error = page.locator('#move-error[data-refusal="stale"]')
        expect(error).to_be_visible(timeout=TIMEOUT)
        expect(error).to_contain_text("moved on")
        number = version(page)
        assert page.locator("#table-board input[name=version]").first.input_value() == str(
            number
        )  # the board as it stands: its forms carry the real version again
        assert seen.posts == 0 and seen.errors == []
        page.evaluate(CLICK_A_MOVE, 0)
        # Applied: the bot, moving at once, may take the board on before a poll sees it.
        wait_version_at_least(page, number + 1)
        expect(page.locator("#move-error")).to_be_hidden()

    def test_a_socket_dead_without_knowing_it_posts_the_move_instead(self):
        table = bot_table("sarg", self.anna)
        page = self.page(self.anna)
        seen = PageWatch(page)
        dead = {"on": False}

        def route(ws):
            server = ws.connect_to_server()
            ws.on_message(lambda m: None if dead["on"] else server.send(m))

        page.route_web_socket("**/ws/**", route)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        expect(page.locator("#table-status.turn-mine")).to_have_count(1, timeout=TIMEOUT)
        dead["on"] = True  # frames from the page go nowhere now
        number = version(page)
        page.evaluate(CLICK_A_MOVE, 0)
        wait_version_at_least(page, number + 1)
        assert seen.posts == 1
        assert table.moves.filter(by_bot=False).count() == 1  # applied once
        assert seen.errors == []


@pytest.mark.browser
class NoJavaScriptTest(PlayCase):
    def test_a_move_posted_without_javascript_comes_back_to_the_table(self):
        table = bot_table("sarg", self.anna)
        browser = self.start_browser()
        context = browser.new_context(java_script_enabled=False)
        from django.conf import settings
        from django.test import Client

        client = Client()
        client.force_login(self.anna)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": self.live_server_url}]
        )
        page = context.new_page()
        url = f"{self.live_server_url}/play/{table.public_id}/"
        page.goto(url)
        for _ in range(50):
            if page.locator("#table-status.turn-mine").count():
                break
            page.wait_for_timeout(200)
            page.goto(url)
        number = version(page)
        play_first_move(page)
        page.wait_for_url(url)
        assert version(page) > number
        assert Table.objects.get(pk=table.pk).version > number


class ReconnectingTest(PlayCase):
    def test_the_reconnecting_alert_goes_once_the_page_is_live_again(self):
        """A move whose socket is dead and whose post cannot get through says "reconnecting…";
        once the socket is back and the page current, the alert goes and the move can go."""
        table = bot_table("sarg", self.anna)
        page = self.page(self.anna)
        dead = {"on": False}
        mocked = []

        def route(ws):
            if dead["on"]:  # opens, and never says a word
                mocked.append(ws)
                return
            server = ws.connect_to_server()
            ws.on_message(lambda m: None if dead["on"] else server.send(m))

        page.route_web_socket("**/ws/**", route)
        page.route("**/move/", lambda r: r.abort() if dead["on"] else r.continue_())
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        expect(page.locator("#table-status.turn-mine")).to_have_count(1, timeout=TIMEOUT)
        number = version(page)
        dead["on"] = True
        page.evaluate(CLICK_A_MOVE, 0)
        error = page.locator("#move-error")
        expect(error).to_contain_text("reconnecting", timeout=TIMEOUT)
        dead["on"] = False
        for ws in mocked:
            ws.close(code=1012)  # a server restart: htmx opens the socket again
        wait_live(page)
        expect(error).to_be_hidden(timeout=TIMEOUT)
        assert version(page) == number  # nothing was applied, nothing pretends it was
        page.evaluate(CLICK_A_MOVE, 0)
        wait_version_at_least(page, number + 1)


class FirstFrameTest(PlayCase):
    def test_a_current_page_goes_live_as_drawn_and_a_reconnect_brings_the_table(self):
        """The page tells its socket what it shows: the socket's first answer swaps nothing.
        A socket opened again asks without the token, so the table comes whole. Two people
        and no bot: nothing moves the table on between the page's drawing and its socket."""
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        page = self.page(self.anna)
        addresses, sockets = [], []

        def route(ws):
            addresses.append(ws.url)
            sockets.append(ws)
            ws.connect_to_server()  # frames pass both ways untouched

        page.route_web_socket("**/ws/**", route)
        page.add_init_script(
            'document.addEventListener("DOMContentLoaded", () => {'
            ' window.__drawn = document.getElementById("table-board"); });'
        )
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        same = "() => document.getElementById('table-board') === window.__drawn"
        assert page.evaluate(same)
        assert "?shown=" in addresses[0]
        sockets[0].close(code=1012)  # a server restart: htmx opens the socket again
        page.wait_for_function(
            "() => document.getElementById('table-board') !== window.__drawn", timeout=TIMEOUT
        )
        wait_live(page)
        assert len(addresses) == 2 and "shown=" not in addresses[1]
