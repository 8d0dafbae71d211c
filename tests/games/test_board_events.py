"""The log's count of lines (``events_total`` of every board, ``data-events`` of
games/_events.html): the lines the log has had since the game began, so a page tells a new
line from one it showed before even when their words are the same."""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string

from games.boards import board_context, generic_board
from games.engines import get_engine

# Each game: seats, options, and where its engine keeps and its board shows a window of events.
GAMES = {
    "sarg": (2, {}, ["games.engines.sarg.engine.EVENTS_KEPT", "games.boards.sarg.EVENTS_SHOWN"]),
    "sacrifice": (
        2,
        {},
        ["games.engines.sacrifice.state.EVENT_LIMIT", "games.boards.sacrifice.EVENTS_SHOWN"],
    ),
    "sarcophagus": (
        3,
        {},
        ["games.engines.sarcophagus.state.EVENT_MEMORY", "games.boards.sarcophagus.EVENTS_SHOWN"],
    ),
    "sarkophag": (
        4,
        {"limit": 30},
        [
            "games.engines.sarkophag.engine.EVENT_MEMORY",
            "games.engines.sarkophag.text.EVENT_MEMORY",
            "games.boards.sarkophag.EVENTS_SHOWN",
        ],
    ),
}
NAMES = ["Anna", "Ben", "Clara", "Dora"]
DATA_EVENTS = re.compile(r'data-events="(\d+)"')


def game_moves(game: str, seed: int) -> list[tuple[int, dict]]:
    """The moves of one random game to its end, as (seat, move)."""
    players, options, _ = GAMES[game]
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed, **options)
    moves = []
    while not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        move = rng.choice(engine.legal_moves(state, seat))
        moves.append((seat, move))
        state = engine.apply(state, seat, move)
    return moves


def boards(game: str, seed: int, moves: list[tuple[int, dict]]):
    """The spectator's board of every state of the game, from the first."""
    players, options, _ = GAMES[game]
    engine = get_engine(game)
    state = engine.new_game(players, seed, **options)
    names = NAMES[:players]
    yield board_context(game, engine.view(state, None), [], names)
    for seat, move in moves:
        state = engine.apply(state, seat, move)
        yield board_context(game, engine.view(state, None), [], names)


def shown(board) -> list[str]:
    events = board["events"]
    return events() if callable(events) else events


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_count_is_every_line_the_log_has_had_past_the_windows(game, monkeypatch):
    moves = game_moves(game, 5)
    counts = [board["events_total"] for board in boards(game, 5, moves)]
    for window in GAMES[game][2]:
        monkeypatch.setattr(window, 10_000)
    every_line = [len(shown(board)) for board in boards(game, 5, moves)]
    assert counts == every_line
    assert counts[-1] > 20


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_carries_the_boards_count(game):
    for board in boards(game, 6, game_moves(game, 6)):
        html = render_to_string("games/_events.html", {"board": board, "version": 1})
        assert DATA_EVENTS.search(html).group(1) == str(board["events_total"])


def test_a_log_without_a_count_has_no_data_events():
    view = {"events": [{"text": "{p0} begins."}]}
    board = generic_board(view, [], ["Anna"])
    html = render_to_string("games/_events.html", {"board": board, "version": 1})
    assert "Anna begins." in html
    assert "data-events" not in html
