"""Sarkophag online, in real browsers on a real daphne server: two people and a bot play a
game to a head limit through the UI (once every phase has shown, the rounds to its last move
through the service), a spectator watches, a stale tap is refused in place; screenshots of
every phase at phone and desktop size, axe on each."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.browser.axe import assert_accessible, assert_accessible_everywhere
from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    fits_a_phone,
    how_to_play,
    my_turn,
    played_on_by_service,
    replay_key,
    shots,
    shots_dark,
    stale_tap_is_refused,
    version,
    wait_live,
    wait_version_at_least,
)

# Played on PostgreSQL too, where the loop writes the moves on psycopg's asynchronous
# connection (docs/testing.md).
pytestmark = pytest.mark.postgres_browser


LIMIT = 40  # a few rounds with three players: a round end is seen before the game end
PHASES = {"dimmed", "direction", "round-end", "last-trick"}  # each photographed once
MAX_MOVES = 400


class SarkophagTableTest(PlayCase):
    def open_table_in_the_lobby(self, page) -> str:
        page.goto(f"{self.live_server_url}/play/")
        wait_live(page)
        page.get_by_text("New Sarkophag table").click()
        page.locator('select[name="sarkophag-seats"]').select_option("3")
        page.locator('input[name="sarkophag-limit"]').fill(str(LIMIT))
        page.locator('select[name="sarkophag-seat_2"]').select_option("bot:heuristic")
        page.get_by_role("button", name="Open the Sarkophag table").click()
        expect(page.locator("#table-status")).to_contain_text("Waiting for players")
        return page.url

    def test_two_people_and_a_bot_play_to_the_head_limit(self):
        anna = self.page(self.anna)
        url = self.open_table_in_the_lobby(anna)
        wait_live(anna)
        ben = self.page(self.ben, DESKTOP)
        ben.goto(url)
        ben.get_by_role("button", name="Take a seat").click()
        expect(anna.locator("#table-seats")).to_contain_text("Ben", timeout=TIMEOUT)
        anna.get_by_role("button", name="Start the game").click()
        for page in (anna, ben):
            expect(page.locator(".sk-hand")).to_be_visible(timeout=TIMEOUT)  # live, no reload
        wait_live(ben)
        clara = self.page(self.clara)
        clara.goto(url)
        wait_live(clara)
        expect(clara.locator(".sk-hand")).to_have_count(0)
        expect(clara.locator(".sk-trick")).to_be_visible()

        how_to_play(anna, "sarkophag", "mummy heads")
        for page, name in ((anna, "anna"), (ben, "ben"), (clara, "spectator")):
            shots(page, f"sarkophag-start-{name}")
        assert_accessible(clara, "sarkophag, spectator")

        first = self.wait_someone_to_move(anna, ben)
        stale_tap_is_refused(first, "sarkophag", ".sk-moves", ".sk-play")
        self.play_by_keyboard(first)

        table = Table.objects.get()
        seen = set()
        for _ in range(MAX_MOVES):
            if Table.objects.get(pk=table.pk).status != "playing":
                break
            mover = self.wait_someone_to_move(anna, ben)
            if mover is None:
                break
            self.phase_shots(mover, clara, seen)
            if seen >= PHASES and "played-on" not in seen:
                seen.add("played-on")  # every phase shown: the rounds to the last by service
                played_on_by_service((anna, ben, clara), table, lambda state: False)
                continue
            before = version(mover)
            opened = self.open_the_last_trick(mover, seen)
            button = mover.locator(".sk-play").first
            button.click()
            wait_version_at_least(mover, before + 1)
            if opened:  # the drawer stays open across the live swap
                expect(mover.locator("details#sk-last-trick")).to_have_attribute("open", "")
            assert fits_a_phone(anna) and fits_a_phone(clara)
        else:
            raise AssertionError("the game did not end")

        for page in (anna, ben, clara):
            expect(page.locator(".sk-result")).to_be_visible(timeout=TIMEOUT)
        table = Table.objects.get(pk=table.pk)
        assert table.status == "finished" and table.session_id
        assert "round-end" in seen or len(table.state().rounds) == 1
        expect(anna.locator(".sk-result")).to_contain_text("The fewest heads win")
        shots(anna, "sarkophag-game-end-anna")
        shots_dark(anna, "sarkophag-game-end-anna")
        shots(clara, "sarkophag-game-end-spectator")
        assert_accessible_everywhere(anna, "sarkophag, game end")

        anna.get_by_role("link", name="Replay the game").click()
        expect(anna.locator("#replay-step")).to_contain_text(f"of {table.version}")
        replay_key(anna, "Home", 0, table.version)
        for step in range(1, 5):
            replay_key(anna, "ArrowRight", step, table.version)
        expect(anna.locator(".sk-trick .sk-card")).not_to_have_count(0)
        shots(anna, "sarkophag-replay")
        assert_accessible(anna, "sarkophag, replay")

    def wait_someone_to_move(self, anna, ben):
        """The person whose turn it is, once their page says so (bots move by themselves)."""
        deadline = TIMEOUT / 250
        for _ in range(int(deadline)):
            table = Table.objects.get()
            if table.status != "playing":
                return None
            for page in (anna, ben):
                if my_turn(page) and page.locator(".sk-play").count():
                    return page
            anna.wait_for_timeout(250)
        raise AssertionError("nobody's turn came")

    def open_the_last_trick(self, page, seen: set[str]) -> bool:
        if "last-trick" in seen or not page.locator("#sk-last-trick").count():
            return False
        seen.add("last-trick")
        page.locator("#sk-last-trick summary").click()
        expect(page.locator(".sk-last-text")).to_be_visible()
        shots(page, "sarkophag-last-trick")
        return True

    def play_by_keyboard(self, page) -> None:
        """Tab to a card, Enter plays it; the focus lands on the banner, not on <body>."""
        before = version(page)
        page.locator("#table-status").focus()
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.classList.contains('sk-play')"):
                break
        else:
            raise AssertionError("no card button reached by Tab")
        page.keyboard.press("Enter")
        wait_version_at_least(page, before + 1)
        page.wait_for_timeout(300)
        assert page.evaluate("() => document.activeElement !== document.body")

    def phase_shots(self, mover, spectator, seen: set[str]) -> None:
        """The first time each phase shows: screenshots at both sizes (and dark), axe."""
        phases = {
            "dimmed": mover.locator(".sk-dimmed").count() > 0,
            "direction": mover.locator(".sk-direction-lower, .sk-direction-higher").count() > 0,
            "round-end": mover.locator(".sk-round-end").count() > 0,
        }
        for phase, showing in phases.items():
            if not showing or phase in seen:
                continue
            seen.add(phase)
            shots(mover, f"sarkophag-{phase}")
            shots_dark(mover, f"sarkophag-{phase}")
            shots(spectator, f"sarkophag-{phase}-spectator")
            assert_accessible(mover, f"sarkophag, {phase}")
            screenshot(mover, f"sarkophag-{phase}-as-is")


class SixSeatsTest(PlayCase):
    """One person against five bots, one round (no limit): six seats fit a phone."""

    def test_a_person_against_five_bots(self):
        from games import tables

        table = tables.open_table(
            "sarkophag", self.anna, seats=6, bots=dict.fromkeys(range(1, 6), "random")
        )
        tables.start(table, self.anna)
        anna = self.page(self.anna)
        anna.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(anna)
        shot_taken = False
        for _ in range(12):
            expect(anna.locator(".sk-play, .sk-result").first).to_be_visible(timeout=TIMEOUT)
            if anna.locator(".sk-result").count():
                break
            assert fits_a_phone(anna)
            if not shot_taken and anna.locator(".sk-trick .sk-card").count() >= 3:
                shots(anna, "sarkophag-six-seats")
                assert_accessible(anna, "sarkophag, six seats")
                shot_taken = True
            before = version(anna)
            anna.locator(".sk-play").first.click()
            wait_version_at_least(anna, before + 1)
        expect(anna.locator(".sk-result")).to_be_visible(timeout=TIMEOUT)
        shots(anna, "sarkophag-six-seats-end")
        assert Table.objects.get(pk=table.pk).session_id
