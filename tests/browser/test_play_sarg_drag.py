"""Sarg online: a card of the hand dragged onto an open cell is played (static/js/sarg-drag.js),
through the cell's own move form; a drop anywhere else posts nothing; nothing can be dragged
by the player who is not to move. Pick-then-cell (keys, taps) is tested in test_play_sarg.py
and test_keyboard_online.py, and stays as it was."""

from __future__ import annotations

import json
import re
import urllib.parse

import pytest
from playwright.sync_api import expect

from games import tables
from games.models import Table, TableMove
from tests.browser.axe import assert_accessible
from tests.browser.conftest import DESKTOP, PHONE, log_in, screenshot
from tests.browser.play_helpers import (
    PlayCase,
    version,
    wait_live,
    wait_version,
)

# Where each of the nine cells of the coffin is, its card if any, and whether it takes pick 0.
CELLS = """() => Array.from(document.querySelectorAll('#table-board .coffin-cell'), (cell) => ({
    card: cell.querySelector('.card')?.dataset.card ?? null,
    takes: cell.querySelector('button.cell-move[data-pick="0"]') !== null,
}))"""


# The board drawn anew at the same version, as a push swaps it in.
REDRAWN = """() => {
    const board = document.getElementById("table-board");
    const again = board.cloneNode(true);
    board.replaceWith(again);
    again.dispatchEvent(new CustomEvent("htmx:oobAfterSwap", {bubbles: true}));
}"""


def centre(locator) -> tuple[float, float]:
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def shot(page, name: str) -> None:
    """The viewport as it is (not the full page: the drag's ghost follows the pointer)."""
    screenshot(page, name, full_page=False)


class DragCase(PlayCase):
    """Anna and Ben at a started Sarg table; ``mover`` is the one to move."""

    def setUp(self):
        super().setUp()
        # Set up before Playwright's event loop runs on this thread (the service notifies
        # channels through async_to_sync).
        table = tables.open_table("sarg", self.anna, seats=2)
        tables.take_seat(table, self.ben)
        self.table = tables.start(table, self.anna)
        mover = self.table.to_act[0]
        self.mover, self.waiter = (self.anna, self.ben) if mover == 0 else (self.ben, self.anna)
        self.start_browser()

    def open(self, user, viewport):
        page = self.page(user, viewport)
        return page, self.watch(page)

    def watch(self, page) -> list:
        """Opens the table; the moves the page sends from then on, each as its fields, on
        the socket (a live page) or posted."""
        posts = []

        def posted(request):
            if request.method == "POST" and request.url.endswith("/move/"):
                posts.append(dict(urllib.parse.parse_qsl(request.post_data)))

        def sent(payload):
            try:
                fields = json.loads(payload)
            except (TypeError, ValueError):
                return
            if isinstance(fields, dict) and "move" in fields:
                posts.append(fields)

        page.on("request", posted)
        page.on("websocket", lambda socket: socket.on("framesent", sent))
        page.goto(f"{self.live_server_url}/play/{self.table.public_id}/")
        wait_live(page)
        page.wait_for_load_state("load")  # sarg-drag.js is deferred
        return posts


