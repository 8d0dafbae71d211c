"""Sacrifice properties over thousands of random games: every card accounted for, every game
ends, legal_moves and apply agree, states round-trip and replay, views hide what they must."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import IllegalMove
from games.engines.sacrifice import ENGINE, TROPHIES, final_score

E = ENGINE
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_CARDS = Counter({f"{r}{s}": 1 for r in RANKS for s in "SHDC"})
ALL_CARDS["JK"] = 2
CARD_NAMES = sorted(ALL_CARDS)
EVERY_CARD = sorted(ALL_CARDS.elements())
seeds = st.integers(0, 2**32)


def random_game(seed: int, steps: int | None = None):
    """Random legal moves from ``new_game(seed)``; yields (state, seat, move) before each."""
    rng = random.Random(seed)
    s = E.new_game(2, seed)
    while not E.is_over(s) and steps != 0:
        seat = rng.choice(E.to_act(s))
        move = rng.choice(E.legal_moves(s, seat))
        yield s, seat, move
        s = E.apply(s, seat, move)
        steps = None if steps is None else steps - 1
    yield s, None, None


def cards_in(s) -> list[str]:
    """Every card the state holds, wherever it lies, sorted (a list, not a Counter: this runs
    for every state of a thousand games)."""
    found = [*s.market, *s.trophies]
    if s.phase in ("buy", "trick"):  # the trophy in play is not anyone's yet
        found.append(s.trophy)
    for seat in (0, 1):
        for pile in (s.draw, s.discard, s.hand, s.played, s.altar):
            found += pile[seat]
    found.sort()
    return found


def normalised(move: dict) -> tuple:
    """Moves equal up to the order of the cards listed in them (a key, not JSON: this runs
    for hundreds of near misses a state)."""
    return tuple(
        sorted((k, tuple(sorted(v)) if isinstance(v, list) else v) for k, v in move.items())
    )


def candidates(s, seat: int) -> list[dict]:
    """Moves to try: the legal ones and many near misses built from every card name."""
    held = list(s.hand[seat] + s.played[seat])
    moves: list[dict] = [{"done": True}, {"done": False}]
    moves += [{"play": c} for c in CARD_NAMES]
    spend_from = [*dict.fromkeys(held), "6H", "JK"]
    for a, b in combinations(spend_from, 2):
        for card in ("6S", "7H", "8D", "9C", "10S", "5H"):
            moves.append({"buy": card, "spend": [a, b]})
    for n in range(min(len(held), s.limit + 1) + 1):
        for combo in list(combinations(held, n))[:40]:
            moves.append({"sacrifice": list(combo)})
    moves.append({"sacrifice": ["AS", "AD"]})
    return moves


def hidden_variant(s, seat: int, rng: random.Random):
    """A state that differs from ``s`` only in what ``seat`` may not know: the opponent's hand,
    draw pile, discard pile, altar (before the end), secret purchases and committed card are
    reshuffled among themselves, and the seat's own draw pile is reordered."""
    v = E.from_json(E.to_json(s))
    opp = 1 - seat
    committed = v.leader < 0 and v.table[opp] is not None
    piles = ["hand", "draw", "discard"] + ([] if v.phase == "over" else ["altar"])
    sizes = [len(getattr(v, p)[opp]) for p in piles]
    mixed = [c for p in piles for c in getattr(v, p)[opp]]
    if committed:
        mixed.append(v.table[opp])
    rng.shuffle(mixed)
    for pile, size in zip(piles, sizes, strict=True):
        getattr(v, pile)[opp], mixed = tuple(mixed[:size]), mixed[size:]
    if committed:
        v.table[opp] = mixed.pop()
        v.played[opp] = (*v.played[opp][:-1], v.table[opp])
    if v.phase == "buy" and v.simultaneous:
        v.purchases[opp] = ()
    v.draw[seat] = tuple(rng.sample(v.draw[seat], len(v.draw[seat])))
    return v


# --- thousands of random games ---------------------------------------------------------------


