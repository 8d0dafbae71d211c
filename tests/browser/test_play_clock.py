"""A live table whose person runs out of time, in a real browser: the clock counts down on
the page, and when ``run_clocks`` finds the seat out of time (called here with a ``now`` past
the deadline, not waited for) a bot moves for the person and the page says so, live.

``run_clocks`` runs in this test's process while the sockets live in daphne's: the two share
a Redis channel layer (its prefix this process's own), as two servers of the site do."""

from __future__ import annotations

import datetime as dt
import re
from concurrent.futures import ThreadPoolExecutor

from django.test import override_settings
from django.utils import timezone
from playwright.sync_api import expect

from games import tables
from games.models import Table
from tests.browser.play_helpers import TIMEOUT, PlayCase, shots, version, wait_live
from tests.services import redis_layers, require


def off_the_loop(call, *args, **kwargs):
    """The service tells the sockets through async_to_sync: not on Playwright's loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call, *args, **kwargs).result()


@override_settings(CHANNEL_LAYERS=redis_layers("sarco-test-clock"))
class LiveClockTest(PlayCase):
    def setUp(self):
        require("redis")
        super().setUp()

    def open_live_page(self):
        table = tables.open_table(
            "sarg", self.anna, seats=2, bots={1: "random"}, clock={"kind": "live", "seconds": 30}
        )
        tables.start(table, self.anna)
        page = self.page(self.anna)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        expect(page.locator("#table-status.turn-mine")).to_be_visible(timeout=TIMEOUT)
        clock = page.locator("#table-clock .clock-seat")
        expect(clock).to_have_count(1)
        expect(clock).to_contain_text("Anna")
        expect(clock.locator("[data-clock-words]")).to_contain_text(
            re.compile(r"Anna's move: \d+ seconds left \(time bank: 2 minutes\)")
        )
        first = clock.locator("[data-clock-time]").inner_text()
        page.wait_for_timeout(1500)
        assert clock.locator("[data-clock-time]").inner_text() != first  # it counts down
        return table, page

    def test_the_clock_counts_down_with_words_for_screen_readers(self):
        _table, page = self.open_live_page()
        shots(page, "play-clock-live")

    def test_a_bot_moves_for_a_person_out_of_time(self):
        table, page = self.open_live_page()
        before = version(page)
        later = timezone.now() + dt.timedelta(seconds=200)
        assert off_the_loop(tables.run_clocks, now=later) >= 1
        page.wait_for_function(
            "(n) => Number(document.getElementById('table-status')?.dataset.version) > n",
            arg=before,
            timeout=TIMEOUT,
        )
        expect(page.locator("#table-clock")).to_contain_text(
            "Anna ran out of time; a bot made the move.", timeout=TIMEOUT
        )
        assert Table.objects.get(pk=table.pk).moves.filter(timed_out=True).count() == 1
        shots(page, "play-clock-timed-out")
