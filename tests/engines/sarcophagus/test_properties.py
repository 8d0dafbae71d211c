"""Sarcophagus properties over thousands of random games: accounting, endings, the move
contract, replays and hidden information (P5)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import RandomBot
from games.engines import IllegalMove
from games.engines.sarcophagus import ENGINE, SUITS, TILES
from games.engines.sarcophagus.pyramid import POSITIONS
from games.engines.sarcophagus.state import (
    PLAY,
    SarcophagusState,
    owned_suits,
    suit_owners,
    tiles_accounted,
)
from games.simulation import play_game

SEEDS = st.integers(0, 2**32)
PLAYERS = st.integers(2, 4)


def random_states(players: int, seed: int):
    """Every state of one random game, with the move that left it (None at the end)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed)
    while not ENGINE.is_over(state):
        seats = ENGINE.to_act(state)
        assert len(seats) == 1
        move = rng.choice(ENGINE.legal_moves(state, seats[0]))
        yield state, seats[0], move
        state = ENGINE.apply(state, seats[0], move)
    yield state, None, None


def coins_accounted(state: SarcophagusState) -> list[int]:
    found = [c for hand in state.hands for c in hand] + [c for lk in state.locked for c in lk]
    return sorted(found + [c for coins in state.coins for c in coins])


def all_coins(players: int) -> list[int]:
    return sorted(s * 6 + v for s in range(len(suit_owners(players))) for v in range(6))


# -- accounting and endings -------------------------------------------------------------------
def test_thousands_of_random_games_account_for_every_tile_and_coin_and_end():
    bots = {n: [RandomBot()] * n for n in (2, 3, 4)}
    for seed in range(1500):
        players = 2 + seed % 3
        result = play_game(ENGINE, bots[players], seed, random.Random(seed))
        state = result.state
        assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
        assert sorted(tiles_accounted(state)) == list(range(24))
        assert coins_accounted(state) == all_coins(players)
        assert all(t is None for t in state.board) and all(t is None for t in state.under)
        assert result.winners and result.scores == [r["fame"] for r in state.results]
        for seat, r in enumerate(state.results):
            assert r["tile_count"] == len(state.held[seat]) + len(state.buried[seat]) - len(
                r["discarded"]
            )


@settings(max_examples=60)
@given(seed=SEEDS, players=PLAYERS)
def test_every_step_keeps_tiles_and_coins_and_never_touches_its_input(seed, players):
    for state, seat, move in random_states(players, seed):
        assert sorted(tiles_accounted(state)) == list(range(24))
        assert coins_accounted(state) == all_coins(players)
        assert all(len(c) <= 4 for c in state.coins)
        if move is None:
            break
        before = ENGINE.to_json(state)
        ENGINE.apply(state, seat, move)
        assert ENGINE.to_json(state) == before


# -- the move contract ------------------------------------------------------------------------
def candidate_moves(players: int, rng: random.Random, count: int) -> list[dict]:
    """Plausible and near-miss moves: coins anywhere, any suit or none, discards, passes."""
    moves: list[dict] = [{"pass": True}, {"pass": False}]
    moves += [{"discard": t} for t in TILES]
    for _ in range(count):
        r, i = rng.choice(POSITIONS)
        move: dict = {"coin": rng.randrange(6), "tile": [r, i]}
        if rng.random() < 0.5:
            move["suit"] = rng.choice(SUITS)
        moves.append(move)
    return moves


def canonical(state: SarcophagusState, seat: int, move: dict) -> dict:
    """A coin move without its suit stands for the first owned suit holding that value."""
    if "coin" in move and "suit" not in move and state.players == 2:
        for s in owned_suits(state.players, seat):
            if s * 6 + move["coin"] in state.hands[seat]:
                return {**move, "suit": SUITS[s]}
    own = [SUITS[s] for s in owned_suits(state.players, seat)]
    if "coin" in move and state.players > 2 and move.get("suit", own[0]) == own[0]:
        return {k: v for k, v in move.items() if k != "suit"}
    return move


@settings(max_examples=25)
@given(seed=SEEDS, players=PLAYERS)
def test_legal_moves_are_exactly_the_moves_apply_accepts(seed, players):
    rng = random.Random(seed)
    for state, seat, _ in random_states(players, seed):
        if seat is None:
            break
        legal = ENGINE.legal_moves(state, seat)
        assert legal and json.loads(json.dumps(legal)) == legal
        for other in range(players):
            if other != seat:
                assert ENGINE.legal_moves(state, other) == []
        for move in legal:
            ENGINE.apply(state, seat, move)
        for move in candidate_moves(players, rng, 25):
            try:
                ENGINE.apply(state, seat, move)
            except IllegalMove:
                assert canonical(state, seat, move) not in legal
            else:
                assert canonical(state, seat, move) in legal


