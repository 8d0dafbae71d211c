"""Arranged Sarkophag games, for the tests."""

from __future__ import annotations

from games.engines.sarkophag import ENGINE


def make_state(hands, leader, trick=(), limit=None, seed=0):
    """A game whose current deal is ``hands`` (seat order), ``leader`` to lead ``trick``."""
    state = ENGINE.new_game(len(hands), seed, limit=limit)
    data = ENGINE.to_json(state)
    data["hands"] = [sorted(hand) for hand in hands]
    data["leader"] = leader
    data["trick"] = list(trick)
    return ENGINE.from_json(data)


def play(state, *cards):
    """Play ``cards`` one after another, each by the seat to act."""
    for card in cards:
        state = ENGINE.apply(state, ENGINE.to_act(state)[0], {"card": card})
    return state
