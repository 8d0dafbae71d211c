"""Whole games by ear and by keyboard alone, against a bot (real daphne): every move made with
keys only, the focus checked after every update (the member's own move, the bot's), every
event of the game read out once as a sentence (the bot's moves, each round's result, the final
scores), and the board readable in words mid-game (the accessibility tree)."""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import expect

from games import tables
from games.boards.sarg import _event_text, _final_scores
from games.labels import seat_names
from games.models import Table
from games.replay import table_states
from scoring.faces import card_face
from tests.browser.conftest import DESKTOP
from tests.browser.play_helpers import TIMEOUT, PlayCase, shots, version, wait_live
from tests.browser.test_play_by_ear import ACTIVE_KEY, RECORD, said, sentences

MAX_TURNS = 40
TAB_LIMIT = 12  # keys from the banner to the hand: the page's other controls come later

MY_TURN_OR_OVER = """() => {
    const status = document.getElementById("table-status");
    const busy = document.querySelector(".htmx-request");
    return !busy && (status.classList.contains("turn-over")
        || (status.classList.contains("turn-mine") && document.querySelector(".pick-input")));
}"""


def every_event(table: Table) -> list[dict]:
    """The game's events from the first deal on (a view keeps only the latest few)."""
    events: list[dict] = []
    seen: list[dict] = []
    for state in table_states(table):
        now = table.engine.view(state, None)["events"]
        kept = next(k for k in range(len(seen) + 1) if seen[k:] == now[: len(seen) - k])
        events += now[len(seen) - kept :]
        seen = now
    return events


def tab_to(page, selector: str) -> int:
    """Tab from where the focus is until it is on ``selector``; the keys it took."""
    for presses in range(1, TAB_LIMIT + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"no {selector} within {TAB_LIMIT} Tabs")


class SargByEarTest(PlayCase):
    def start(self) -> tuple[Table, object]:
        table = tables.open_table("sarg", self.anna, seats=2, bots={1: "random"})
        table = tables.start(table, self.anna)
        page = self.page(self.anna, DESKTOP)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)
        page.evaluate(RECORD)
        page.locator("#table-status").focus()  # where the page's news starts
        self.already = page.locator("#event-log li").count()  # in before the page was open
        return table, page

    def my_turn(self, page) -> bool:
        """Waits until Anna is to move (True) or the game is over (False)."""
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TIMEOUT)
        return page.locator("#table-status.turn-mine").count() == 1

    def move_by_keys(self, page) -> str:
        """From the banner: Tab to the hand, Space picks the card, Tab to its first open
        cell, Enter places it. The label of the cell's button."""
        tab_to(page, ".pick-input")
        page.keyboard.press("Space")
        tab_to(page, "button.cell-move")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        page.keyboard.press("Enter")
        return label

    def test_a_whole_game_by_keyboard_with_every_event_said_once(self):
        table, page = self.start()
        turns = 0
        while self.my_turn(page):
            # The bot's move (or the deal) came in: the focus stayed where the member left it.
            assert page.evaluate(ACTIVE_KEY) == "#table-status"
            if turns == 2:
                self.every_placed_card_is_found_by_its_place(page, table)
            before = version(page)
            label = self.move_by_keys(page)
            assert re.fullmatch(r"Play .+ at row \d, column \d", label), label
            page.wait_for_function(
                "(n) => Number(document.getElementById('table-status').dataset.version) > n",
                arg=before,
                timeout=TIMEOUT,
            )
            page.wait_for_timeout(200)
            # Her own move: the focus goes on, to her hand if it is her turn again, else
            # to the banner, which says whose turn it is.
            assert page.evaluate(ACTIVE_KEY) in ("#table-status", "INPUT"), page.evaluate(
                ACTIVE_KEY
            )
            if page.evaluate(ACTIVE_KEY) == "INPUT":
                page.locator("#table-status").focus()
            turns += 1
            assert turns < MAX_TURNS, "the game did not end"

        table = Table.objects.get(pk=table.pk)
        assert table.status == "finished"
        page.wait_for_timeout(500)
        heard = sentences(said(page))
        print("said:", heard)
        assert all(text[-1] in ".!?" for text in said(page))

        view = table.engine.view(table.state(), None)
        names = seat_names(list(table.seats.all()))
        events = every_event(table)
        happened = Counter(_event_text(event, names) for event in events)
        happened[_final_scores(view, names)] += 1
        before = Counter(_event_text(event, names) for event in events[: self.already])
        for text, times in happened.items():
            expected = times - before[text]
            assert heard.count(text) == expected, (text, expected, heard)
        bot = names[1]
        bot_moves = table.moves.filter(by_bot=True).count()
        assert sum(s.startswith(f"{bot} plays") for s in heard) >= bot_moves - 1  # each move
        one_move = rf"{re.escape(bot)} plays [\w ()]+ at row \d, column \d\."
        assert any(re.fullmatch(one_move, s) for s in heard), heard  # one short sentence
        assert sum(s.startswith("Round ") for s in heard) == 6  # each round's result
        assert heard.count(_final_scores(view, names)) == 1
        assert heard[-1].startswith("Game over: ")
        assert heard.count("Your turn.") <= 24

    def every_placed_card_is_found_by_its_place(self, page, table) -> None:
        """The coffin in the accessibility tree: a table whose every cell names its place,
        and every placed card found by it; headers for the Queen's rows and King's columns."""
        board = page.locator("#table-board")
        expect(board.get_by_role("table", name="The coffin: 3 rows of 3 cells")).to_be_visible()
        for number in (1, 2, 3):
            expect(board.get_by_role("rowheader", name=f"Row {number} (Queen)")).to_have_count(1)
            expect(board.get_by_role("columnheader", name=f"Column {number} (King)")).to_have_count(
                1
            )
        grid = table.engine.view(Table.objects.get(pk=table.pk).state(), None)["grid"]
        placed = 0
        for r, row in enumerate(grid):
            for c, card in enumerate(row):
                where = f"row {r + 1}, column {c + 1}:"
                cell = board.get_by_role("cell", name=re.compile("^" + re.escape(where)))
                expect(cell).to_have_count(1)
                if card:
                    placed += 1
                    expect(cell).to_have_accessible_name(
                        re.compile(re.escape(f"{where} {card_face(card)['name']}"))
                    )
                else:
                    expect(cell).to_have_accessible_name(re.compile(r": (open|empty)"))
        assert placed >= 4
        snapshot = board.locator(".coffin").aria_snapshot()
        print(snapshot)
        assert snapshot.count("- row") == 4 and len(re.findall(r"- '?cell ", snapshot)) == 9
        shots(page, "sarg-by-ear-mid-game")