@pytest.mark.browser
class DragTest(DragCase):
    def test_a_card_dragged_onto_an_open_cell_is_played(self):
        page, posts = self.open(self.mover, DESKTOP)
        expect(page.locator("#table-status.turn-mine")).to_be_visible()
        expect(page.locator(".drag-hint-pointer")).to_be_visible()
        expect(page.locator(".drag-hint-touch")).to_be_hidden()
        assert_accessible(page, "Sarg table, a card can be dragged")
        number = version(page)
        card = page.locator(".card-pick").first
        code = card.locator(".card").get_attribute("data-card")
        cells = page.evaluate(CELLS)
        index = next(i for i, cell in enumerate(cells) if cell["takes"])
        target = page.locator("#table-board .coffin-cell").nth(index)

        # Another card picked first: its "here" buttons show; dragging this one hides them.
        page.locator(".card-pick").nth(1).click()
        expect(page.locator("button.cell-move:visible").first).to_be_visible()
        x, y = centre(card)
        page.mouse.move(x, y)
        page.mouse.down()
        tx, ty = centre(target)
        page.mouse.move(tx, ty, steps=12)
        expect(page.locator("button.cell-move:visible")).to_have_count(0)
        # Mid-drag: a ghost card under the pointer, every cell that takes it marked, this one
        # highlighted; nothing posted yet.
        expect(page.locator(".sarg-drag-ghost")).to_have_count(1)
        expect(page.locator(".sarg-dragging")).to_have_count(1)
        expect(target).to_have_class(re.compile(r"\bcell-drop-over\b"))
        takes = sum(cell["takes"] for cell in cells)
        expect(page.locator(".coffin-cell.cell-drop")).to_have_count(takes)
        expect(page.locator(".coffin-cell.cell-drop-over")).to_have_count(1)
        shot(page, "sarg-drag-mid-desktop")
        assert_accessible(page, "Sarg table, mid-drag")
        page.emulate_media(color_scheme="dark")
        shot(page, "sarg-drag-mid-desktop-dark")
        assert_accessible(page, "Sarg table, mid-drag")
        page.emulate_media(color_scheme="light")
        assert posts == []
        page.mouse.up()

        wait_version(page, number + 1)
        expect(target.locator(f'.card[data-card="{code}"]')).to_have_count(1)
        expect(page.locator(".sarg-drag-ghost")).to_have_count(0)
        assert len(posts) == 1
        row, column = divmod(index, 3)
        posted = posts[0]
        assert posted["version"] == str(number)
        table = Table.objects.get(pk=self.table.pk)
        assert table.version == number + 1
        played = TableMove.objects.get(table=table, number=number + 1)
        assert played.move == {"card": code, "cell": [row, column]}

    def test_a_press_goes_on_when_the_board_is_drawn_anew(self):
        """A push of the same version (someone came back, the socket caught up) may draw the
        board again while the button is held on a card: the drag still starts from it."""
        page, posts = self.open(self.mover, DESKTOP)
        number = version(page)
        card = page.locator(".card-pick").first
        cells = page.evaluate(CELLS)
        target = page.locator("#table-board .coffin-cell").nth(
            next(i for i, cell in enumerate(cells) if cell["takes"])
        )
        page.mouse.move(*centre(card))
        page.mouse.down()
        page.evaluate(REDRAWN)
        page.mouse.move(*centre(target), steps=8)
        expect(target).to_have_class(re.compile(r"\bcell-drop-over\b"))
        page.mouse.up()
        wait_version(page, number + 1)
        assert len(posts) == 1

    def test_a_drop_outside_any_cell_posts_nothing(self):
        page, posts = self.open(self.mover, PHONE)
        number = version(page)
        # The hand at the top of the phone's window, so the coffin below it is in sight too.
        hand_at_top = "document.querySelector('.hand').scrollIntoView({block: 'start'})"
        page.evaluate(hand_at_top)
        card = page.locator(".card-pick").first
        cells = page.evaluate(CELLS)
        target = page.locator("#table-board .coffin-cell").nth(
            next(i for i, cell in enumerate(cells) if cell["takes"])
        )
        filled = page.locator("#table-board .coffin-cell").nth(
            next(i for i, cell in enumerate(cells) if cell["card"])  # the nail
        )

        def hovered(cell) -> None:
            """The cell under the dragged card is marked. Beside a full run the last pointer
            move could be handled before a redraw settled the coffin; a finger never stops
            that still, so one more pixel of movement asks again."""
            over = re.compile(r"\bcell-drop-over\b")
            try:
                expect(cell).to_have_class(over, timeout=3000)
            except AssertionError:
                x, y = centre(cell)
                page.mouse.move(x + 1, y + 1)
                expect(cell).to_have_class(over)

        def drag_to(place, *, over_target_first=True):
            """Drag the card over the open cell, then to ``place`` and drop it there. Each drag
            starts with the hand at the top again: a drag near the window's edge scrolls the
            page, and the open cell of a page left scrolled could lie in that edge, scrolling
            away under the pointer."""
            page.evaluate(hand_at_top)
            page.mouse.move(*centre(card))
            page.mouse.down()
            if over_target_first:
                page.mouse.move(*centre(target), steps=8)
                hovered(target)
            page.mouse.move(*centre(place), steps=8)
            expect(page.locator(".coffin-cell.cell-drop-over")).to_have_count(0)
            page.mouse.up()
            expect(page.locator(".sarg-drag-ghost")).to_have_count(0)
            expect(page.locator(".sarg-dragging, .cell-drop, .card-dragged")).to_have_count(0)

        # Mid-drag on a phone-sized window, for people to look at.
        page.mouse.move(*centre(card))
        page.mouse.down()
        page.mouse.move(*centre(target), steps=8)
        hovered(target)
        shot(page, "sarg-drag-mid-phone")
        page.keyboard.press("Escape")  # calls the drag off
        expect(page.locator(".sarg-drag-ghost")).to_have_count(0)
        expect(page.locator(".cell-drop")).to_have_count(0)
        page.mouse.move(*centre(card), steps=4)
        page.mouse.up()  # back on the card: no pick either

        drag_to(page.locator("#table-status"))  # the banner
        drag_to(filled)  # a cell that holds a card
        drag_to(page.locator(".coffin"), over_target_first=False)  # between cells
        drag_to(card)  # back where it came from: not a pick either
        page.mouse.move(5, 5)
        page.mouse.down()  # a press outside the hand drags nothing
        page.mouse.move(*centre(target), steps=8)
        expect(page.locator(".sarg-drag-ghost")).to_have_count(0)
        page.mouse.up()

        page.wait_for_timeout(500)
        assert posts == []
        assert version(page) == number
        assert Table.objects.get(pk=self.table.pk).version == number
        expect(page.locator(".pick-input:checked")).to_have_count(0)
        expect(page.locator("#move-error")).to_be_hidden()

        # A plain click still picks the card, and its cell button plays it, as before.
        card.click()
        expect(page.locator(".pick-input").first).to_be_checked()
        page.locator("button.cell-move:visible").first.click()
        wait_version(page, number + 1)
        assert len(posts) == 1

    def test_nothing_can_be_dragged_when_it_is_not_your_turn(self):
        page, posts = self.open(self.waiter, DESKTOP)
        expect(page.locator("#table-status.turn-mine")).to_have_count(0)
        expect(page.locator(".drag-hint")).to_have_count(0)
        card = page.locator(".hand .card").first
        cell = page.locator("#table-board .coffin-cell.cell-open").first
        page.mouse.move(*centre(card))
        page.mouse.down()
        page.mouse.move(*centre(cell), steps=8)
        expect(page.locator(".sarg-drag-ghost")).to_have_count(0)
        expect(page.locator(".cell-drop")).to_have_count(0)
        page.mouse.up()
        page.wait_for_timeout(300)
        assert posts == []


