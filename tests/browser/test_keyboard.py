"""Keyboard use of the scorekeeper: focus survives every htmx swap (static/js/focus-keeper.js),
one-key shortcuts in the Sarg picker (static/js/key-shortcuts.js), and what a screen reader
hears after a swap (static/js/announce.js)."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring import sheets
from scoring.models import Player
from tests.browser.axe import assert_accessible
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# One Sarg square: 9 cards, none of them twice.
SQUARE = ["5H", "7D", "10S", "QC", "2H", "AS", "9D", "KH", "3C"]
FOCUSED = "document.activeElement"


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", "k@example.org", "a-long-password-1")


def sheet_page(page, live_server, keeper, game: str, **setup):
    names = ["Anna", "Ben", "Clara"] if game == "sarkophag" else ["Anna", "Ben"]
    players = [Player.objects.create(name=name) for name in names]
    if game == "sarg":
        setup.setdefault("roles", {"queen": "Anna", "king": "Ben"})
    session = sheets.create_session(
        game, keeper, players, setup.get("options", {}), setup.get("roles")
    )
    log_in(page, live_server, keeper)
    page.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    expect(page.locator("#entry")).to_be_visible()
    return session


def focused(page) -> str:
    """The focused element, described: tag, and name=value or id; "BODY" when it was lost."""
    return page.evaluate(
        f"""(() => {{ const e = {FOCUSED};
        if (e === document.body) return "BODY";
        const id = e.id ? "#" + e.id : "";
        const nv = e.name ? `[${{e.name}}=${{e.value}}]` : "";
        return e.tagName + id + nv; }})()"""
    )


def settled(page) -> None:
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(50)


class Keyboard:
    """Presses keys and counts them."""

    def __init__(self, page):
        self.page, self.presses = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1
        settled(self.page)


def test_after_a_rank_the_focus_moves_to_the_suits_and_after_a_suit_to_the_next_cell(
    live_server, desktop, keeper
):
    sheet_page(desktop, live_server, keeper, "sarg")
    desktop.locator('button[value="rank:5"]').focus()
    desktop.keyboard.press("Enter")
    expect(desktop.locator(".pick-selected")).to_have_text("5")
    settled(desktop)
    assert focused(desktop) == "BUTTON[pick=suit:S]"
    desktop.keyboard.press("Tab")  # spades -> hearts
    desktop.keyboard.press("Enter")
    expect(desktop.locator('input[name="cell-0"]')).to_have_value("5H")
    settled(desktop)
    assert focused(desktop) == "BUTTON[pick=cell:1]"
    # The current cell and the focused one look different: accent border, blue outline.
    cell = desktop.locator('button[value="cell:1"]')
    assert "cell-current" in cell.get_attribute("class")
    border = cell.evaluate("e => getComputedStyle(e).borderTopColor")
    outline = cell.evaluate("e => getComputedStyle(e).outlineColor")
    assert border != outline
    screenshot(desktop, "keyboard-sarg-focus-on-next-cell-desktop")


def test_picking_a_cell_or_clearing_keeps_the_focus_there(live_server, desktop, keeper):
    sheet_page(desktop, live_server, keeper, "sarg")
    desktop.locator('button[value="cell:4"]').focus()
    desktop.keyboard.press("Enter")
    settled(desktop)
    assert focused(desktop) == "BUTTON[pick=cell:4]"
    expect(desktop.locator('button[value="cell:4"]')).to_have_class("cell cell-current cell-empty")
    desktop.locator('button[value="clear"]').focus()
    desktop.keyboard.press("Enter")
    settled(desktop)
    assert focused(desktop) == "BUTTON[pick=cell:4]"


def test_a_whole_sarg_grid_by_keyboard_in_under_40_presses(live_server, desktop, keeper):
    sheet_page(desktop, live_server, keeper, "sarg")
    keys = Keyboard(desktop)
    keys.press("Tab")  # the skip link
    keys.press("Enter")  # to the main content
    while not focused(desktop).startswith("BUTTON[pick=cell:"):
        keys.press("Tab")
        assert keys.presses < 12, focused(desktop)
    for i, card in enumerate(SQUARE):
        rank, suit = card[:-1], card[-1]
        keys.press("0" if rank == "10" else rank)
        expect(desktop.locator(".pick-selected")).to_have_text(rank)
        assert focused(desktop).startswith("BUTTON[pick=suit:"), focused(desktop)
        keys.press(suit.lower())
        expect(desktop.locator(f'input[name="cell-{i}"]')).to_have_value(card)
        expected = "BUTTON#save-entry[action=save]" if i == 8 else f"BUTTON[pick=cell:{i + 1}]"
        assert focused(desktop) == expected
    assert_accessible(desktop, "sarg square entered by keyboard")
    keys.press("Enter")
    expect(desktop.locator(".note")).to_have_text("Round 1 saved.")
    print(f"A whole Sarg square and Save: {keys.presses} key presses")
    assert keys.presses < 40, keys.presses
    assert focused(desktop) != "BODY"
    # The saved round is read out by the site's live region, and the focus was not moved there.
    expect(desktop.locator("#announce")).to_have_text(
        re.compile(r"^Round 1 saved\. Totals: Anna \d+, Ben \d+\.$")
    )


def test_sarkophag_stepper_and_mode_toggle_keep_the_focus(live_server, phone, keeper):
    sheet_page(phone, live_server, keeper, "sarkophag", options={"limit": 50})
    plus = 'button[value="step:1:1"]'
    phone.locator(plus).focus()
    for heads in ("1", "2"):
        phone.keyboard.press("Enter")
        expect(phone.locator("#heads-1")).to_have_value(heads)
        settled(phone)
        assert focused(phone) == "BUTTON[pick=step:1:1]"
    minus = 'button[value="step:1:-1"]'
    phone.locator(minus).focus()
    for heads in ("1", "0"):
        phone.keyboard.press("Enter")
        expect(phone.locator("#heads-1")).to_have_value(heads)
        settled(phone)
    settled(phone)
    # "One less" is disabled at 0: the focus goes on to the next control, not to <body>.
    assert focused(phone) == "INPUT#heads-1[heads-1=0]"
    phone.get_by_role("button", name="Tap cards taken").focus()
    phone.keyboard.press("Enter")
    settled(phone)
    assert focused(phone) == "BUTTON[pick=mode:cards]"


def test_ticking_a_chip_with_the_space_bar_keeps_the_focus(live_server, phone, keeper):
    sheet_page(phone, live_server, keeper, "sacrifice")
    chip = phone.locator('input[name="trophies-0"]').first
    value = chip.get_attribute("value")
    chip.focus()
    phone.keyboard.press("Space")
    expect(phone.locator(".entry-player").nth(1).locator(".chip-taken").first).to_be_visible()
    settled(phone)
    assert focused(phone) == f"INPUT[trophies-0={value}]"


def test_a_refused_save_is_an_alert_and_the_focus_stays_on_save(live_server, desktop, keeper):
    sheet_page(desktop, live_server, keeper, "sarg")
    desktop.locator('button[value="cell:0"]').focus()
    keys = Keyboard(desktop)
    keys.press("5")
    keys.press("h")
    desktop.locator("#save-entry").focus()
    keys.press("Enter")
    expect(desktop.get_by_role("alert")).to_contain_text("Place all nine cards first")
    assert focused(desktop) == "BUTTON#save-entry[action=save]"
    expect(desktop.locator('input[name="cell-0"]')).to_have_value("5H")
    assert_accessible(desktop, "sarg save refused")


# The focused control's focus mark: its outline (or, for a visually hidden checkbox, the chip
# drawn next to it), and whether an ancestor that clips (overflow other than visible) cuts it.
FOCUS_MARK = """() => {
  let el = document.activeElement;
  if (el === document.body) return {what: "BODY", shown: true, clipped: null};
  const hidden = el.getBoundingClientRect().width <= 1;
  if (hidden && el.nextElementSibling) el = el.nextElementSibling;
  const style = getComputedStyle(el);
  const width = parseFloat(style.outlineWidth) || 0;
  const shown = (style.outlineStyle !== "none" && width >= 2) || style.boxShadow !== "none";
  const reach = width + Math.max(parseFloat(style.outlineOffset) || 0, 0);
  const box = el.getBoundingClientRect();
  let clipped = null;
  for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
    const s = getComputedStyle(up);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const r = up.getBoundingClientRect();
    if (box.left - reach < r.left - 0.5 || box.right + reach > r.right + 0.5 ||
        box.top - reach < r.top - 0.5 || box.bottom + reach > r.bottom + 0.5) {
      clipped = up.className || up.tagName;
      break;
    }
  }
  const d = document.activeElement;
  return {what: d.tagName + (d.name ? "[" + d.name + "=" + d.value + "]" : "") +
                 (d.textContent || "").trim().slice(0, 20),
          shown, clipped};
}"""


@pytest.mark.parametrize("game", ["sarkophag", "sarg", "sacrifice", "sarcophagus"])
def test_every_control_shows_an_unclipped_focus_mark(live_server, phone, keeper, game):
    session = sheet_page(phone, live_server, keeper, game)
    if game == "sarkophag":
        from tests.browser.test_accessibility import off_thread

        entry = {"heads": {"Anna": 12, "Ben": 6, "Clara": 0}}
        off_thread(sheets.apply_edit, session.public_id, keeper, "add", entry=entry)
        phone.reload()
    problems, seen = [], set()
    for _ in range(120):
        phone.keyboard.press("Tab")
        mark = phone.evaluate(FOCUS_MARK)
        if mark["what"] in seen:
            continue
        seen.add(mark["what"])
        if not mark["shown"]:
            problems.append(f"{mark['what']}: no focus mark")
        elif mark["clipped"]:
            problems.append(f"{mark['what']}: focus mark cut by .{mark['clipped']}")
    assert len(seen) > 10
    assert not problems, "\n".join(problems)
