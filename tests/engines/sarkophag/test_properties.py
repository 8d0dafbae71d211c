"""Sarkophag properties over thousands of random games (hypothesis plus plain seed loops)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import IllegalMove
from games.engines.sarkophag import ENGINE, deal, heads

MAX_MOVES = 5_000
CARD_KEYS = ("hand", "legal", "played")

seeds = st.integers(0, 2**32)
player_counts = st.integers(3, 6)
limits = st.sampled_from([None, None, 25, 60])


def random_game(seed: int, players: int, limit=None):
    """Yield (state, seat, move) for each move of a random game, then the final state."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, limit=limit)
    for _ in range(MAX_MOVES):
        if ENGINE.is_over(state):
            yield state, None, None
            return
        (seat,) = ENGINE.to_act(state)
        move = rng.choice(ENGINE.legal_moves(state, seat))
        yield state, seat, move
        state = ENGINE.apply(state, seat, move)
    raise AssertionError(f"game with seed {seed} did not end")


def check_cards_conserved(state) -> None:
    """The round's dealt cards are exactly the hands, the finished tricks and the trick."""
    here = [c for hand in state.hands for c in hand] + list(state.played) + list(state.trick)
    dealt = [c for hand in deal(state.seed, state.round, state.players) for c in hand]
    assert sorted(here) == sorted(dealt)


def check_round_heads(state) -> None:
    """Every finished round handed out exactly the heads of its dealt cards."""
    for number, round_heads in enumerate(state.rounds, start=1):
        dealt = deal(state.seed, number, state.players)
        assert sum(round_heads) == sum(heads(hand) for hand in dealt)
    assert list(state.totals) == [sum(col) for col in zip(*state.rounds, strict=True)] or (
        not state.over
    )


def check_leader_never_takes(state) -> None:
    if state.last_trick is not None:
        leader, _cards, took = state.last_trick
        assert took != leader


def foreign_cards(state, seat) -> set[int]:
    """Cards this seat may not see: other seats' hands and the cards set aside."""
    own = set(state.hands[seat]) if seat is not None else set()
    public = set(state.played) | set(state.trick)
    return set(range(1, 61)) - own - public


def check_view_hides(state, seat) -> None:
    view = ENGINE.view(state, seat)
    json.dumps(view)
    hidden = foreign_cards(state, seat)
    for key in CARD_KEYS:
        assert not hidden & set(view[key]), key
    shown = [e["card"] for e in view["trick"]]
    if view["last_trick"] and state.played:  # else it is the previous round's last trick
        shown += [e["card"] for e in view["last_trick"]["cards"]]
    kinds = [event["kind"] for event in view["events"]]
    this_round = len(kinds) - kinds[::-1].index("deal") if "deal" in kinds else 0
    for event in view["events"][this_round:]:  # earlier rounds' cards are in play again
        shown += event.get("cards", []) + ([event["card"]] if "card" in event else [])
    assert not hidden & set(shown)


def reshuffle_hidden(state, seat, rng):
    """The same game with every card ``seat`` cannot see dealt differently."""
    data = ENGINE.to_json(state)
    others = [s for s in range(state.players) if s != seat]
    pool = sorted(foreign_cards(state, seat))
    rng.shuffle(pool)
    for s in others:
        size = len(state.hands[s])
        data["hands"][s], pool = sorted(pool[:size]), pool[size:]
    return ENGINE.from_json(data)


@settings(max_examples=600)
@given(seed=seeds, players=player_counts, limit=limits)
def test_random_games_keep_every_invariant(seed, players, limit):
    for state, _seat, _move in random_game(seed, players, limit):
        check_cards_conserved(state)
        check_leader_never_takes(state)
    assert ENGINE.is_over(state)
    check_round_heads(state)
    assert ENGINE.winners(state)


@settings(max_examples=150)
@given(seed=seeds, players=player_counts)
def test_legal_moves_are_exactly_the_accepted_moves(seed, players):
    for state, seat, _move in random_game(seed, players):
        if seat is None:
            break
        legal = {m["card"] for m in ENGINE.legal_moves(state, seat)}
        accepted = set()
        for card in range(1, 61):
            try:
                ENGINE.apply(state, seat, {"card": card})
            except IllegalMove:
                continue
            accepted.add(card)
        assert accepted == legal
        for other in range(players):
            if other != seat:
                assert ENGINE.legal_moves(state, other) == []


@settings(max_examples=60)
@given(seed=seeds, players=player_counts, limit=limits)
def test_views_hold_no_foreign_card(seed, players, limit):
    rng = random.Random(seed)
    for state, _seat, _move in random_game(seed, players, limit):
        for seat in [None, *range(players)]:
            check_view_hides(state, seat)
            twin = reshuffle_hidden(state, seat, rng)
            assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)


@settings(max_examples=300)
@given(seed=seeds, players=player_counts, limit=limits, cut=st.integers(0, 400))
def test_json_round_trip_continues_exactly_and_moves_replay(seed, players, limit, cut):
    moves = []
    final = None
    for state, seat, move in random_game(seed, players, limit):
        if len(moves) == cut or seat is None:
            copy = ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state))))
            assert copy == state
            assert ENGINE.view(copy, 0) == ENGINE.view(state, 0)
        if seat is None:
            final = state
            break
        moves.append((seat, move))
    replay = ENGINE.new_game(players, seed, limit=limit)
    for seat, move in moves:
        replay = ENGINE.apply(replay, seat, move)
    assert replay == final


def test_two_thousand_seeded_games_end_with_all_heads_handed_out():
    rng = random.Random(2024)
    for seed in range(2_000):
        players = 3 + seed % 4
        state = ENGINE.new_game(players, seed, limit=None if seed % 5 else 40)
        dealt = sum(heads(hand) for hand in state.hands)
        for _ in range(MAX_MOVES):
            if state.over:
                break
            (seat,) = ENGINE.to_act(state)
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
            check_leader_never_takes(state)
        assert state.over
        assert sum(state.rounds[0]) == dealt
        check_round_heads(state)
        assert all(len(hand) == 0 for hand in state.hands)
