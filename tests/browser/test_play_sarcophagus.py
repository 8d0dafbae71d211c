"""Sarcophagus online, in real browsers on a real daphne server: two people and a bot play a
whole game through the UI (first coin by tapping a coin, second by a pick and a tile, trap
discards and passes by their buttons), a spectator watches; a trap prompt reached by a
replayed game; screenshots of every phase at phone and desktop size, axe on each."""

from __future__ import annotations

import random

import pytest
from django.test import override_settings
from playwright.sync_api import expect

from games import tables
from games.models import Table
from tests.browser.axe import assert_accessible, assert_accessible_everywhere
from tests.browser.conftest import DESKTOP
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    fits_a_phone,
    how_to_play,
    my_turn,
    replay_key,
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
CONTROLS = ".sc-coin-button, .sc-pick, .sc-tile-button, .sc-pass button"


def make_a_move(page, rng: random.Random, seen: set[str], spectator=None) -> None:
    """Whatever the page offers: a coin, a pick and a tile, a discard or the pass."""
    before = version(page)
    if page.locator(".sc-coin-button").count():
        buttons = page.locator(".sc-coin-button")
        buttons.nth(rng.randrange(buttons.count())).click()
    elif page.locator(".sc-pick").count():
        picks = page.locator(".sc-pick")
        picks.nth(rng.randrange(picks.count())).click()
        here = page.locator(".sc-here:visible")
        expect(here.first).to_be_visible()
        if "second-coin" not in seen:
            seen.add("second-coin")
            shots(page, "sarcophagus-second-coin")
            shots_dark(page, "sarcophagus-second-coin")
            assert_accessible(page, "sarcophagus, second coin")
        here.nth(rng.randrange(here.count())).click()
    elif page.locator(".sc-tile-button").count():
        if "trap" not in seen:
            seen.add("trap")
            shots(page, "sarcophagus-trap-prompt")
            assert_accessible(page, "sarcophagus, trap prompt")
        page.locator(".sc-tile-button").first.click()
    else:
        if "pass" not in seen:
            seen.add("pass")
            shots(page, "sarcophagus-pass")
        page.locator(".sc-pass button").click()
    wait_version_at_least(page, before + 1)


class SarcophagusTableTest(PlayCase):
    def test_two_people_and_a_bot_play_a_whole_game(self):
        table = tables.open_table("sarcophagus", self.anna, seats=3, bots={2: "heuristic"})
        url = f"{self.live_server_url}/play/{table.public_id}/"
        anna = self.page(self.anna)
        anna.goto(url)
        wait_live(anna)
        ben = self.page(self.ben, DESKTOP)
        ben.goto(url)
        # Once live: the socket's first frame swaps the buttons in again, and a tap on the
        # old button between its press and its release is lost (CI met it once).
        wait_live(ben)
        ben.get_by_role("button", name="Take a seat").click()
        expect(anna.locator("#table-seats")).to_contain_text("Ben", timeout=TIMEOUT)
        anna.get_by_role("button", name="Start the game").click()
        for page in (anna, ben):
            expect(page.locator(".sc-pyramid")).to_be_visible(timeout=TIMEOUT)  # live
        wait_live(ben)
        clara = self.page(self.clara)
        clara.goto(url)
        wait_live(clara)
        expect(clara.locator(".sc-hand")).to_have_count(0)
        expect(clara.locator(".sc-forced")).to_have_count(1)

        how_to_play(anna, "sarcophagus", "sarcophagus")
        for page, name in ((anna, "anna"), (ben, "ben"), (clara, "spectator")):
            shots(page, f"sarcophagus-start-{name}")
        assert_accessible(clara, "sarcophagus, spectator")

        first = self.wait_someone_to_move(anna, ben)
        stale_tap_is_refused(first, "sarcophagus", ".sc-moves", ".sc-coin-button")
        self.play_by_keyboard(first)

        rng = random.Random(7)
        seen: set[str] = set()
        table = Table.objects.get()
        for _ in range(MAX_MOVES):
            if Table.objects.get(pk=table.pk).status != "playing":
                break
            mover = self.wait_someone_to_move(anna, ben)
            if mover is None:
                break
            if "first-coin" not in seen and mover.locator(".sc-coin-button").count():
                seen.add("first-coin")
                shots(mover, "sarcophagus-first-coin")
                assert_accessible(mover, "sarcophagus, first coin")
            self.phase_shots(mover, clara, seen)
            make_a_move(mover, rng, seen)
            assert fits_a_phone(anna) and fits_a_phone(clara)
        else:
            raise AssertionError("the game did not end")

        for page in (anna, ben, clara):
            expect(page.locator(".sc-result")).to_be_visible(timeout=TIMEOUT)
        table = Table.objects.get(pk=table.pk)
        assert table.status == "finished" and table.session_id
        expect(anna.locator(".sc-result")).to_contain_text("Number tiles")
        shots(anna, "sarcophagus-game-end-anna")
        shots_dark(anna, "sarcophagus-game-end-anna")
        shots(clara, "sarcophagus-game-end-spectator")
        assert_accessible_everywhere(anna, "sarcophagus, game end")

        anna.get_by_role("link", name="Replay the game").click()
        expect(anna.locator("#replay-step")).to_contain_text(f"of {table.version}")
        replay_key(anna, "Home", 0, table.version)
        replay_key(anna, "ArrowRight", 1, table.version)
        expect(anna.locator(".sc-pyramid")).to_be_visible()
        shots(anna, "sarcophagus-replay")

    def wait_someone_to_move(self, anna, ben):
        """The person whose turn it is, once their page offers a control (bots move alone)."""
        for _ in range(int(TIMEOUT / 250)):
            if Table.objects.get().status != "playing":
                return None
            for page in (anna, ben):
                if my_turn(page) and page.locator(CONTROLS).count():
                    return page
            anna.wait_for_timeout(250)
        raise AssertionError("nobody's turn came")

    def play_by_keyboard(self, page) -> None:
        """Tab to a coin, Enter places it; the focus goes to the second coin's picks, Space
        picks one, Tab reaches a tile's button, Enter places it there."""
        before = version(page)
        page.locator("#table-status").focus()
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('.sc-coin-button')"):
                break
        else:
            raise AssertionError("no coin button reached by Tab")
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(500)  # the socket's push of the same version swaps once more
        expect(page.locator(".sc-pick input").first).to_be_focused(timeout=TIMEOUT)
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
        expect(page.locator(".sc-here:focus")).to_have_count(1)
        shots(page, "sarcophagus-keyboard-second-coin")
        before = version(page)
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)

    def phase_shots(self, mover, spectator, seen: set[str]) -> None:
        """The first time each phase shows: screenshots at both sizes, axe."""
        phases = {
            "tie": mover.locator(".sc-news li", has_text="Tie on").count() > 0,
            "sarcophagus-taken": mover.locator(".sc-back-sarcophagus").count() > 0,
            "claims": mover.locator(".sc-claimed .sc-tile").count() >= 4,
        }
        for phase, showing in phases.items():
            if not showing or phase in seen:
                continue
            seen.add(phase)
            shots(mover, f"sarcophagus-{phase}")
            shots(spectator, f"sarcophagus-{phase}-spectator")
            assert_accessible(mover, f"sarcophagus, {phase}")


