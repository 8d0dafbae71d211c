"""What happened, read out (static/js/announce.js): every new event of a table's log is said
once and in order, even when the same words come twice, one swap right after another (a
Sarcophagus player's second coin on the tile of the first, a bot's reply a few ms later)."""

from __future__ import annotations

import pytest

from tests.browser.test_play_by_ear import RECORD, said, sentences

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A newest-first log at ``version`` swapped in as a websocket push would bring it.
SWAP_LOG = """([version, events]) => {
    const old = document.getElementById("log-host");
    const host = document.createElement("div");
    host.id = "log-host";
    host.innerHTML = `<ol data-announce-log data-version="${version}">`
        + events.map((text) => `<li>${text}</li>`).join("") + "</ol>";
    if (old) old.replaceWith(host); else document.body.appendChild(host);
    host.dispatchEvent(new CustomEvent("htmx:afterSwap", {bubbles: true}));
}"""
COIN = "Bot (easy) places a moon coin on 4 of crowns (row 2, tile 2)"


def test_the_same_words_twice_in_quick_succession_are_said_twice(live_server, desktop):
    desktop.goto(live_server.url + "/")
    desktop.evaluate(RECORD)
    desktop.evaluate(SWAP_LOG, [1, ["Anna begins"]])
    desktop.wait_for_timeout(300)
    # Two pushes within a few ms: the bot's first coin, then its second on the same tile.
    desktop.evaluate(SWAP_LOG, [2, [COIN, "Anna begins"]])
    desktop.evaluate(SWAP_LOG, [3, [COIN, COIN, "Anna begins"]])
    desktop.wait_for_timeout(300)
    assert sentences(said(desktop)) == ["Anna begins.", f"{COIN}.", f"{COIN}."]


def test_a_late_push_of_the_same_version_says_nothing_again(live_server, desktop):
    desktop.goto(live_server.url + "/")
    desktop.evaluate(RECORD)
    desktop.evaluate(SWAP_LOG, [1, ["Anna begins"]])
    desktop.evaluate(SWAP_LOG, [2, [COIN, "Anna begins"]])
    desktop.evaluate(SWAP_LOG, [2, [COIN, "Anna begins"]])  # the answer, then the push
    desktop.evaluate(SWAP_LOG, [1, ["Anna begins"]])  # an older one, late
    desktop.wait_for_timeout(300)
    assert sentences(said(desktop)) == ["Anna begins.", f"{COIN}."]


def test_a_mark_on_a_line_is_not_part_of_its_event(live_server, desktop):
    """The page marks lines "new since you looked"; the push that follows has no marks, and
    the marked lines are not news again."""
    desktop.goto(live_server.url + "/")
    desktop.evaluate(RECORD)
    marked = '<span class="visually-hidden" data-unsaid>(new since you looked)</span>'
    desktop.evaluate(SWAP_LOG, [1, [f"Anna begins {marked}"]])
    desktop.wait_for_timeout(300)
    desktop.evaluate(SWAP_LOG, [2, [COIN, "Anna begins"]])
    desktop.wait_for_timeout(300)
    assert sentences(said(desktop)) == ["Anna begins.", f"{COIN}."]


# The same, with the count of lines the log has ever had (data-events), as the table draws it.
SWAP_COUNTED_LOG = """([version, count, events]) => {
    const old = document.getElementById("log-host");
    const host = document.createElement("div");
    host.id = "log-host";
    host.innerHTML = `<ol data-announce-log data-version="${version}" data-events="${count}">`
        + events.map((text) => `<li>${text}</li>`).join("") + "</ol>";
    if (old) old.replaceWith(host); else document.body.appendChild(host);
    host.dispatchEvent(new CustomEvent("htmx:afterSwap", {bubbles: true}));
}"""


def test_a_full_log_whose_new_line_reads_as_before_is_still_said(live_server, desktop):
    """Issue #31: the log shows its last lines only; a new line with the words of the others
    leaves it word for word as it was, and only the count tells that it is new."""
    desktop.goto(live_server.url + "/")
    desktop.evaluate(RECORD)
    desktop.evaluate(SWAP_COUNTED_LOG, [1, 40, [COIN] * 6])
    desktop.wait_for_timeout(300)
    desktop.evaluate(SWAP_COUNTED_LOG, [2, 41, [COIN] * 6])
    desktop.wait_for_timeout(300)
    assert sentences(said(desktop)) == [f"{COIN}."] * 6 + [f"{COIN}."]


def test_more_new_lines_than_shown_are_the_lines_shown_oldest_first(live_server, desktop):
    desktop.goto(live_server.url + "/")
    desktop.evaluate(RECORD)
    desktop.evaluate(SWAP_COUNTED_LOG, [1, 1, ["Anna begins"]])
    desktop.wait_for_timeout(300)
    desktop.evaluate(SWAP_COUNTED_LOG, [2, 9, ["Ben passes", COIN, "Anna passes"]])
    desktop.wait_for_timeout(300)
    assert sentences(said(desktop)) == ["Anna begins.", "Anna passes.", f"{COIN}.", "Ben passes."]
