"""Online play by ear and by keyboard (Sacrifice, real daphne): the focus moves only after the
member's own action, never when another seat or a bot moves; what is read out is one clear
sentence per change, never repeated."""

from __future__ import annotations

import copy
import re
from itertools import pairwise
from unittest import mock

from django.test import override_settings
from playwright.sync_api import expect

from games import tables
from games.engines import get_engine
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
from tests.browser.test_play_sacrifice import play_until

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
        page.locator(".sf-buy button.sf-move").last.focus()
        key = page.evaluate(ACTIVE_KEY)
        before = version(page)
        self.ben_hands_his_seat_to_a_bot(table)
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(500)
        assert page.evaluate(ACTIVE_KEY) == key
        heard = said(page)  # each change said once, as sentences
        assert all(text[-1] in ".!?" for text in heard), heard
        assert all(a != b for a, b in pairwise(heard)), heard

    def test_each_group_of_purchases_is_one_tab_stop_and_arrows_move_within_it(self):
        _table, page = self.start_sacrifice()
        groups = page.locator(".sf-buy-options[role=group]")
        assert groups.count() >= 2
        first = groups.first.locator("button")
        assert first.count() >= 2, "a group of one cannot show the arrows"
        first.first.focus()

        # Tab leaves the group for the next one: one stop per group, not per button.
        page.keyboard.press("Tab")
        expect(groups.nth(1).locator("button").first).to_be_focused()
        page.keyboard.press("Shift+Tab")
        expect(first.first).to_be_focused()

        # Arrows move within the group, round and round; Tab then comes back to the last one.
        page.keyboard.press("ArrowRight")
        expect(first.nth(1)).to_be_focused()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        expect(first.last).to_be_focused()
        page.keyboard.press("Home")
        expect(first.first).to_be_focused()
        page.keyboard.press("End")
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        expect(first.last).to_be_focused()

        # Another seat's move redraws the board: one stop per group still, the focus kept.
        before = version(page)
        self.ben_buys()
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(300)
        expect(first.last).to_be_focused()
        stops = page.evaluate(
            """() => [...document.querySelectorAll('.sf-buy-options[role=group]')].map(
                (g) => [...g.querySelectorAll('button')].filter((b) => b.tabIndex >= 0).length)"""
        )
        assert set(stops) == {1}, stops


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


def winning_card(state) -> dict | None:
    """Anna's move that wins her the hand, when she alone is to act and has one."""
    engine = get_engine("sacrifice")
    if engine.to_act(state) != [0] or engine.view(state, 0)["phase"] != "trick":
        return None
    for move in engine.legal_moves(state, 0):
        after = engine.view(engine.apply(copy.deepcopy(state), 0, move), 0)
        if after["phase"] == "sacrifice" and after["hand_winner"] == 0:
            return move
    return None


def anna_buys_first(state) -> bool:
    """A later hand's buying, Anna first and nothing bought yet: "Done buying" buys nothing."""
    return (
        state.phase == "buy"
        and not state.simultaneous
        and get_engine("sacrifice").to_act(state) == [0]
        and not state.done[1]
        and not state.purchases[0]
    )


def sentences(texts: list[str]) -> list[str]:
    return [s for text in texts for s in re.split(r"(?<=[.!?])\s+", text) if s]


