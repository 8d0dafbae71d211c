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
from games.models import Table, TableSeat
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
        bot_begins = tables.start(table, self.anna).to_act != [0]
        page = self.page(self.anna)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        expect(page.locator("#table-status.turn-mine")).to_be_visible(timeout=TIMEOUT)
        if bot_begins:  # its move changed the turn on the open page, and the page said so:
            page.reload()  # the tests start from a page opened on Anna's turn
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
        say = page.locator("#clock-say")
        assert say.inner_text() == ""  # the page's load is no turn change: nothing said
        # Ten seconds before the deadline (moved here, not waited for) it is said once.
        page.evaluate(
            """() => document.querySelector('[data-clock-seat]')
                .setAttribute('data-deadline', String(Date.now() + 9500))"""
        )
        expect(say).to_have_text("Anna's move: 10 seconds left", timeout=TIMEOUT)
        expect(page.locator(".clock-seat.clock-low")).to_have_count(1)

    def test_a_bot_moves_for_a_person_out_of_time(self):
        table, page = self.open_live_page()
        before = version(page)
        # Anna has spent all but 2 s of her time (deadline moved, not waited for); the
        # clocks run a second past it. The bot's move is stamped with that ``now``, and the
        # bot at seat 2 waits for its pause after it in daphne's real time: a ``now`` far
        # ahead would keep it waiting that long.
        soon = timezone.now() + dt.timedelta(seconds=2)
        TableSeat.objects.filter(table=table, position=0).update(deadline=soon)
        Table.objects.filter(pk=table.pk).update(clock_due=soon)
        assert off_the_loop(tables.run_clocks, now=soon + dt.timedelta(seconds=1)) == 1
        page.wait_for_function(
            "(n) => Number(document.getElementById('table-status')?.dataset.version) > n",
            arg=before,
            timeout=TIMEOUT,
        )
        expect(page.locator("#table-clock")).to_contain_text(
            "Anna ran out of time; a bot made the move.", timeout=TIMEOUT
        )
        assert Table.objects.get(pk=table.pk).moves.filter(timed_out=True).count() == 1
        # The bot at seat 2 answers; Anna's turn again is said once, her bank spent.
        expect(page.locator("#table-status.turn-mine")).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("#clock-say")).to_have_text(
            re.compile(r"^Anna's move: \d+ seconds left$"), timeout=TIMEOUT
        )
        shots(page, "play-clock-timed-out")


class DailyClockTest(PlayCase):
    def open_daily_pages(self):
        """A started two-day table of Anna and Ben; the opponent's page, the mover's, a
        spectator's (Clara), each live and showing the mover's time in words."""
        table = tables.open_table("sarg", self.anna, seats=2, clock={"kind": "daily", "days": 2})
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        mover, other = (self.anna, self.ben) if table.to_act == [0] else (self.ben, self.anna)
        name = mover.player.name
        giver, watcher, spectator = (self.page(p) for p in (other, mover, self.clara))
        words = re.compile(rf"{name}'s move: 1 day 23 hours left")
        for page in (giver, watcher, spectator):
            page.goto(f"{self.live_server_url}/play/{table.public_id}/")
            wait_live(page)
            expect(page.locator("[data-clock-words]")).to_contain_text(words)
        # "+1 day" for the opponent only: not for one's own move, not for a spectator.
        expect(giver.locator(".clock-give")).to_have_count(1)
        expect(watcher.locator(".clock-give")).to_have_count(0)
        expect(spectator.locator(".clock-give")).to_have_count(0)
        return table, name, giver, watcher, spectator

    def test_a_day_pressed_twice_applies_once(self):
        table, name, giver, watcher, spectator = self.open_daily_pages()
        seat = TableSeat.objects.get(table=table, position=table.to_act[0])
        answers: list[int] = []  # each "+1 day" post's status, in order
        giver.on(
            "response",
            lambda r: answers.append(r.status) if r.url.endswith("/give-day/") else None,
        )
        giver.get_by_role("button", name=f"+1 day for {name}").dblclick()
        later = re.compile(rf"{name}'s move: 2 days 23 hours left")
        for page in (giver, watcher, spectator):
            expect(page.locator("[data-clock-words]")).to_contain_text(later, timeout=TIMEOUT)
        giver.wait_for_timeout(500)  # a second post, had one gone, is answered by now
        again = TableSeat.objects.get(pk=seat.pk)
        assert again.deadline == seat.deadline + dt.timedelta(days=1)
        assert len(again.days_given) == 1
        assert answers[0] == 200 and len(answers) <= 2, answers
        expect(giver.locator("#move-error")).to_be_hidden()  # no refusal shown for it
        expect(giver.locator(".clock-give")).to_have_count(0)

    def test_an_opponent_gives_a_day_and_both_pages_follow(self):
        _table, name, giver, watcher, _spectator = self.open_daily_pages()
        shots(giver, "play-clock-daily")
        giver.get_by_role("button", name=f"+1 day for {name}").click()
        later = re.compile(rf"{name}'s move: 2 days 23 hours left")
        for page in (giver, watcher):
            expect(page.locator("[data-clock-words]")).to_contain_text(later, timeout=TIMEOUT)
        expect(giver.locator(".clock-give")).to_have_count(0)  # once a turn
        expect(giver.locator("[data-clock-time]")).to_contain_text("2 d 23:")
