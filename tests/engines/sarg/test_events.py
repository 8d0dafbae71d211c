"""Sarg's events as views list them: each stored tuple worked out once and shared."""

from __future__ import annotations

import random

from games.engines.sarg import ENGINE
from games.engines.sarg.events import _FORMATS, event_dict


def logged_entries(seed: int) -> list[tuple]:
    """Every event a random game logs, as the state keeps them."""
    rng = random.Random(seed)
    state, entries = ENGINE.new_game(2, seed), []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        entries.extend(entry for entry in state.log if entry not in entries)
    return entries


def fresh(entry) -> dict:
    kind, *data = entry
    return _FORMATS[kind](*data)


def test_a_kept_event_says_what_a_fresh_one_says():
    for seed in range(3):
        for entry in logged_entries(seed):
            assert event_dict(entry) == fresh(entry)


def test_a_stored_event_is_worked_out_once_and_shared():
    entry = ("play", 1, "7♥", 2, 0)
    assert event_dict(entry) is event_dict(("play", 1, "7♥", 2, 0))


def test_an_event_read_as_a_list_says_the_same():
    entry = ["round", 0, 3, 12, 7]
    assert event_dict(entry) == event_dict(tuple(entry)) == fresh(entry)


def test_views_of_a_game_loaded_again_equal_the_views_before():
    rng = random.Random(5)
    state = ENGINE.new_game(2, 5)
    for _ in range(40):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        loaded = ENGINE.from_json(ENGINE.to_json(state))
        for viewer in (0, 1, None):
            assert ENGINE.view(loaded, viewer) == ENGINE.view(state, viewer)