@pytest.mark.browser
class TouchDragTest(DragCase):
    """A phone's finger, through Chromium's own touch input (the DevTools protocol): a swipe
    that starts on a card still scrolls the page, a tap still picks the card, and touch and
    hold, then drag, plays it."""

    def test_a_finger_scrolls_taps_and_drags_after_a_hold(self):
        context = self.browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2
        )
        page = context.new_page()
        log_in(page, type("Server", (), {"url": self.live_server_url}), self.mover)
        posts = self.watch(page)
        cdp = context.new_cdp_session(page)

        def touch(kind, x=None, y=None):
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        number = version(page)
        card = page.locator(".card-pick").first
        expect(page.locator(".drag-hint-touch")).to_be_visible()
        expect(page.locator(".drag-hint-pointer")).to_be_hidden()

        # A swipe up that starts on a card scrolls the page, as on any page. (Slowly, and still
        # before the finger lifts: a fling would go on, and a touch during a fling only stops it.)
        x, y = centre(card)
        before = page.evaluate("scrollY")
        touch("touchStart", x, y)
        for step in range(1, 10):
            touch("touchMove", x, y - 15 * step)
            page.wait_for_timeout(30)
        page.wait_for_timeout(300)
        touch("touchEnd")
        page.wait_for_function("(y) => scrollY > y", arg=before)
        expect(page.locator(".sarg-drag-ghost")).to_have_count(0)

        page.evaluate("document.querySelector('.hand').scrollIntoView({block: 'start'})")
        cells = page.evaluate(CELLS)
        index = next(i for i, cell in enumerate(cells) if cell["takes"])
        target = page.locator("#table-board .coffin-cell").nth(index)
        code = card.locator(".card").get_attribute("data-card")

        def hold_and_drag(to):
            x, y = centre(card)
            tx, ty = to
            touch("touchStart", x, y)
            page.wait_for_timeout(600)  # the hold
            for step in range(1, 11):
                touch("touchMove", x + (tx - x) * step / 10, y + (ty - y) * step / 10)

        # Held and dragged onto the line under the coffin: nothing happens.
        hold_and_drag(centre(page.locator(".coffin-wrap .role-queen")))
        expect(page.locator(".sarg-drag-ghost")).to_have_count(1)
        touch("touchEnd")
        expect(page.locator(".sarg-drag-ghost")).to_have_count(0)

        # A tap picks the card, and picks it only.
        card.tap()
        expect(page.locator(".pick-input").first).to_be_checked()

        hold_and_drag(centre(target))
        expect(target).to_have_class(re.compile(r"\bcell-drop-over\b"))
        shot(page, "sarg-drag-mid-phone-touch")
        assert posts == []
        touch("touchEnd")
        wait_version(page, number + 1)
        expect(target.locator(f'.card[data-card="{code}"]')).to_have_count(1)
        assert len(posts) == 1