def test_random_games_end_and_always_account_for_all_54_cards():
    for seed in range(1000):
        moves = 0
        for s, _seat, _move in random_game(seed):
            assert cards_in(s) == EVERY_CARD, f"seed {seed}, move {moves}"
            moves += 1
        assert E.is_over(s) and moves < 5000
        assert E.winners(s)


def test_random_games_keep_hands_big_enough_for_their_tricks():
    for seed in range(300):
        for s, _seat, _move in random_game(seed):
            if s.phase == "trick" and not s.sudden and not s.tricks and s.table == [None, None]:
                assert all(len(h) >= E.view(s, None)["tricks_to_play"] for h in s.hand)


def test_final_scores_follow_final_score_and_trophies_all_won():
    for seed in range(300):
        *_, (s, _, _) = random_game(seed)
        scores = [final_score(len(s.won[p]), list(s.altar[p])) for p in (0, 1)]
        assert E.scores(s) == scores
        if s.loser_by_cards < 0:
            assert Counter(s.won[0] + s.won[1]) == Counter(TROPHIES)
            assert E.winners(s) == [p for p in (0, 1) if scores[p] == max(scores)]
        else:
            assert E.winners(s) == [1 - s.loser_by_cards]


@settings(max_examples=20)
@given(seeds)
def test_legal_moves_are_exactly_what_apply_accepts(seed):
    for s, _seat, _move in random_game(seed):
        for seat in (0, 1):
            legal = {normalised(m) for m in E.legal_moves(s, seat)}
            assert not legal or seat in E.to_act(s)
            for move in candidates(s, seat):
                try:
                    E.apply(s, seat, move)
                except IllegalMove:
                    assert normalised(move) not in legal, move
                else:
                    assert normalised(move) in legal, move


@settings(max_examples=100)
@given(seeds)
def test_apply_never_changes_the_state_it_is_given(seed):
    for s, seat, move in random_game(seed):
        if move is None:
            break
        before = json.dumps(E.to_json(s))
        E.apply(s, seat, move)
        assert json.dumps(E.to_json(s)) == before


@settings(max_examples=100)
@given(seeds, st.integers(0, 150))
def test_json_round_trip_mid_game_continues_exactly(seed, at):
    rng = random.Random(seed)
    s = E.new_game(2, seed)
    copy = None
    for step in range(2000):
        if E.is_over(s):
            break
        if step == at:
            copy = E.from_json(json.loads(json.dumps(E.to_json(s))))
            assert E.to_json(copy) == E.to_json(s)
        seat = rng.choice(E.to_act(s))
        move = rng.choice(E.legal_moves(s, seat))
        s = E.apply(s, seat, move)
        if copy is not None:
            copy = E.apply(copy, seat, move)
            assert E.to_json(copy) == E.to_json(s)


@settings(max_examples=100)
@given(seeds)
def test_seed_and_moves_replay_the_same_game(seed):
    log = [(seat, move) for _s, seat, move in random_game(seed) if move is not None]
    *_, (end, _, _) = random_game(seed)
    s = E.new_game(2, seed)
    for seat, move in log:
        s = E.apply(s, seat, move)
    assert E.to_json(s) == E.to_json(end)


@settings(max_examples=40)
@given(seeds)
def test_views_are_json_and_hide_every_hidden_fact(seed):
    rng = random.Random(seed)
    for s, _seat, _move in random_game(seed):
        for seat in (0, 1, None):
            view = E.view(s, seat)
            assert json.loads(json.dumps(view)) == view
            assert len(view["events"]) <= 20
            for event in view["events"]:
                assert {"kind", "seats", "text"} <= set(event)
            for watcher in (0, 1) if seat is None else (seat,):
                variant = hidden_variant(s, watcher, rng)
                assert E.view(variant, seat) == view, (seed, seat, s.phase)


@settings(max_examples=100)
@given(seeds)
def test_views_show_only_the_viewers_own_cards(seed):
    for s, _seat, _move in random_game(seed):
        for seat in (0, 1):
            view = E.view(s, seat)
            assert Counter(view["hand"]) <= Counter(s.hand[seat])
            assert view["discard"] == list(s.discard[seat])
            assert view["altar"] == list(s.altar[seat])
            assert "draw" not in view  # not even one's own draw order
