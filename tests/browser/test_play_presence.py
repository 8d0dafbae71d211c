"""The host is offered to hand a seat to a bot only once its person has closed the table for
longer than ``SARCO_AWAY_AFTER``, told since when, and the offer goes when they are back."""

from __future__ import annotations

import time

from django.test import override_settings
from playwright.sync_api import expect

from games import tables
from tests.browser.play_helpers import TIMEOUT, PlayCase, shots, wait_live

AWAY_AFTER = 1.0  # seconds, so the test need not wait a minute


@override_settings(SARCO_AWAY_AFTER=AWAY_AFTER)
class PresenceTest(PlayCase):
    def test_the_host_sees_who_has_left_and_since_when(self):
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        url = f"{self.live_server_url}/play/{table.public_id}/"
        anna, ben = self.page(self.anna), self.page(self.ben)
        for page in (anna, ben):
            page.goto(url)
            wait_live(page)
        seats = anna.locator("#table-seats")
        away = seats.get_by_text("Ben has been away since")

        time.sleep(3 * AWAY_AFTER)  # Ben's page is open: he is there, however long
        expect(away).to_have_count(0)
        expect(seats).not_to_contain_text("has left")
        shots(anna, "play-presence-all-here")

        ben.close()
        expect(away).to_be_visible(timeout=TIMEOUT)
        away.click()
        expect(seats.get_by_role("button", name="Let a bot play for Ben")).to_be_visible()
        shots(anna, "play-presence-ben-away")

        back = self.page(self.ben)
        back.goto(url)
        wait_live(back)
        expect(away).to_have_count(0, timeout=TIMEOUT)
