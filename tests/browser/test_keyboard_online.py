"""A whole online Sarg game against a bot, by keyboard only, on a real daphne server: after
every move the focus is somewhere on the table, never on <body>."""

from __future__ import annotations

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.test import override_settings
from playwright.sync_api import expect

from games import tables
from games.models import Table
from tests.browser.axe import assert_accessible
from tests.browser.conftest import DESKTOP, screenshot, start_chromium
from tests.browser.play_helpers import TIMEOUT, logged_in_page, member, version, wait_live
from tests.browser.test_keyboard import focused
from tests.services import require

MOVE_PRESSES = 40  # from wherever the focus is to a card played; far fewer in practice


@pytest.mark.browser
@override_settings(SARCO_BOT_RUNNER=True, SARCO_BOT_PAUSE=0)
class KeyboardOnlineTest(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        require("browser")
        self.anna = member("anna", "Anna")
        # Set up before Playwright's event loop runs on this thread (the service notifies
        # channels through async_to_sync).
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.seat_bot(table, 1)
        self.table = tables.start(table, self.anna)
        self.browser = start_chromium(self)

    def tab_to(self, page, css: str) -> int:
        """Tab until the focus is on an element matching css; the number of presses."""
        presses = 0
        while not page.evaluate(f"document.activeElement.matches({css!r})"):
            page.keyboard.press("Tab")
            presses += 1
            assert presses < MOVE_PRESSES, f"no {css} by Tab; at {focused(page)}"
        return presses

    def test_a_whole_online_sarg_game_by_keyboard(self):
        page = logged_in_page(self.browser, self.live_server_url, self.anna, DESKTOP)
        page.goto(f"{self.live_server_url}/play/{self.table.public_id}/")
        wait_live(page)
        moves, most = 0, 0
        while True:
            page.wait_for_function(
                "() => document.querySelector('#table-status.turn-mine, #game-result')",
                timeout=TIMEOUT,
            )
            if page.locator("#game-result").count():
                break
            number = version(page)
            presses = self.tab_to(page, ".hand input[type=radio]")
            page.keyboard.press("Space")
            presses += 1 + self.tab_to(page, "button.cell-move")
            page.keyboard.press("Enter")
            presses += 1
            page.wait_for_function(
                f"() => Number(document.querySelector('#table-status').dataset.version) > {number}",
                timeout=TIMEOUT,
            )
            page.wait_for_timeout(100)
            assert focused(page) != "BODY", f"focus lost after move {moves + 1}"
            moves, most = moves + 1, max(most, presses)
            if moves == 1:
                screenshot(page, "keyboard-online-sarg-after-a-move-desktop")
                assert_accessible(page, "online table after a keyboard move")
        expect(page.locator("#game-result")).to_be_visible()
        assert Table.objects.get(pk=self.table.pk).status == "finished"
        assert moves >= 20
        print(f"Online Sarg by keyboard: {moves} moves, at most {most} presses each")