# -- determinism and the JSON round trip ------------------------------------------------------
@settings(max_examples=40)
@given(seed=SEEDS, players=PLAYERS)
def test_a_seed_and_its_moves_replay_the_same_game(seed, players):
    moves = []
    final = None
    for state, seat, move in random_states(players, seed):
        if move is None:
            final = state
            break
        moves.append((seat, move))
    replay = ENGINE.new_game(players, seed)
    for seat, move in moves:
        replay = ENGINE.apply(replay, seat, move)
    assert ENGINE.to_json(replay) == ENGINE.to_json(final)


@settings(max_examples=40)
@given(seed=SEEDS, players=PLAYERS, cut=st.integers(0, 200))
def test_from_json_continues_exactly_like_the_original(seed, players, cut):
    state = None
    for state, _, move in random_states(players, seed):  # noqa: B007 (kept after the loop)
        if move is None or cut == 0:
            break
        cut -= 1
    data = json.loads(json.dumps(ENGINE.to_json(state)))
    copy = ENGINE.from_json(data)
    assert copy == state
    rng = random.Random(seed)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        assert ENGINE.legal_moves(copy, seat) == ENGINE.legal_moves(state, seat)
        move = rng.choice(ENGINE.legal_moves(state, seat))
        state, copy = ENGINE.apply(state, seat, move), ENGINE.apply(copy, seat, move)
    assert ENGINE.to_json(copy) == ENGINE.to_json(state)


# -- hidden information (P5) ------------------------------------------------------------------
def hidden_variant(state: SarcophagusState, viewer: int | None, rng: random.Random):
    """The same game as far as ``viewer`` can know: hidden tiles shuffled among their places,
    other players' coin values shuffled among that suit's coins (hand, board, locked)."""
    s = state.copy()
    slots = [("board", p) for p, t in enumerate(s.board) if t is not None and not s.face_up[p]]
    slots += [("under", k) for k, t in enumerate(s.under) if t is not None]
    tiles = [getattr(s, name)[i] for name, i in slots]
    buried = [list(b) for b in s.buried]
    pool = tiles + [t for b in buried for t in b] + s.unseen
    rng.shuffle(pool)
    for name, i in slots:
        getattr(s, name)[i] = pool.pop()
    s.buried = [tuple(pool.pop() for _ in b) for b in buried]
    s.unseen = [pool.pop() for _ in s.unseen]
    owners = suit_owners(s.players)
    for suit, owner in enumerate(owners):
        if owner == viewer:
            continue
        values = [c % 6 for c in s.hands[owner] + s.locked[owner] if c // 6 == suit]
        values += [c % 6 for coins in s.coins for c in coins if c // 6 == suit]
        rng.shuffle(values)
        hand = [c for c in s.hands[owner] if c // 6 != suit]
        hand += [suit * 6 + values.pop() for c in s.hands[owner] if c // 6 == suit]
        s.hands[owner] = tuple(sorted(hand))
        s.locked[owner] = tuple(
            suit * 6 + values.pop() if c // 6 == suit else c for c in s.locked[owner]
        )
        s.coins = [
            tuple(suit * 6 + values.pop() if c // 6 == suit else c for c in coins)
            for coins in s.coins
        ]
    return s


def hidden_names(state: SarcophagusState) -> set[str]:
    names = {TILES[t] for p, t in enumerate(state.board) if t is not None and not state.face_up[p]}
    names |= {TILES[t] for t in state.under if t is not None} | {TILES[t] for t in state.unseen}
    return names | {TILES[t] for b in state.buried for t in b}


@settings(max_examples=40)
@given(seed=SEEDS, players=PLAYERS)
def test_views_do_not_change_when_only_hidden_facts_differ(seed, players):
    rng = random.Random(seed)
    for step, (state, _, _) in enumerate(random_states(players, seed)):
        if state.phase != PLAY:
            break
        if step % 3:
            continue
        for viewer in [None, *range(players)]:
            variant = hidden_variant(state, viewer, rng)
            assert ENGINE.view(variant, viewer) == ENGINE.view(state, viewer)


@settings(max_examples=40)
@given(seed=SEEDS, players=PLAYERS)
def test_views_never_name_hidden_tiles_or_others_coin_values(seed, players):
    for state, _, _ in random_states(players, seed):
        hidden = hidden_names(state) if state.phase == PLAY else {TILES[t] for t in state.unseen}
        for viewer in [None, *range(players)]:
            view = ENGINE.view(state, viewer)
            text = json.dumps(view)
            assert not [t for t in hidden if f'"{t}' in text or f" {t}" in text]
            for cell in view["pyramid"]:
                for c in cell["coins"]:
                    assert ("value" in c) == (c["seat"] == viewer)
            assert view["to_act"] == ENGINE.to_act(state)
            assert view["is_over"] == ENGINE.is_over(state)