class AnnouncementsTest(PlayCase):
    """Anna wins a hand against a bot, sacrifices and plays on, by keyboard: every change is
    read out once, as sentences, and her focus follows only her own moves."""

    def test_every_change_is_one_sentence_said_once(self):
        table = play_until(self.anna, self.ben, lambda state: winning_card(state) is not None)
        card = winning_card(table.state())["play"]
        tables.hand_to_bot(table, 1, self.anna, level="easy")
        page = self.page(self.anna, DESKTOP)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        page.evaluate(RECORD)
        connection = page.locator("#connection")
        assert connection.get_attribute("role") is None  # "live" is no news on every load
        assert connection.get_attribute("aria-live") is None

        # The card that wins the hand; the focus goes to the banner, as the button says.
        page.locator(f'.sf-cards .sf-card-button:has([data-card="{card}"])').focus()
        page.keyboard.press("Enter")
        expect(page.locator(".sf-picker")).to_be_visible(timeout=TIMEOUT)
        page.wait_for_timeout(400)
        assert page.evaluate(ACTIVE_KEY) == "#table-status"
        assert "You won the hand: sacrifice cards to your altar." in sentences(said(page))

        # The sacrifice, then a stretch of moves with the bot's in between.
        page.locator(".sf-pick-input").first.focus()
        page.keyboard.press("Space")
        before = version(page)
        page.get_by_role("button", name="Sacrifice these").focus()
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(400)
        assert page.evaluate(ACTIVE_KEY) == "#table-status"
        for _ in range(6):
            if not self.my_move_by_keyboard(page):
                break
        page.wait_for_timeout(500)
        heard = said(page)
        print("said:", heard)
        log = page.evaluate(
            "() => [...document.querySelectorAll('#event-log li')].map((li) => li.textContent)"
        )
        log = [" ".join(event.split()) for event in log]

        assert all(text[-1] in ".!?" for text in heard), heard
        assert all(a != b for a, b in pairwise(heard)), heard
        assert "live" not in sentences(heard)
        assert re.fullmatch(
            r"Anna takes it with [\w ()]+ against [\w ()]+\. "
            r"Anna wins the hand \(\d to \d\) and takes [\w ()]+\. "
            r"You won the hand: sacrifice cards to your altar\.",
            heard[0],
        ), heard[0]
        next_hand = r"Anna sacrifices \d cards?\. Hand \d+: the trophy is [\w ()]+\. "
        assert re.match(next_hand, heard[1])
        assert any(re.fullmatch(r"Anna sacrifices \d cards?\.", s) for s in sentences(heard))
        for event in set(log):  # everything that happened was said, and once
            assert sentences(heard).count(event) == log.count(event), (event, heard)

    def test_a_move_whose_line_leaves_the_full_log_as_it_read_is_said(self):
        """Issue #31: the log shows its last lines; when they all read "Anna buys nothing."
        and she buys nothing again, the log reads as before, and the move is still said."""
        table = play_until(self.anna, self.ben, anna_buys_first)
        engine = table.engine
        state = table.state()
        nothing = {"kind": "buy", "seats": [0], "text": "{p0} buys nothing."}
        state.events = (nothing,) * 20
        state.events_total = 60
        table.state_json = engine.to_json(state)
        table.save(update_fields=["state_json"])
        page = self.page(self.anna, DESKTOP)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        page.evaluate(RECORD)
        lines = page.locator("#event-log li")
        expect(lines).to_have_count(6)
        before = version(page)
        page.locator("[data-focus-key=buy-done]").focus()
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(500)
        words = [" ".join(line.split()) for line in lines.all_inner_texts()]
        assert words == ["Anna buys nothing."] * 6
        assert sentences(said(page)).count("Anna buys nothing.") == 1, said(page)

    def my_move_by_keyboard(self, page) -> bool:
        """The first of Anna's cards, else "Done buying", by keyboard; the focus then is on
        the banner. False when the game is over."""
        page.wait_for_function(
            """() => document.querySelector("#table-status.turn-mine .turn-text")
                && document.querySelector(".sf-cards .sf-card-button, [data-focus-key=buy-done]")
                && !document.querySelector(".htmx-request")
                || document.querySelector(".sf-result")""",
            timeout=TIMEOUT,
        )
        button = page.locator(".sf-cards .sf-card-button, [data-focus-key=buy-done]")
        if not button.count():
            return False
        before = version(page)
        button.first.focus()
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(300)
        assert page.evaluate(ACTIVE_KEY) == "#table-status"
        return True
