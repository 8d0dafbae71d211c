"""A live update from another device is read out and leaves the focus where it was (on daphne,
with the sheet's websocket)."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from scoring import sheets
from scoring.models import Player
from tests.browser.axe import assert_accessible
from tests.browser.conftest import DESKTOP, log_in, start_chromium
from tests.services import require


class _Server:
    def __init__(self, url):
        self.url = url


@pytest.mark.browser
class LiveAnnounceTest(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        require("browser")
        from django.contrib.auth.models import User

        self.keeper = User.objects.create_user("keeper", "k@example.org", "a-long-password-1")
        players = [Player.objects.create(name=name) for name in ("Anna", "Ben", "Clara")]
        self.session = sheets.create_session("sarkophag", self.keeper, players, {"limit": 50})
        self.url = f"{self.live_server_url}/scorekeeper/{self.session.public_id}/"
        self.browser = start_chromium(self)

    def page(self):
        page = self.browser.new_context(viewport=DESKTOP).new_page()
        log_in(page, _Server(self.live_server_url), self.keeper)
        page.goto(self.url)
        return page

    def test_a_round_saved_on_another_phone_is_announced_without_moving_the_focus(self):
        here, there = self.page(), self.page()
        here.wait_for_timeout(500)  # the socket is open before the other phone saves
        here.locator('button[value="step:2:1"]').focus()

        for seat, heads in ((0, "12"), (1, "6")):  # a real round carries 18 heads or more
            there.locator(f"#heads-{seat}").fill(heads)
            there.locator(f"#heads-{seat}").dispatch_event("change")
            there.wait_for_load_state("networkidle")
        there.get_by_role("button", name="Save round 1").click()
        expect(there.locator(".note")).to_have_text("Round 1 saved.")
        # The one who saved hears the result...
        expect(there.locator("#announce")).to_contain_text("Round 1 saved. Totals: Anna 12")

        # ...and the other phone the live update, with its focus left alone.
        expect(here.locator('[data-player="Anna"]')).to_have_text("12", timeout=3000)
        expect(here.locator("#sheet-announce")).to_contain_text("Sheet updated: Anna 12")
        assert here.evaluate("document.activeElement.value") == "step:2:1"
        assert_accessible(here, "sheet after a live update")