@override_settings(SARCO_BOT_RUNNER=False)
class TrapPromptTest(PlayCase):
    """Three people; the moves up to a trap's prompt are played through the service, then
    the claimer answers it in the browser while another player watches."""

    def setUp(self):
        super().setUp()
        self.people = [self.anna, self.ben, self.clara]

    def table_at_a_trap(self) -> Table:
        return table_played_until(
            "sarcophagus",
            self.people,
            lambda state: state.pending is not None and state.phase == "play",
            tries=60,
        )

    def test_the_claimer_of_a_trap_chooses_the_tile_to_give_up(self):
        table = self.table_at_a_trap()
        claimer = table.state().pending
        url = f"{self.live_server_url}/play/{table.public_id}/"
        page = self.page(self.people[claimer])
        page.goto(url)
        wait_live(page)
        other = self.page(self.people[(claimer + 1) % 3], DESKTOP)
        other.goto(url)
        wait_live(other)
        expect(page.locator(".sc-decide")).to_contain_text("Give up one number tile")
        expect(other.locator(".sc-prompt")).to_contain_text("chooses a number tile")
        expect(other.locator(".sc-tile-button")).to_have_count(0)
        shots(page, "sarcophagus-trap-prompt")
        shots_dark(page, "sarcophagus-trap-prompt")
        shots(other, "sarcophagus-trap-waiting")
        assert_accessible(page, "sarcophagus, trap prompt")
        assert fits_a_phone(page)
        before = version(page)
        choice = page.locator(".sc-tile-button").first
        tile = choice.locator("[data-tile]").get_attribute("data-tile")
        choice.click()
        wait_version_at_least(other, before + 1)
        expect(other.locator(".sc-news")).to_contain_text("to a trap")
        assert tile in Table.objects.get(pk=table.pk).state_json["discarded"]


class TwoPlayersTest(PlayCase):
    """One person against a bot: two suits each, twelve coins in hand, to the end."""

    def test_a_person_with_two_suits_against_a_bot(self):
        table = tables.open_table("sarcophagus", self.anna, seats=2, bots={1: "random"})
        tables.start(table, self.anna)
        anna = self.page(self.anna)
        anna.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(anna)
        rng = random.Random(2)
        seen: set[str] = {"second-coin", "trap", "pass"}  # their screenshots come from above
        for move in range(MAX_MOVES):
            expect(anna.locator(f"{CONTROLS}, .sc-result").first).to_be_visible(timeout=TIMEOUT)
            if anna.locator(".sc-result").count():
                break
            if move == 0:
                expect(anna.locator(".sc-coin-button")).to_have_count(12)
                shots(anna, "sarcophagus-two-suits")
                assert_accessible(anna, "sarcophagus, two suits")
            assert fits_a_phone(anna)
            make_a_move(anna, rng, seen)
        expect(anna.locator(".sc-result")).to_be_visible(timeout=TIMEOUT)
        shots(anna, "sarcophagus-two-suits-end")
        assert Table.objects.get(pk=table.pk).session_id
