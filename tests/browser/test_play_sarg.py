"""Sarg online, in real browsers on a real daphne server: two people play a game from its
first round to its end (the rounds between through the service), a spectator watches, a
refused move says why, and the replay steps through it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.engines.sarg import ROUNDS_PER_DECK
from games.models import Table
from tests.browser.axe import assert_accessible, assert_accessible_everywhere
from tests.browser.conftest import DESKTOP
from tests.browser.play_helpers import (
    TIMEOUT,
    PlayCase,
    my_turn,
    play_first_move,
    play_first_move_by_keyboard,
    played_on_by_service,
    replay_key,
    shots,
    version,
    wait_live,
    wait_version,
)

# Played on PostgreSQL too, where the loop writes the moves on psycopg's asynchronous
# connection (docs/testing.md).
pytestmark = pytest.mark.postgres_browser


class TwoPlayersTest(PlayCase):
    def open_table_in_the_lobby(self, host_page) -> str:
        host_page.goto(f"{self.live_server_url}/play/")
        wait_live(host_page)
        shots(host_page, "play-lobby")
        assert_accessible(host_page, "lobby")
        host_page.get_by_text("New Sarg table").click()
        host_page.get_by_role("button", name="Open the Sarg table").click()
        expect(host_page.locator("#table-status")).to_contain_text("Waiting for players")
        return host_page.url

    def test_two_people_play_a_whole_game_and_a_spectator_watches(self):
        anna = self.page(self.anna, DESKTOP)
        url = self.open_table_in_the_lobby(anna)
        wait_live(anna)
        invite = anna.locator("#invite-link").input_value()
        assert invite == url
        anna.get_by_role("button", name="Copy").click()
        expect(anna.get_by_role("button", name="Copied")).to_be_visible()
        assert_accessible(anna, "open table, host")

        clara = self.page(self.clara)
        clara.goto(f"{self.live_server_url}/play/")
        wait_live(clara)
        table_link = clara.locator(f'a[href="{url.removeprefix(self.live_server_url)}"]')
        expect(table_link).to_contain_text("Join")

        ben = self.page(self.ben)
        ben.goto(invite)
        ben.get_by_role("button", name="Take a seat").click()
        expect(anna.locator("#table-seats")).to_contain_text("Ben", timeout=TIMEOUT)
        anna.get_by_role("button", name="Start the game").click()
        wait_version(anna, 0)
        expect(anna.locator(".coffin")).to_be_visible(timeout=TIMEOUT)
        expect(ben.locator(".coffin")).to_be_visible(timeout=TIMEOUT)  # live, no reload
        wait_live(ben)

        expect(table_link).to_contain_text("Watch", timeout=TIMEOUT)  # the lobby, live
        shots(clara, "play-lobby-running")
        assert_accessible(clara, "lobby with a running table")
        table_link.click()
        wait_live(clara)
        expect(clara.locator(".card-pick")).to_have_count(0)

        for page, name in ((anna, "anna"), (ben, "ben"), (clara, "spectator")):
            shots(page, f"play-table-start-{name}")
        assert_accessible_everywhere(anna if my_turn(anna) else ben, "table, your turn")
        assert_accessible(clara, "table, spectator")

        mover = anna if my_turn(anna) else ben
        expect(mover).to_have_title("▶ Your turn · Sarg · sarco")  # static/js/play.js
        waiter = ben if mover is anna else anna
        assert waiter.title().startswith("Waiting for ")
        expect(waiter.locator("button.cell-move:visible")).to_have_count(0)

        self.refused_move_shows_its_message(mover)

        table = Table.objects.get()
        number = version(anna)
        play_first_move_by_keyboard(mover)
        for page in (anna, ben, clara):
            wait_version(page, number + 1)
        expect(mover.locator("#table-status")).to_be_focused()  # not lost to <body>
        seen_round_end = False
        while True:
            number = version(anna)
            if Table.objects.get(pk=table.pk).status != "playing":
                break
            mover = anna if my_turn(anna) else ben
            play_first_move(mover)
            for page in (anna, ben, clara):
                wait_version(page, number + 1)
            if not seen_round_end and anna.locator(".round-end").count():
                seen_round_end = True
                expect(ben.locator(".round-end")).to_be_visible()
                shots(anna, "play-round-end-anna")
                shots(clara, "play-round-end-spectator")
                assert_accessible(anna, "round end")
                table = played_on_by_service(
                    (anna, ben, clara), table, lambda state: state.round == ROUNDS_PER_DECK
                )
            if anna.locator("#game-result").count():
                break
        assert seen_round_end

        for page in (anna, ben, clara):
            expect(page.locator("#game-result")).to_be_visible(timeout=TIMEOUT)
        expect(anna.locator(".bonus")).to_be_visible()
        table = Table.objects.get(pk=table.pk)
        assert table.status == "finished" and table.session_id
        shots(anna, "play-game-end-anna")
        shots(clara, "play-game-end-spectator")
        assert_accessible_everywhere(anna, "game end")

        anna.get_by_role("link", name="The recorded score sheet").click()
        expect(anna).to_have_url(re.compile(r"/scorekeeper/[0-9a-f-]+/$"))
        anna.go_back()

        anna.get_by_role("link", name="Replay the game").click()
        expect(anna.locator("#replay-step")).to_contain_text(f"of {table.version}")
        replay_key(anna, "Home", 0, table.version)
        for step in range(1, 10):
            replay_key(anna, "ArrowRight", step, table.version)
        replay_key(anna, "ArrowLeft", 8, table.version)
        shots(anna, "play-replay-step")
        assert_accessible_everywhere(anna, "replay")

        anna.go_back()
        anna.go_back()
        anna.go_back()
        ben.get_by_role("button", name="Rematch").click()
        expect(ben.locator("#table-status")).to_contain_text("Waiting for players")
        assert Table.objects.filter(rematch_of=table).count() == 1

    def refused_move_shows_its_message(self, page) -> None:
        """A move posted with an old version (another tab got there first) is refused in
        place; nothing changes."""
        number = version(page)
        page.evaluate(
            """() => document.querySelectorAll('.sarg-moves input[name=version]')
                   .forEach((input) => { input.value = '999'; })"""
        )
        play_first_move(page)
        error = page.locator("#move-error")
        expect(error).to_be_visible(timeout=TIMEOUT)
        expect(error).to_contain_text("moved on")
        assert version(page) == number
        shots(page, "play-refused-move")
        assert_accessible(page, "refused move")
        page.evaluate(
            f"""() => document.querySelectorAll('.sarg-moves input[name=version]')
                   .forEach((input) => {{ input.value = '{number}'; }})"""
        )
