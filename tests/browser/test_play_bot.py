"""Sarg against a bot in a real browser on daphne: the bot answers by itself; the page
catches up by itself after the server restarts (and the bot goes on after the restart)."""

from __future__ import annotations

import multiprocessing
from functools import partial

import pytest
from channels.testing import ChannelsLiveServerTestCase
from channels.testing.live import make_application, set_database_connection
from daphne.testing import DaphneProcess
from django.test import override_settings
from playwright.sync_api import expect

from games import tables
from games.models import Table
from tests.browser.axe import assert_accessible
from tests.browser.conftest import PHONE, start_chromium
from tests.browser.play_helpers import (
    TIMEOUT,
    logged_in_page,
    member,
    my_turn,
    play_first_move,
    shots,
    version,
    wait_live,
    wait_version,
    wait_version_at_least,
)
from tests.services import require


class StandbyDaphne(DaphneProcess):
    """A daphne forked before the test takes the browser that waits for ``go`` before it
    listens: the restarted server."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.go = multiprocessing.Event()

    def run(self):
        self.go.wait()
        super().run()


class BrowserCase(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        require("browser")
        self.anna = member("anna", "Anna")
        self.browser = start_chromium(self)

    def wait_my_turn(self, page) -> None:
        expect(page.locator("#table-status.turn-mine")).to_be_visible(timeout=TIMEOUT)


def play_until_version(page, target: int) -> None:
    """Play Anna's turns until the page shows version ``target``. Each step waits for the
    page itself to say "your turn" or to reach the target, so a bot that answers between
    two checks cannot make Anna play a card of the next round."""
    while True:
        page.wait_for_function(
            """(n) => {
                const status = document.getElementById('table-status');
                return Number(status?.dataset.version) >= n
                    || (status?.classList.contains('turn-mine')
                        && document.querySelector('.card-pick') !== null);
            }""",
            arg=target,
            timeout=TIMEOUT,
        )
        number = version(page)
        if number >= target:
            return
        play_first_move(page)
        wait_version_at_least(page, number + 1)


@pytest.mark.browser
@override_settings(SARCO_BOT_RUNNER=True, SARCO_BOT_PAUSE=0)
class AgainstABotTest(BrowserCase):
    def test_a_person_plays_a_round_against_the_bot_from_the_lobby(self):
        page = logged_in_page(self.browser, self.live_server_url, self.anna, PHONE)
        page.goto(f"{self.live_server_url}/play/")
        page.get_by_text("New Sarg table").click()
        page.locator("#id_sarg-seat_1").select_option("bot:heuristic")
        shots(page, "play-lobby-create")
        assert_accessible(page, "lobby, create form open")
        page.get_by_role("button", name="Open the Sarg table").click()
        expect(page.locator("#table-seats")).to_contain_text("Bot (normal)")
        wait_live(page)
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(".coffin")).to_be_visible(timeout=TIMEOUT)
        table = Table.objects.get()
        play_until_version(page, 8)  # the first round's eight cards
        expect(page.locator(".round-end")).to_be_visible(timeout=TIMEOUT)
        self.wait_my_turn(page)
        shots(page, "play-bot-round-end")
        assert_accessible(page, "against a bot, round end")
        bot_moves = Table.objects.get(pk=table.pk).moves.filter(by_bot=True).count()
        assert bot_moves >= 4

        page.goto(f"{self.live_server_url}/play/")
        expect(page.locator(".table-your-turn")).to_contain_text("Your turn")
        assert page.title().startswith("▶ ")
        shots(page, "play-lobby-your-turn")
        assert_accessible(page, "lobby, your turn")


@pytest.mark.browser
@override_settings(SARCO_BOT_RUNNER=True, SARCO_BOT_PAUSE=0)
class ServerRestartTest(BrowserCase):
    def setUp(self):
        cls = type(self)
        self.standby = StandbyDaphne(
            cls.host,
            partial(make_application, static_wrapper=cls.static_wrapper),
            setup=set_database_connection,
            port=cls._port,
        )
        self.standby.start()
        super().setUp()

    def tearDown(self):
        super().tearDown()
        if self.standby is not type(self)._server_process:
            self.standby.terminate()
            self.standby.join()

    def restart_server(self, while_down) -> None:
        """Stop daphne, run ``while_down`` (the page cannot hear it), start it on the same port."""
        cls = type(self)
        cls._server_process.terminate()
        cls._server_process.join()
        while_down()
        self.standby.go.set()
        assert self.standby.ready.wait(timeout=30), "daphne did not come back"
        cls._server_process = self.standby

    def test_the_page_catches_up_after_a_server_restart(self):
        table = tables.open_table("sarg", self.anna, seats=2, bots={1: "heuristic"})
        table = tables.start(table, self.anna)
        page = logged_in_page(self.browser, self.live_server_url, self.anna, PHONE)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        self.wait_my_turn(page)
        number = version(page)
        assert my_turn(page)

        def anna_moves_elsewhere():
            expect(page.locator("#connection")).to_have_attribute(
                "data-state", "away", timeout=TIMEOUT
            )
            shots(page, "play-reconnecting")
            current = Table.objects.get(pk=table.pk)
            move = current.engine.legal_moves(current.state(), current.to_act[0])[0]
            tables.play(current, self.anna, move, current.version)  # a second device, say

        self.restart_server(anna_moves_elsewhere)
        # The reconnected socket sends the current state, and the bot runner goes on after the
        # restart: the page shows Anna's move (made while it was away) and the bot's answer.
        wait_version(page, number + 2)
        wait_live(page)
        self.wait_my_turn(page)
        play_first_move(page)
        wait_version_at_least(page, number + 3)
