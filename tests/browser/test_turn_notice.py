"""Your turn while the table's page is open: the tab title says so and changes when it is not,
and a notification comes when the turn arrives while the tab is hidden, once allowed by a
click (never asked on load)."""

from __future__ import annotations

from playwright.sync_api import expect

from games import tables
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    my_turn,
    play_first_move,
    version,
    wait_live,
    wait_version_at_least,
)

# A stand-in for the browser's Notification that records what the page does with it, not yet
# asked (a browser's first state; headless Chromium's is "denied"), and a tab that is in the
# background (headless Chromium's tab is always visible).
YOUR_TURN = "▶ Your turn · Sarg · sarco"  # the tab title, from the banner (static/js/play.js)
FAKE_NOTIFICATIONS = """
window.__asked = 0;
window.__notices = [];
function FakeNotification(title, options) {
  window.__notices.push({ title: title, body: (options || {}).body || "" });
}
FakeNotification.permission = "default";
FakeNotification.requestPermission = function () {
  window.__asked += 1;
  FakeNotification.permission = "granted";
  return Promise.resolve("granted");
};
window.Notification = FakeNotification;
"""
BACKGROUND_TAB = """
Object.defineProperty(document, "hidden", { get: function () { return true; } });
Object.defineProperty(document, "visibilityState", { get: function () { return "hidden"; } });
"""


class TurnNoticeTest(PlayCase):
    def test_title_and_notification_follow_the_turn(self):
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        url = f"{self.live_server_url}/play/{table.public_id}/"
        anna = self.page(self.anna)
        anna.add_init_script(FAKE_NOTIFICATIONS + BACKGROUND_TAB)
        ben = self.page(self.ben)
        for page in (anna, ben):
            page.goto(url)
            wait_live(page)

        assert anna.evaluate("window.__asked") == 0  # never on load
        allow = anna.get_by_role("button", name="Allow notifications")
        expect(allow).to_be_visible()
        allow.click()
        expect(allow).to_be_hidden(timeout=TIMEOUT)
        assert anna.evaluate("window.__asked") == 1

        if my_turn(anna):
            expect(anna).to_have_title(YOUR_TURN)
            play_first_move(anna)
        expect(anna.locator("#table-status.turn-mine")).to_have_count(0, timeout=TIMEOUT)
        expect(anna).not_to_have_title(YOUR_TURN)
        assert anna.evaluate("window.__notices.length") == 0

        # Ben moves until the turn is Anna's again.
        for _ in range(10):
            expect(ben.locator("#table-status.turn-mine")).to_have_count(1, timeout=TIMEOUT)
            before = version(ben)
            play_first_move(ben)
            wait_version_at_least(anna, before + 1)
            if my_turn(anna):
                break
        expect(anna.locator("#table-status.turn-mine")).to_have_count(1, timeout=TIMEOUT)
        expect(anna).to_have_title(YOUR_TURN, timeout=TIMEOUT)
        anna.wait_for_function("window.__notices.length === 1", timeout=TIMEOUT)
        notice = anna.evaluate("window.__notices[0]")
        assert notice == {"title": "Your turn", "body": "It is your turn at Sarg."}

    def test_spectators_are_offered_no_notifications(self):
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        url = f"{self.live_server_url}/play/{table.public_id}/"
        clara = self.page(self.clara)
        clara.goto(url)
        wait_live(clara)
        expect(clara.get_by_role("button", name="Allow notifications")).to_have_count(0)

    def test_the_moves_since_you_looked_stay_marked_once_the_page_is_live(self):
        from games.models import Table, TableSeat
        from tests.games.helpers import first_legal, user_at

        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        for _ in range(3):
            table = Table.objects.get(pk=table.pk)
            position = table.to_act[0]
            move = first_legal(table, position)
            tables.play(table, user_at(table, position), move, table.version)
        TableSeat.objects.filter(table=table, user=self.anna).update(looked_version=0)
        anna = self.page(self.anna)
        anna.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(anna)
        anna.wait_for_timeout(500)  # the socket's first push has redrawn the log by now
        marked = anna.locator("#event-log li.new-since-looked")
        expect(marked.first).to_be_visible()
        expect(marked.first).to_contain_text("(new since you looked)")

    def test_the_home_list_badge_and_notice_are_accessible(self):
        from tests.browser.axe import assert_accessible

        table = tables.open_table("sarg", self.anna, seats=2, clock={"kind": "daily", "days": 3})
        tables.take_seat(table, self.ben)
        table = tables.start(table, self.anna)
        first = self.anna if table.to_act == [0] else self.ben
        page = self.page(first)
        page.add_init_script(FAKE_NOTIFICATIONS)  # not yet asked: the notice's button shows
        page.goto(f"{self.live_server_url}/")
        badge = page.get_by_role("link", name="Your turn at 1 table")
        expect(badge).to_be_visible()
        expect(page.locator("#your-turn")).to_be_visible()
        assert_accessible(page, "home-your-turn")
        badge.click()
        page.locator(".turn-list a").first.click()
        wait_live(page)
        expect(page.get_by_role("button", name="Allow notifications")).to_be_visible()
        assert_accessible(page, "table-turn-notice")
