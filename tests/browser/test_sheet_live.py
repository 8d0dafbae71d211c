"""Phones on one sheet, in real browsers on a real daphne server (websockets included)."""

import time

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect, sync_playwright

from scoring import sheets
from scoring.models import Player
from tests.browser.conftest import CHROMIUM_ARGS, PHONE, screenshot
from tests.services import CHROMIUM, require


@pytest.mark.browser
class LiveSheetTest(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        require("browser")
        self.keeper = User.objects.create_user("keeper", "k@example.org", "a-long-password-1")
        players = [Player.objects.create(name=name) for name in ("Anna", "Ben", "Clara")]
        self.session = sheets.create_session("sarkophag", self.keeper, players, {"limit": 50})
        self.url = f"{self.live_server_url}/scorekeeper/{self.session.public_id}/"
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    def tearDown(self):
        self.browser.close()
        self.playwright.stop()

    def keeper_page(self):
        client = Client()
        client.force_login(self.keeper)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context = self.browser.new_context(viewport=PHONE)
        context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": self.live_server_url}]
        )
        page = context.new_page()
        page.goto(self.url)
        return page

    def type_heads(self, page, seat: int, heads: str) -> None:
        """As a person does: into the field, then away from it; the preview recomputes."""
        field = page.locator(f"#heads-{seat}")
        field.click()
        field.fill(heads)
        field.press("Tab")
        expect(page.locator(f"#heads-{seat}")).to_have_value(heads)
        page.wait_for_load_state("networkidle")

    def test_a_watching_phone_sees_the_keepers_round_within_a_second(self):
        watcher = self.browser.new_context(viewport=PHONE).new_page()
        watcher.goto(self.url)
        keeper = self.keeper_page()
        expect(watcher.locator('[data-player="Anna"]')).to_have_text("0")
        watcher.wait_for_timeout(500)  # the socket is open before the keeper saves

        self.type_heads(keeper, 0, "7")
        self.type_heads(keeper, 1, "3")
        keeper.get_by_role("button", name="Save round 1").click()
        expect(keeper.locator('[data-player="Ben"]')).to_have_text("3")

        expect(watcher.locator('[data-player="Anna"]')).to_have_text("7", timeout=1000)
        expect(watcher.locator('[data-player="Ben"]')).to_have_text("3", timeout=1000)
        expect(watcher.get_by_role("button", name="Save round 2")).to_have_count(0)
        screenshot(watcher, "scorekeeper-live-watcher-phone")

    def test_typing_during_a_slow_recompute_is_not_wiped(self):
        keeper = self.keeper_page()

        def slow(route):
            time.sleep(0.6)  # a phone on a poor connection
            route.continue_()

        keeper.route("**/entry/**", slow)
        keeper.fill("#heads-0", "7")
        keeper.locator("#heads-0").dispatch_event("change")  # the recompute leaves now...
        keeper.locator("#heads-1").fill("3")  # ...and the player goes on typing
        keeper.wait_for_timeout(2500)
        keeper.unroute("**/entry/**")

        expect(keeper.locator("#heads-1")).to_have_value("3")
        expect(keeper.locator("#heads-0")).to_have_value("7")
