"""The lobby's "Open a table" form on a phone: only the seats of the chosen number of players
show and take Tab stops, with JavaScript or without."""

from __future__ import annotations

from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.models import Table
from tests.browser.conftest import PHONE
from tests.browser.play_helpers import PlayCase, shots


class CreateFormTest(PlayCase):
    def lobby(self, *, javascript: bool = True):
        context = self.start_browser().new_context(viewport=PHONE, java_script_enabled=javascript)
        client = Client()
        client.force_login(self.anna)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": self.live_server_url}]
        )
        page = context.new_page()
        page.goto(f"{self.live_server_url}/play/")
        page.get_by_text("New Sarkophag table").click()
        return page

    def seat(self, page, number: int):
        return page.locator(f'select[name="sarkophag-seat_{number - 1}"]')

    def test_three_players_show_two_seats_to_fill_and_no_more(self):
        page = self.lobby()
        page.locator('select[name="sarkophag-seats"]').select_option("3")
        for number in (2, 3):
            expect(self.seat(page, number)).to_be_visible()
        for number in (4, 5, 6):
            expect(self.seat(page, number)).to_be_hidden()
        shots(page, "play-lobby-create-three")
        self.seat(page, 3).focus()
        page.keyboard.press("Tab")  # past the hidden seats, straight to the button
        expect(page.get_by_role("button", name="Open the Sarkophag table")).to_be_focused()
        page.locator('select[name="sarkophag-seats"]').select_option("5")
        for number in (4, 5):
            expect(self.seat(page, number)).to_be_visible()
        expect(self.seat(page, 6)).to_be_hidden()

    def test_without_javascript_the_seats_beyond_are_hidden_and_do_not_count(self):
        page = self.lobby(javascript=False)
        expect(self.seat(page, 4)).to_be_hidden()  # three players is the first choice
        page.locator('select[name="sarkophag-seats"]').select_option("4")
        expect(self.seat(page, 4)).to_be_visible()
        self.seat(page, 4).select_option("bot:easy")
        page.locator('select[name="sarkophag-seats"]').select_option("3")
        expect(self.seat(page, 4)).to_be_hidden()
        page.get_by_role("button", name="Open the Sarkophag table").click()
        expect(page.locator("#table-status")).to_contain_text("Waiting for players")
        table = Table.objects.get()
        assert table.seats.count() == 3
        assert not table.seats.exclude(bot_level="").exists()

    def test_from_the_summary_tab_reaches_only_the_seats_in_play(self):
        page = self.lobby()
        page.locator("summary", has_text="New Sarkophag table").focus()
        walked = []
        for _ in range(8):
            page.keyboard.press("Tab")
            walked.append(
                page.evaluate(
                    "() => document.activeElement.name || document.activeElement.textContent.trim()"
                )
            )
            if walked[-1] == "Open the Sarkophag table":
                break
        assert walked == [
            "sarkophag-seats",
            "sarkophag-pace",
            "sarkophag-limit",
            "sarkophag-seat_1",
            "sarkophag-seat_2",
            "Open the Sarkophag table",
        ]
