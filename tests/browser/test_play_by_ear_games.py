"""Whole games by ear and by keyboard alone, against a bot (real daphne): every move made with
keys only, the focus checked after every update (the member's own move, the bot's), every
event of the game read out once as a sentence (the bot's moves, each round's result, the final
scores), and the board readable in words mid-game (the accessibility tree).

These are also the whole games of each of the four played through the table's socket: every
move sent on it (none posted), no console or page error, no failed answer and no breach of
the Content-Security-Policy from the first page to the game's end (`page_watch.PageWatch`)."""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice

from playwright.sync_api import expect

from games import tables
from games.boards.sarg import _event_text, _final_scores
from games.labels import seat_names
from games.models import Table
from games.replay import table_states
from scoring.faces import card_face
from tests.browser.conftest import DESKTOP
from tests.browser.page_watch import PageWatch
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
# The recording starts with the page (an init script), before its socket can bring anything:
# every announcement is heard, and the version the page was loaded at (announce.js's starting
# point for the log: what it shows then is not news) is kept.
RECORD_FROM_LOAD = f"""document.addEventListener("DOMContentLoaded", () => {{
    window.loadedAt = Number(document.getElementById("table-status").dataset.version);
    ({RECORD})();
}});"""


def open_recording(page, url: str) -> int:
    """Open the table with its announcements recorded from the start; the version it
    was loaded at."""
    page.add_init_script(RECORD_FROM_LOAD)
    page.goto(url)
    wait_live(page)
    return page.evaluate("() => window.loadedAt")


def states_up_to(table: Table, version: int) -> int:
    """How many of the table's states (the deal, then one per move) it had gone through at
    ``version``: each move adds one to the version."""
    return version - (table.version - table.moves.count()) + 1


def every_event(table: Table, states: int | None = None) -> list[dict]:
    """The game's events from the first deal on (a view keeps only the latest few), over
    its first ``states`` states or all of them."""
    events: list[dict] = []
    seen: list[dict] = []
    for state in islice(table_states(table), states):
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
        self.watch = PageWatch(page)
        self.loaded_at = open_recording(page, f"{self.live_server_url}/play/{table.public_id}/")
        page.locator("#table-status").focus()  # where the page's news starts
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
        # What the page showed when it was loaded (bots may have moved before) is not news.
        shown = every_event(table, states_up_to(table, self.loaded_at))
        before = Counter(_event_text(event, names) for event in shown)
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
        self.watch.check_game("sarg")

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


# One step of a move by keys, from wherever the focus is: a move button, visible and enabled,
# is pressed (Enter); a pick not yet made (a coin, a card to sacrifice) is made (Space) when
# nothing it unlocks can be pressed yet; anything else is passed by Tab.
STEP = """() => {
    const el = document.activeElement;
    const shown = (b) => b && !b.disabled && b.getClientRects().length > 0;
    const confirm = document.querySelector("#table-board .sf-confirm");
    if (el.matches("button[name=move], button.sf-confirm") && shown(el)) return "Enter";
    if (el.matches("input[type=radio]:not(:checked)")) return "Space";
    if (el.matches("input[type=checkbox]:not(:checked)") && !shown(confirm)) return "Space";
    return "Tab";
}"""
MOVE_CONTROLS = (
    "#table-board button[name=move], #table-board .pick-input, #table-board .sf-pick-input"
)
TURN_OR_OVER = f"""() => {{
    const status = document.getElementById("table-status");
    const busy = document.querySelector(".htmx-request");
    return !busy && (status.classList.contains("turn-over")
        || (status.classList.contains("turn-mine") && document.querySelector({MOVE_CONTROLS!r})));
}}"""
KEYS_PER_MOVE = 120


def board_events(table: Table, states: int | None = None) -> list[str]:
    """Every text the table's log showed, in order, from the first state on (over the
    first ``states`` states, or all)."""
    from games.boards import board_context

    names = seat_names(list(table.seats.all()))
    texts: list[str] = []
    seen = 0  # lines the log has had (its data-events), so repeated words still count
    for state in islice(table_states(table), states):
        board = board_context(table.game, table.engine.view(state, None), [], names)
        events = board["events"]
        now = list(reversed(events() if callable(events) else events))
        fresh = min(board["events_total"] - seen, len(now))
        texts += now[len(now) - fresh :]
        seen = board["events_total"]
    return texts


