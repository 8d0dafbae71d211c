"""Sacrifice online, in real browsers on a real daphne server: two people buy and reveal the
first trick in secret ("waiting for your opponent", a spectator sees only *that* they chose),
then a bot takes one seat and the other person plays the whole game through the UI; a stale
tap is refused in place; the sacrifice is picked card by card and confirmed; screenshots of
every phase at phone and desktop size, axe on each."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from unittest import mock

import pytest
from django.test import override_settings
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from games import tables
from games.models import Table
from tests.browser.axe import assert_accessible, assert_accessible_everywhere
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    fits_a_phone,
    how_to_play,
    my_turn,
    shots,
    shots_dark,
    stale_tap_is_refused,
    table_played_until,
    version,
    wait_live,
    wait_version_at_least,
)

# Played on PostgreSQL too, where the loop writes the moves on psycopg's asynchronous
# connection (docs/testing.md).
pytestmark = pytest.mark.postgres_browser

MAX_MOVES = 600
BUYING_DEAL = 1  # the seed of a deal that offers the first seat a purchase
# Ben's leaving is seen within seconds, not a minute; not within one: with a second, a busy
# server can count even Anna away between two of her own beats, and back, and every such
# flap draws her page again at the same version (a hundred and more in a throttled game),
# now and then under her tap.
AWAY_AFTER = 3
BUTTONS = ".sf-picker .sf-pick-input, .sf-cards .sf-card-button, .sf-buy button.sf-move"


# The board's own HTML swapped in again, as the server would send it (not yet set up).
SWAP_THE_BOARD_AGAIN = """() => {
    const board = document.getElementById("table-board");
    const html = board.outerHTML.replace(/ data-ready="1"/g, "");
    htmx.swap(board, html, {swapStyle: "outerHTML"});
}"""


def moved_on(page, table: Table, before: int) -> bool:
    """The page shows a version after ``before`` (her move, or a refusal bringing the table
    as it stands): True. False when nothing happened at all, neither on the page nor at the
    table, and nothing was said: the tap hit a control the page was swapping out (beside a
    full run a same-version redraw can land mid-tap), so nothing was sent; she looks again,
    as a person would. Otherwise fail with what the page and the table say, to tell a lost
    move (the table did not move) from a page left behind (it did) or a refused tap."""
    try:
        wait_version_at_least(page, before + 1)
        return True
    except PlaywrightTimeoutError as error:
        table = Table.objects.get(pk=table.pk)
        said = page.locator("#move-error").text_content()
        if table.version == before == version(page) and not (said or "").strip():
            return False
        raise AssertionError(
            f"no version after {before}: the page shows {version(page)}, the table is at "
            f"{table.version} (to act: {table.to_act}), refusal: {said!r}"
        ) from error


def let_a_bot_play_for(seats, name: str) -> None:
    """The host opens the seat's tools once it shows its person away and lets a bot play.
    With a threshold of seconds the away state can flap once: a closing socket processed
    longer than that after its last beat marks its person seen ("back", the seats drawn
    again, the drawer closed), then away again. So, as a person would, she
    opens the drawer again if it closed before her tap."""
    summary = seats.locator("details summary").first
    button = seats.get_by_role("button", name=f"Let a bot play for {name}")
    for _ in range(4):
        expect(summary).to_contain_text(f"{name} has been away since", timeout=TIMEOUT)
        if not seats.locator("details[open]").count():
            summary.click()
        try:
            button.click(timeout=3000)
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError(f"no way to let a bot play for {name}")


TAP_TIMEOUT = 5_000  # ms: a control that has not taken a tap by then was swapped away


def settle(page) -> None:
    """No move request in flight: a bot's move can reach the socket before the poster's own
    answer, and a tap meanwhile would hit a button htmx has disabled."""
    page.wait_for_function(
        "() => !document.querySelector('[data-disabled-by-htmx], .htmx-request')", timeout=TIMEOUT
    )


@override_settings(SARCO_AWAY_AFTER=AWAY_AFTER)
class SacrificeTableTest(PlayCase):
    def test_two_people_buy_in_secret_then_one_plays_a_bot_to_the_end(self):
        table = tables.open_table("sacrifice", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        # A deal that offers Anna a purchase: about one deal in two hundred offers the first
        # seat none, and this test buys (CI met one).
        with mock.patch("games.tables.secrets.randbits", return_value=BUYING_DEAL):
            table = tables.start(table, self.anna)
        assert any("buy" in move for move in table.engine.legal_moves(table.state(), 0))
        url = f"{self.live_server_url}/play/{table.public_id}/"
        anna, ben, clara = self.page(self.anna), self.page(self.ben, DESKTOP), self.page(self.clara)
        for page in (anna, ben, clara):
            page.goto(url)
            wait_live(page)
        expect(clara.locator(".sf-cards")).to_have_count(0)
        how_to_play(anna, "sacrifice", "altar")
        shots(anna, "sacrifice-buying-anna")
        shots_dark(anna, "sacrifice-buying-anna")
        assert_accessible(anna, "sacrifice, buying")
        stale_tap_is_refused(anna, "sacrifice", "#table-board form", ".sf-buy-options button")

        # Anna buys one card in secret and is done: she waits, Ben and Clara see only that.
        bought = self.buy_first(anna)
        anna.get_by_role("button", name="Done buying").click()
        expect(anna.locator("#sf-prompt")).to_contain_text("waiting for your opponent")
        expect(anna.locator(".sf-buy")).to_have_count(0)
        expect(anna.locator(".sf")).to_contain_text("You bought:")
        for page in (ben, clara):
            expect(page.locator(".sf-ready").first).to_contain_text("done buying", timeout=TIMEOUT)
            expect(page.locator(".sf-players")).not_to_contain_text("Bought this hand")
        shots(anna, "sacrifice-buying-waiting")
        shots(clara, "sacrifice-buying-spectator")
        ben.get_by_role("button", name="Done buying").click()
        for page in (anna, ben):
            expect(page.locator(".sf-cards .sf-card-button").first).to_be_visible(timeout=TIMEOUT)
        revealed = clara.locator(f'.sf-players [data-card="{bought}"]')
        expect(revealed.first).to_be_visible(timeout=TIMEOUT)  # revealed to everyone

        # The first trick: Anna chooses in secret; Ben and Clara see a back and "has chosen".
        card = self.play_by_keyboard(anna)
        expect(anna.locator("#sf-prompt")).to_contain_text("waiting for your opponent")
        expect(anna.locator(".sf-chosen .card")).to_have_attribute("data-card", card)
        for page in (ben, clara):
            expect(page.locator(".sf-trick .card-back")).to_have_count(1, timeout=TIMEOUT)
            expect(page.locator(f'.sf-trick [data-card="{card}"]')).to_have_count(0)
        shots(anna, "sacrifice-reveal-waiting")
        shots(ben, "sacrifice-reveal-opponent-chose")
        assert_accessible(ben, "sacrifice, secret reveal")

        # Ben leaves; Anna, the host, lets a bot play his seat and plays on to the end.
        ben.close()
        seats = anna.locator("#table-seats")
        let_a_bot_play_for(seats, "Ben")
        expect(seats).to_contain_text("bot", timeout=TIMEOUT)
        seen: set[str] = set()
        unanswered = 0
        for _ in range(MAX_MOVES):
            if Table.objects.get(pk=table.pk).status != "playing":
                break
            if not self.wait_my_turn(anna):
                break
            self.phase_shots(anna, clara, seen)
            before = version(anna)
            if not self.move(anna):
                continue
            if not moved_on(anna, table, before):
                unanswered += 1
                assert unanswered <= 2, "taps twice went unanswered: a move may be lost"
                continue
            settle(anna)
            assert fits_a_phone(anna) and fits_a_phone(clara)
        else:
            raise AssertionError("the game did not end")

        for page in (anna, clara):
            expect(page.locator(".sf-result")).to_be_visible(timeout=TIMEOUT)
        table = Table.objects.get(pk=table.pk)
        assert table.status == "finished" and table.session_id
        assert "sacrifice" in seen
        shots(anna, "sacrifice-game-end-anna")
        shots_dark(anna, "sacrifice-game-end-anna")
        shots(clara, "sacrifice-game-end-spectator")
        assert_accessible_everywhere(anna, "sacrifice, game end")

    def play_by_keyboard(self, page) -> str:
        """Tab from the banner to a card of the hand, Enter plays it; the focus lands on the
        banner, not on <body>. Returns the card."""
        before = version(page)
        page.locator("#table-status").focus()
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate(
                "() => !!document.activeElement.closest('.sf-cards')"
                " && document.activeElement.classList.contains('sf-card-button')"
            ):
                break
        else:
            raise AssertionError("no card of the hand reached by Tab")
        card = page.evaluate(
            "() => document.activeElement.querySelector('[data-card]').dataset.card"
        )
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        settle(page)
        assert page.evaluate("() => document.activeElement !== document.body")
        return card

    def buy_first(self, page) -> str:
        """Tap the first purchase offered; the page lists it as bought. Returns its card."""
        option = page.locator(".sf-buy-options button").first
        card = option.locator(".card").get_attribute("data-card")
        before = version(page)
        option.click()
        wait_version_at_least(page, before + 1)
        expect(page.locator(".sf-bought")).to_contain_text(card[:-1])
        return card

    def move(self, page) -> bool:
        """The sacrifice's first choice, else the first card of the hand, else done buying
        (one purchase in odd hands when there is one). False when the control chosen went
        away before the tap (the bot's move swapped the board in): look again, as a person
        would."""
        buttons = page.locator(BUTTONS)
        picker = page.locator(".sf-picker")
        if picker.count():
            pick_and_sacrifice(page)
            return True
        play = page.locator(".sf-cards .sf-card-button")
        options = page.locator(".sf-buy-options button")
        if play.count():
            control = play.first
        elif (
            options.count()
            and int(page.locator(".sf-hand-no").inner_text().split()[1]) % 2
            and not page.locator(".sf-bought").count()
        ):
            control = options.first
        else:
            control = buttons.last
        try:
            control.click(timeout=TAP_TIMEOUT)
        except PlaywrightTimeoutError:
            return False
        return True

    def wait_my_turn(self, page) -> bool:
        for _ in range(int(TIMEOUT / 250)):
            if Table.objects.get().status != "playing":
                return False
            if my_turn(page) and page.locator(BUTTONS).count():
                return True
            page.wait_for_timeout(250)
        raise AssertionError("Anna's turn never came")

    def phase_shots(self, page, spectator, seen: set[str]) -> None:
        """The first time each phase shows: screenshots at both sizes (and dark), axe."""
        phases = {
            "sacrifice": page.locator(".sf-sacrifice").count() > 0,
            "sacrifice-several": page.locator(
                ".sf-picker[data-limit]:not([data-limit='1'])"
            ).count()
            > 0,
            "tie": page.locator(".sf-outcome", has_text="tie").count() > 0,
            "sudden-death": page.locator("#sf-trick-title", has_text="Sudden death").count() > 0,
            "led-trick": page.locator(".sf-slot .card:not(.card-back)").count() > 0,
            "later-buying": page.locator(".sf-buy").count() > 0
            and page.locator(".sf-hand-no").inner_text().split()[1] != "1",
        }
        for phase, showing in phases.items():
            if not showing or phase in seen:
                continue
            seen.add(phase)
            if phase == "tie":
                page.locator("#sf-tricks summary").click()
            shots(page, f"sacrifice-{phase}")
            shots_dark(page, f"sacrifice-{phase}")
            shots(spectator, f"sacrifice-{phase}-spectator")
            assert_accessible(page, f"sacrifice, {phase}")


def sacrifice_shots(page, name: str) -> None:
    """Full-page screenshots at phone and desktop size, and the sacrifice section alone at
    each size (legible at full resolution)."""
    shots(page, name)
    original = page.viewport_size
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        screenshot(page.locator(".sf-sacrifice"), f"{name}-{label}-section")
    page.set_viewport_size(original)


def pick_and_sacrifice(page) -> None:
    """The sacrifice as a person makes it: with a limit of one, a second card picked replaces
    the first; then the first card is picked and "Sacrifice these" posts it."""
    cards = page.locator(".sf-pick")
    boxes = page.locator(".sf-pick-input")
    confirm = page.get_by_role("button", name="Sacrifice these")
    expect(page.locator(".sf-all-choices")).to_be_hidden()
    expect(confirm).to_be_disabled()
    if page.locator(".sf-picker").get_attribute("data-limit") == "1" and cards.count() > 1:
        cards.nth(1).click()
        expect(boxes.nth(1)).to_be_checked()
        cards.first.click()
        expect(boxes.nth(1)).not_to_be_checked()
    else:
        cards.first.click()
    expect(boxes.first).to_be_checked()
    expect(confirm).to_be_enabled()
    confirm.click()


def play_until(anna, ben, predicate, *, greedy=False) -> Table:
    """A table of Anna and Ben played with random legal moves until ``predicate(state)``
    holds; ``greedy`` sacrifices as many cards as allowed."""
    return table_played_until(
        "sacrifice", [anna, ben], predicate, choose=most_sacrificed if greedy else None
    )


def most_sacrificed(rng: random.Random, moves: list) -> dict:
    if "sacrifice" in moves[0]:
        return max(moves, key=lambda m: len(m["sacrifice"]))
    return rng.choice(moves)


class SacrificeBuyingOnAPhoneTest(PlayCase):
    """Buying on a phone: the purchases are one compact screen right after the hand, not a
    page of full cards below the market."""

    def test_the_purchases_fit_one_screen_after_the_hand(self):
        table = tables.open_table("sacrifice", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        with mock.patch("games.tables.secrets.randbits", return_value=BUYING_DEAL):
            table = tables.start(table, self.anna)
        offers = [m for m in table.engine.legal_moves(table.state(), 0) if "buy" in m]
        assert len(offers) >= 20  # the deal offers many purchases: the case to fit
        anna = self.page(self.anna)
        anna.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(anna)
        buy = anna.locator(".sf-buy")
        expect(buy.locator(".sf-buy-options button")).to_have_count(len(offers))
        box = buy.bounding_box()
        assert box["height"] <= PHONE["height"], box
        market = anna.locator(".sf-market").bounding_box()
        hand = anna.locator(".sf-hand").bounding_box()
        assert hand["y"] < box["y"] < market["y"]  # the choice before the reference
        assert fits_a_phone(anna)
        # By keyboard, each purchase is a button saying what it buys with what.
        first = buy.locator(".sf-buy-options button").first
        first.focus()
        expect(first).to_have_accessible_name(re.compile(r"^Buy .+ with .+ and .+$"))
        shots(anna, "sacrifice-buying-compact")


class SacrificeRarePhasesTest(PlayCase):
    """Sudden death and a loss by running out of cards, reached through the service, then
    looked at in the browser by a player and a spectator."""

    def look(self, table) -> list:
        url = f"{self.live_server_url}/play/{table.public_id}/"
        pages = []
        for user in (self.anna, self.clara):
            page = self.page(user)
            page.goto(url)
            wait_live(page)
            pages.append(page)
        return pages

    def test_sudden_death_is_named_and_the_choices_stay_secret(self):
        def sudden_death_with_ben_chosen(state):
            return state.phase == "trick" and state.sudden and state.table[1] and not state.table[0]

        table = play_until(self.anna, self.ben, sudden_death_with_ben_chosen)
        ben_card = table.state().table[1]
        anna, clara = self.look(table)
        for page in (anna, clara):
            expect(page.locator("#sf-trick-title")).to_have_text("Sudden death")
            expect(page.locator(".sf-trick .card-back")).to_have_count(1)
            expect(page.locator(f'.sf-trick [data-card="{ben_card}"]')).to_have_count(0)
        expect(anna.locator("#sf-prompt")).to_contain_text("Sudden death")
        shots(anna, "sacrifice-sudden-death")
        shots_dark(anna, "sacrifice-sudden-death")
        shots(clara, "sacrifice-sudden-death-spectator")
        assert_accessible(anna, "sacrifice, sudden death")
        assert fits_a_phone(anna) and fits_a_phone(clara)

    def test_a_loss_by_running_out_of_cards_is_explained(self):
        table = play_until(
            self.anna, self.ben, lambda s: s.phase == "over" and s.loser_by_cards >= 0, greedy=True
        )
        anna, clara = self.look(table)
        for page in (anna, clara):
            expect(page.locator(".sf-result")).to_contain_text("fewer than 7 cards")
        shots(anna, "sacrifice-lost-by-cards")
        shots(clara, "sacrifice-lost-by-cards-spectator")
        assert_accessible(anna, "sacrifice, lost by cards")
        assert fits_a_phone(anna)


class SacrificePickerTest(PlayCase):
    """The winner of a hand picks cards to sacrifice (checkboxes styled as cards), sees what
    the pick is worth and the button follow what is legal, confirms, and the table moves on;
    a spectator's page holds no picker."""

    def test_pick_cards_see_the_button_follow_the_rules_and_sacrifice_them(self):
        def anna_sacrifices_up_to_two_or_more(state):
            return (
                state.phase == "sacrifice"
                and state.hand_winner == 0
                and state.limit >= 2
                and len(state.played[0] + state.hand[0]) > state.limit
                and state.trophies  # not the last hand: the game goes on
                and state.pool(0) - state.limit >= 7
            )

        table = play_until(self.anna, self.ben, anna_sacrifices_up_to_two_or_more)
        state = table.state()
        limit = state.limit
        legal = table.engine.legal_moves(state, 0)
        url = f"{self.live_server_url}/play/{table.public_id}/"
        anna = self.page(self.anna)
        clara = self.page(self.clara)
        for page in (anna, clara):
            page.goto(url)
            wait_live(page)

        # The picker replaces the wall of buttons; only Anna's page has it, with her moves.
        picker = anna.locator(".sf-picker")
        expect(picker).to_be_visible()
        expect(anna.locator(".sf-all-choices")).to_be_hidden()
        assert json.loads(picker.get_attribute("data-moves")) == legal
        expect(clara.locator("form[data-sacrifice-picker]")).to_have_count(0)
        expect(clara.locator(".sf-sacrifice")).to_have_count(0)
        cards = anna.locator(".sf-pick")
        boxes = anna.locator(".sf-pick-input")
        assert cards.count() == len(state.played[0] + state.hand[0])

        # Without the picker's script (blocked here), the list of every choice does the job.
        plain = self.page(self.anna)
        plain.route("**/sacrifice-pick.js", lambda route: route.abort())
        plain.goto(url)
        wait_live(plain)
        expect(plain.locator(".sf-picker")).to_be_hidden()
        expect(plain.locator(".sf-all-choices")).to_be_visible()
        expect(plain.locator(".sf-all-choices .sf-card-button").first).to_be_visible()
        assert plain.locator(".sf-all-choices .sf-card-button").count() == len(legal)
        shots(plain, "sacrifice-pick-without-script")
        assert_accessible(plain, "sacrifice, the list without the picker's script")
        plain.close()
        confirm = anna.get_by_role("button", name="Sacrifice these")
        line = anna.locator("#sf-picked")
        expect(confirm).to_be_disabled()
        expect(line).to_have_text("No cards picked yet.")
        sacrifice_shots(anna, "sacrifice-pick-none")
        shots_dark(anna, "sacrifice-pick-none")
        assert_accessible_everywhere(anna, "sacrifice, picking")
        assert fits_a_phone(anna)

        # One card by tap: the line names it and what it scores; the button is enabled.
        first = boxes.first
        first_text = anna.evaluate("(el) => el.dataset.text", first.element_handle())
        first_points = int(first.get_attribute("data-points"))
        cards.first.click()
        expect(first).to_be_checked()
        expect(line).to_contain_text(f"1 card picked: {first_text} (+{first_points} to your score)")
        expect(confirm).to_be_enabled()

        # More than the limit: the button goes off and says why; one fewer and it is back.
        for n in range(1, limit + 1):
            cards.nth(n).click()
        expect(line).to_contain_text(f"{limit + 1} cards picked")
        expect(line).to_contain_text(f"at most {limit} cards")
        expect(confirm).to_be_disabled()
        sacrifice_shots(anna, "sacrifice-pick-too-many")
        cards.nth(limit).click()
        expect(boxes.nth(limit)).not_to_be_checked()
        expect(confirm).to_be_enabled()
        expect(line).not_to_contain_text("at most")

        # By keyboard: Space on a focused card takes it back out of the pick.
        boxes.nth(1).focus()
        anna.keyboard.press("Space")
        expect(boxes.nth(1)).not_to_be_checked()
        expect(line).to_contain_text(f"{limit - 1} card")
        anna.keyboard.press("Space")
        expect(boxes.nth(1)).to_be_checked()
        expect(line).to_contain_text(f"{limit} cards picked")
        expect(confirm).to_be_enabled()
        sacrifice_shots(anna, "sacrifice-pick-picked")
        shots_dark(anna, "sacrifice-pick-picked")
        assert_accessible(anna, "sacrifice, cards picked")
        picked = [boxes.nth(i).get_attribute("value") for i in range(limit)]

        # The board swapped in again at the same version (a move's answer, then the socket's
        # push of it) comes back unticked: play.js puts the picks back and the button follows.
        anna.evaluate(SWAP_THE_BOARD_AGAIN)
        for i in range(limit):
            expect(boxes.nth(i)).to_be_checked()
        expect(line).to_contain_text(f"{limit} cards picked")
        expect(confirm).to_be_enabled()

        # A confirm on a version the table has left is refused in place; the pick stays.
        stale_tap_is_refused(anna, "sacrifice-pick", ".sf-picker", ".sf-confirm")
        expect(confirm).to_be_enabled()
        for i in range(limit):
            expect(boxes.nth(i)).to_be_checked()

        # Confirm: exactly the legal move whose cards were picked is posted; the table moves on.
        before = version(anna)
        confirm.click()
        wait_version_at_least(anna, before + 1)
        settle(anna)
        expect(anna.locator(".sf-sacrifice")).to_have_count(0)
        expect(anna.locator(".sf-picker")).to_have_count(0)
        expect(anna.locator("#move-error")).to_be_hidden()
        table = Table.objects.get(pk=table.pk)
        posted = table.moves.order_by("-number").first().move
        assert posted in legal and Counter(posted["sacrifice"]) == Counter(picked)
        assert posted["sacrifice"] == sorted(picked)  # the engine's own order
        after = table.state()
        assert after.phase != "sacrifice"
        assert Counter(after.altar[0]) - Counter(state.altar[0]) == Counter(picked)
        expect(anna.locator("#sf-altar summary")).to_contain_text(
            f"{len(after.altar[0])} card", timeout=TIMEOUT
        )
        expect(clara.locator("#table-status")).to_have_attribute(
            "data-version", str(table.version), timeout=TIMEOUT
        )
        shots(anna, "sacrifice-pick-done")
        assert_accessible(anna, "sacrifice, after the sacrifice")
