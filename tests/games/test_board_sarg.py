"""Sarg's coffin read by ear: a table of rows (the Queen's) and columns (the King's) whose
every cell says its place and what lies there, for the player to move and for everyone else."""

from __future__ import annotations

import html
import json
import random
import re

from django.template.loader import render_to_string
from django.utils import translation

from games.boards import board_context
from games.engines.sarg.engine import ENGINE
from scoring.faces import card_face

NAMES = ["Anna", "Ben"]
CELL = re.compile(r'<div role="cell" class="coffin-cell[^"]*"[^>]*>(.*?)</div>', re.S)
TAGS = re.compile(r"<[^>]+>")


def state_after(plays: int, seed: int = 4):
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed=seed)
    for _ in range(plays):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    return state


def coffin(state, seat) -> str:
    view = ENGINE.view(state, seat)
    moves = ENGINE.legal_moves(state, seat) if seat is not None else []
    board = board_context("sarg", view, moves, NAMES)
    return render_to_string("games/sarg/_coffin.html", {"board": board, "version": 3})


def words(html: str) -> str:
    """What a screen reader reads of some markup, less what is hidden from it."""
    html = re.sub(r'<span aria-hidden="true">.*?</span>', "", html, flags=re.S)
    html = re.sub(r'aria-label="([^"]*)"[^>]*>', r">\1 ", html)
    return " ".join(TAGS.sub(" ", html).split())


def test_the_coffin_is_a_table_of_three_rows_under_a_row_of_column_headers():
    html = coffin(state_after(3), None)
    assert html.count('role="table"') == 1
    assert html.count('role="row"') == 4  # the King's column headers, then three rows
    assert html.count('role="columnheader"') == 3
    assert html.count('role="rowheader"') == 3
    assert len(CELL.findall(html)) == 9
    assert "Column 1 (King)" in html and "Row 3 (Queen)" in html


def test_every_cell_says_its_place_and_what_lies_there():
    state = state_after(3)
    view = ENGINE.view(state, None)
    cells = [words(cell) for cell in CELL.findall(coffin(state, None))]
    open_cells = {tuple(cell) for cell in view["open_cells"]}
    for index, text in enumerate(cells):
        r, c = divmod(index, 3)
        assert text.startswith(f"row {r + 1}, column {c + 1}:"), text
        card = view["grid"][r][c]
        if card:
            assert "open" not in text and "empty" not in text, text
        elif (r, c) in open_cells:
            assert text.endswith(": open"), text
        else:
            assert text.endswith(": empty"), text
    assert "(the nail)" in cells[4]


def test_on_your_turn_every_open_cell_keeps_its_place_and_its_buttons():
    state = state_after(2)
    seat = ENGINE.to_act(state)[0]
    html = coffin(state, seat)
    cells = [words(cell) for cell in CELL.findall(html)]
    for cell in ENGINE.view(state, seat)["open_cells"]:
        r, c = cell
        text = cells[3 * r + c]
        assert text.startswith(f"row {r + 1}, column {c + 1}: open"), text
        assert f"at row {r + 1}, column {c + 1}" in text  # the move buttons inside


def test_the_last_event_of_a_finished_game_gives_the_final_scores():
    state = state_after(0, seed=2)
    rng = random.Random(2)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    view = ENGINE.view(state, None)
    result, roles = view["result"], view["roles"]
    events = board_context("sarg", view, [], NAMES)["events"]()
    queen, king = NAMES[roles["queen"]], NAMES[roles["king"]]
    assert events[0] == (
        f"Final scores: {queen} (Queen) {result['queen']}, {king} (King) {result['king']}."
    )
    assert events[1].startswith("The game is over;")


def test_the_coffin_speaks_german_to_german_viewers():
    with translation.override("de"):
        html = coffin(state_after(3), None)
    assert "Spalte 1 (König)" in html and "Reihe 3 (Dame)" in html
    assert ": leer" in html and "Reihe 2, Spalte 2:" in html


def test_the_coffins_fixed_words_follow_each_readers_language_in_turn():
    state = state_after(3)
    english = coffin(state, None)
    with translation.override("de"):
        german = coffin(state, None)
    assert "Column 1 (King)" in english and "Column 1 (King)" not in german
    assert "Spalte 1 (König)" in german and coffin(state, None) == english


def test_each_move_is_told_with_the_card_in_words():
    state = state_after(3)
    view = ENGINE.view(state, None)
    events = board_context("sarg", view, [], NAMES)["events"]()
    last = view["events"][-1]
    name = card_face(last["card"])["name"]
    row, column = last["cell"]
    who = NAMES[last["seats"][0]]
    assert events[0] == f"{who} plays {name} at row {row + 1}, column {column + 1}."
    assert re.fullmatch(r"\w+ deals round 1; the nail is [\w ]+\.", events[-1]), events[-1]


BUTTON = re.compile(r'<button type="submit" name="move" value="([^"]*)"[^>]*data-pick="(\d+)"')


def test_each_move_button_posts_exactly_a_legal_move_of_the_picked_card():
    state = state_after(2)
    seat = ENGINE.to_act(state)[0]
    hand = ENGINE.view(state, seat)["hand"]
    sent = [
        (json.loads(html.unescape(value)), hand[int(pick)])
        for value, pick in BUTTON.findall(coffin(state, seat))
    ]
    legal = ENGINE.legal_moves(state, seat)
    assert sorted(map(json.dumps, (move for move, _ in sent))) == sorted(
        json.dumps(move) for move in legal for card in hand if card == move["card"]
    )
    assert all(move["card"] == card for move, card in sent)


def test_the_move_buttons_are_named_in_each_readers_language_in_turn():
    state = state_after(2)
    seat = ENGINE.to_act(state)[0]
    r, c = (n + 1 for n in ENGINE.view(state, seat)["open_cells"][0])
    english = coffin(state, seat)
    with translation.override("de"):
        german = coffin(state, seat)
    assert f"at row {r}, column {c}" in english and f"in Reihe {r}, Spalte {c}" not in english
    assert f"in Reihe {r}, Spalte {c}" in german and f"at row {r}, column {c}" not in german
    assert coffin(state, seat) == english


def test_the_just_played_mark_moves_with_the_last_card():
    before, after = state_after(3), state_after(4)
    marked = [
        [i for i, cell in enumerate(CELL.findall(coffin(state, None))) if "(just played)" in cell]
        for state in (before, after)
    ]
    r, c = ENGINE.view(after, None)["events"][-1]["cell"]
    assert len(marked[0]) == 1 and marked[1] == [3 * r + c] != marked[0]


def test_an_open_cell_with_moves_is_the_cell_the_template_draws_around_them():
    from games.boards import sarg

    state = state_after(2)
    seat = ENGINE.to_act(state)[0]
    cards = ENGINE.view(state, seat)["hand"]
    assert len(cards) >= 2  # buttons between buttons too
    for language in ("en", "de"):
        with translation.override(language):
            for count in range(len(cards) + 1):
                buttons = [
                    sarg._move_button(language, i, card, 0, 2)
                    for i, card in enumerate(cards[:count])
                ]
                drawn = sarg._drawn_cell(language, 0, 2, None, True, False, True, tuple(buttons))
                assert sarg._cell_with_moves(language, 0, 2, None, buttons) == drawn