class WholeGamesByEarTest(PlayCase):
    def start(self, game: str, seats: int, options=None):
        bots = dict.fromkeys(range(1, seats), "random")
        table = tables.open_table(game, self.anna, seats=seats, options=options, bots=bots)
        table = tables.start(table, self.anna)
        page = self.page(self.anna, DESKTOP)
        self.watch = PageWatch(page)
        self.loaded_at = open_recording(page, f"{self.live_server_url}/play/{table.public_id}/")
        page.locator("#table-status").focus()
        return table, page

    def move_by_keys(self, page) -> None:
        for _ in range(KEYS_PER_MOVE):
            key = page.evaluate(STEP)
            page.keyboard.press(key)
            if key == "Enter":
                return
        raise AssertionError(f"no move within {KEYS_PER_MOVE} keys")

    def play_out(self, table: Table, page, snapshot_at: int, snapshot, when="body") -> Table:
        """Her moves by keys to the end; ``snapshot`` once, at her first turn from
        ``snapshot_at`` on whose page shows ``when``."""
        left = "#table-status"
        for turn in range(600):
            page.wait_for_function(TURN_OR_OVER, timeout=TIMEOUT)
            if not page.locator("#table-status.turn-mine").count():
                break
            # Whatever came in since her last move (the bots'), the focus stayed put.
            assert page.evaluate(ACTIVE_KEY) == left, (turn, page.evaluate(ACTIVE_KEY))
            if turn >= snapshot_at and snapshot and page.locator(when).count():
                snapshot(page, Table.objects.get(pk=table.pk))
                snapshot = None
            before = version(page)
            self.move_by_keys(page)
            page.wait_for_function(
                "(n) => Number(document.getElementById('table-status').dataset.version) > n",
                arg=before,
                timeout=TIMEOUT,
            )
            page.wait_for_timeout(150)
            # Her own move: on to the control its button names, never a container.
            left = page.evaluate(ACTIVE_KEY)
            assert left not in ("BODY", "#table-board", "#table-actions", "#table-seats"), left
        else:
            raise AssertionError("the game did not end")
        table = Table.objects.get(pk=table.pk)
        assert table.status == "finished"
        return table

    def everything_said_once(self, table: Table, page) -> list[str]:
        page.wait_for_timeout(500)
        assert all(text[-1] in ".!?" for text in said(page))
        heard = sentences(said(page))
        events = board_events(table)
        happened = Counter(sentences(events))
        # What the page showed when it was loaded (bots may have moved before) is not news.
        before = Counter(sentences(board_events(table, states_up_to(table, self.loaded_at))))
        for text, times in happened.items():
            assert heard.count(text) == times - before[text], (text, heard)
        assert heard[-1].startswith("Game over: "), heard[-3:]
        self.watch.check_game(table.game)
        return heard

    def test_a_whole_sarkophag_game_by_keyboard(self):
        table, page = self.start("sarkophag", 3, {"limit": 20})
        table = self.play_out(
            table, page, 2, self.sarkophag_trick_in_words, when=".sk-trick-box .sk-card"
        )
        heard = self.everything_said_once(table, page)
        assert any(re.fullmatch(r"Bot \(easy\)( 2)? plays \d+\.", s) for s in heard), heard

    def sarkophag_trick_in_words(self, page, table) -> None:
        trick = page.locator("#table-board .sk-trick-box")
        expect(trick.get_by_role("list")).to_be_visible()
        snapshot = trick.aria_snapshot()
        print(snapshot)
        view = table.engine.view(table.state(), None)
        names = seat_names(list(table.seats.all()))
        assert view["trick"], "a trick under way"
        for item in view["trick"]:  # who played what: "Bot (easy) 2: 53, 1 head"
            played = re.escape(names[item["seat"]]) + f" ?: {item['card']}, "
            assert re.search(rf"- listitem: \"?{played}", snapshot), (played, snapshot)
        shots(page, "sarkophag-by-ear-mid-game")

    def test_a_whole_sarcophagus_game_by_keyboard(self):
        table, page = self.start("sarcophagus", 3)
        table = self.play_out(table, page, 3, self.pyramid_in_words)
        heard = self.everything_said_once(table, page)
        assert any(re.match(r"Bot \(easy\)( 2)? places a ", s) for s in heard), heard

    def pyramid_in_words(self, page, table) -> None:
        pyramid = page.locator("#table-board .sc-pyramid")
        snapshot = pyramid.aria_snapshot()
        print(snapshot)
        view = table.engine.view(table.state(), 0)
        for cell in view["pyramid"]:
            row, index = cell["tile"]
            where = f"row {row}, tile {index + 1}:"
            item = pyramid.get_by_role("listitem").filter(has_text=where)
            expect(item).to_have_count(1)
            if cell["present"] and not cell["face_up"]:
                expect(item).to_contain_text("face down")
            if cell["coins"]:
                expect(item).to_contain_text("coins:")
        shots(page, "sarcophagus-by-ear-mid-game")

    def test_a_whole_sacrifice_game_by_keyboard(self):
        table, page = self.start("sacrifice", 2)
        led = ".sf-trick .card:not(.card-back)"
        table = self.play_out(table, page, 2, self.sacrifice_board_in_words, when=led)
        self.everything_said_once(table, page)

    def sacrifice_board_in_words(self, page, table) -> None:
        """The led card found by who led it, each card of her hand by its name."""
        board = page.locator("#table-board")
        snapshot = board.aria_snapshot()
        print(snapshot)
        view = table.engine.view(table.state(), 0)
        names = seat_names(list(table.seats.all()))
        leader = view["leader"]
        card = card_face(view["table"][leader])["name"]
        played = re.escape(names[leader]) + r"( you)? ?: " + re.escape(card) + " leads"
        assert re.search(rf"- listitem: \"?{played}", snapshot), (played, snapshot)
        for each in view["hand"]:
            name = card_face(each)["name"]
            expect(board.get_by_role("button", name=f"Play {name}").first).to_be_visible()
        shots(page, "sacrifice-by-ear-mid-game")
