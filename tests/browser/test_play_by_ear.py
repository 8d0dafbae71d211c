"""Online play by ear and by keyboard (Sacrifice, real daphne): the focus moves only after the
member's own action, never when another seat or a bot moves; what is read out is one clear
sentence per change, never repeated."""

from __future__ import annotations

from unittest import mock

from django.test import override_settings
from playwright.sync_api import expect

from games import tables
from tests.browser.conftest import DESKTOP
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    my_turn,
    play_first_move,
    version,
    wait_live,
    wait_version_at_least,
)

BUYING_DEAL = 1  # a deal that offers both seats a purchase in the first hand

# Every text #announce is given, in order, from the moment it is installed.
RECORD = """() => {
    window.said = [];
    const region = document.getElementById("announce");
    new MutationObserver(() => {
        const text = region.textContent.trim();
        if (text) window.said.push(text);
    }).observe(region, {childList: true, characterData: true, subtree: true});
}"""
ACTIVE_KEY = """() => {
    const el = document.activeElement;
    return el.id ? "#" + el.id : el.dataset.focusKey || el.tagName;
}"""


def said(page) -> list[str]:
    return page.evaluate("() => window.said")


class FocusByEarTest(PlayCase):
    def start_sacrifice(self):
        table = tables.open_table("sacrifice", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        with mock.patch("games.tables.secrets.randbits", return_value=BUYING_DEAL):
            table = tables.start(table, self.anna)
        url = f"{self.live_server_url}/play/{table.public_id}/"
        page, self.ben_page = self.page(self.anna, DESKTOP), self.page(self.ben, DESKTOP)
        for each in (page, self.ben_page):
            each.goto(url)
            wait_live(each)
        page.evaluate(RECORD)
        return table, page

    def ben_buys(self) -> None:
        """Ben, on his own device, taps his first purchase."""
        self.ben_page.locator(".sf-buy-options button").first.click()

    def ben_hands_his_seat_to_a_bot(self, table) -> None:
        self.ben_page.evaluate(
            """(url) => htmx.ajax("POST", url,
                {source: "#table-status", values: {position: "1"}, swap: "none"})""",
            f"/play/{table.public_id}/hand-to-bot/",
        )

    def test_the_focus_stays_when_others_move_and_follows_your_own_move(self):
        table, page = self.start_sacrifice()
        option = page.locator(".sf-buy-options button").first
        option.focus()
        key = page.evaluate(ACTIVE_KEY)

        # Another person's move swaps the board under the focus: it stays on the same button.
        before = version(page)
        self.ben_buys()
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(300)
        assert page.evaluate(ACTIVE_KEY) == key

        # Your own move: the focus goes where the button says (the banner).
        before = version(page)
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(300)
        assert page.evaluate(ACTIVE_KEY) == "#table-status"

        # A bot takes Ben's seat and moves: the focus stays on the control it was on.
        page.locator(".sf-buy .sf-move button").last.focus()
        key = page.evaluate(ACTIVE_KEY)
        before = version(page)
        self.ben_hands_his_seat_to_a_bot(table)
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(500)
        assert page.evaluate(ACTIVE_KEY) == key


NOT_A_CONTAINER = ("#table-actions", "#table-seats", "#table-board", "BODY")


@override_settings(SARCO_AWAY_AFTER=1)  # Ben's leaving is seen within seconds
class FocusLandsOnControlsTest(PlayCase):
    def test_start_the_log_and_the_seat_tools_keep_the_focus_on_a_control(self):
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        url = f"{self.live_server_url}/play/{table.public_id}/"
        anna, ben = self.page(self.anna, DESKTOP), self.page(self.ben, DESKTOP)
        for page in (anna, ben):
            page.goto(url)
            wait_live(page)

        # "Start the game": the focus goes to the hand, or the banner while the other plays.
        anna.get_by_role("button", name="Start the game").focus()
        anna.keyboard.press("Enter")
        expect(anna.locator(".coffin")).to_be_visible(timeout=TIMEOUT)
        anna.wait_for_timeout(300)
        expected = ".pick-input" if my_turn(anna) else "#table-status"
        assert anna.evaluate(f"() => document.activeElement.matches({expected!r})")

        # "What happened", open, keeps the focus and stays open while the other moves.
        if my_turn(anna):
            before = version(anna)
            play_first_move(anna)
            wait_version_at_least(anna, before + 1)
        wait_version_at_least(ben, version(anna))
        log = anna.locator("details.event-log")
        log.locator("summary").focus()
        anna.keyboard.press("Enter")
        expect(log).to_have_attribute("open", "")
        before = version(anna)
        play_first_move(ben)
        wait_version_at_least(anna, before + 1)
        anna.wait_for_timeout(300)
        expect(log).to_have_attribute("open", "")
        assert anna.evaluate("() => document.activeElement.matches('details.event-log summary')")

        # The host hands the away seat to a bot: the focus goes to "Give the seat back".
        ben.close()
        tools = anna.locator("#table-seats details.seat-tools summary")
        expect(tools).to_be_visible(timeout=TIMEOUT)
        tools.focus()
        anna.keyboard.press("Enter")
        anna.get_by_role("button", name="Let a bot play for Ben").focus()
        anna.keyboard.press("Enter")
        give_back = anna.get_by_role("button", name="Give the seat back to Ben")
        expect(give_back).to_be_visible(timeout=TIMEOUT)
        anna.wait_for_timeout(300)
        expect(give_back).to_be_focused()
        assert anna.evaluate(ACTIVE_KEY) not in NOT_A_CONTAINER
