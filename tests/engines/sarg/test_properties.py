"""Sarg properties over thousands of random games: cards, scoring, replay, protocol, secrecy."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import IllegalMove
from games.engines.sarg import DECK, ENGINE, final_result, line_value, score_round
from games.engines.sarg.state import SargState

# A card's notation standing alone. The leading lookahead names the characters every match
# starts with, so the regex engine skips to them instead of trying each alternative's
# lookbehind at every position of a view's JSON (which was most of the leak test's time).
CARD_TOKEN = re.compile(
    r"(?=[1-9AJQK])(?:(?<![0-9A-Z])(?:10|[2-9AJQK])[SHDC](?![0-9A-Z])|(?<![A-Z])JK(?![A-Z]))"
)
SEEDS = st.integers(0, 2**32)


# -- an independent reference for the scoring rules (G4, G5) -----------------------------


def reference_line(cards: list[str], axis: str) -> int:
    """G4 written out afresh, so the engine is checked against a second reading of the rule."""
    if "JK" in cards:
        return 0
    total = 0
    for card in cards:
        rank = card[:-1]
        if rank == "A":
            total += 1
        elif rank == "Q":
            total += 10 if axis == "row" else 0
        elif rank == "K":
            total += 10 if axis == "column" else 0
        elif rank != "J":
            total += int(rank)
    suits = [card[-1] for card in cards]
    colours = {suit in "HD" for suit in suits}
    if len(set(suits)) == 1:
        return total * 5
    if len(colours) == 1:
        return total * 3
    if len(set(suits)) == 2:
        return total * 2
    return total


def reference_credit(grid: tuple[str, ...]) -> tuple[int, int]:
    rows = sorted(reference_line(list(grid[3 * r : 3 * r + 3]), "row") for r in range(3))
    columns = sorted(reference_line(list(grid[c::3]), "column") for c in range(3))
    for level in (2, 1):
        if rows[level] != columns[level]:
            return rows[level], columns[level]
    return rows[0], columns[0]


# -- the rule functions against the reference ------------------------------------------

SQUARES = st.permutations(DECK).map(lambda deck: tuple(deck[:9]))


@settings(max_examples=500)
@given(SQUARES)
def test_score_round_matches_the_reference_on_any_square(cards):
    grid = [list(cards[3 * r : 3 * r + 3]) for r in range(3)]
    result = score_round(grid)
    assert (result["queen"], result["king"]) == reference_credit(cards)
    for r, line in enumerate(result["rows"]):
        assert line["value"] == reference_line(grid[r], "row") == line_value(grid[r], "row")
        assert line["value"] == line["base"] * line["multiplier"]
    column = [grid[row][result["credited"]["king"]] for row in range(3)]
    assert line_value(column, "column") == result["king"]
    assert result["level"] in (1, 2, 3)


@settings(max_examples=300)
@given(st.lists(st.integers(0, 400), min_size=1, max_size=8), st.data())
def test_final_result_bonus_keeps_the_order_of_totals(queen_scores, data):
    king_scores = data.draw(
        st.lists(st.integers(0, 400), min_size=len(queen_scores), max_size=len(queen_scores))
    )
    rounds = [{"queen": q, "king": k} for q, k in zip(queen_scores, king_scores, strict=True)]
    result = final_result(rounds)
    queen, king = sum(queen_scores), sum(king_scores)
    assert result["totals"] == {"queen": queen, "king": king}
    assert result["queen"] + result["king"] == queen + king + result["bonus"]
    if queen != king:
        assert result["bonus"] == abs(queen - king)
        assert result["bonus_to"] == ("queen" if queen > king else "king")


# -- playing ---------------------------------------------------------------------------


def random_game(seed: int, **options):
    """Yield (state before, seat, move, state after) for one random game."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed, **options)
    while not ENGINE.is_over(state):
        (seat,) = ENGINE.to_act(state)
        move = rng.choice(ENGINE.legal_moves(state, seat))
        after = ENGINE.apply(state, seat, move)
        yield state, seat, move, after
        state = after


def check_game_invariants(seed: int, **options) -> SargState:
    """Play one game; the squares fill, each deck's rounds use its 54 cards, credits recompute."""
    squares = []
    state = None
    for _before, _seat, _move, after in random_game(seed, **options):
        state = after
        if len(after.rounds) > len(squares):
            assert None not in after.last_grid
            squares.append(after.last_grid)
            assert after.rounds[-1] == reference_credit(after.last_grid)
    assert state is not None
    assert len(squares) == len(state.rounds)
    for start in range(0, len(squares) - len(squares) % 6, 6):
        cards = [card for square in squares[start : start + 6] for card in square]
        assert Counter(cards) == Counter(DECK)
    result = final_result([{"queen": q, "king": k} for q, k in state.rounds])
    scores = ENGINE.scores(state)
    assert scores[state.queen] == result["queen"] and scores[1 - state.queen] == result["king"]
    assert ENGINE.winners(state) == [s for s in (0, 1) if scores[s] == max(scores)]
    return state


def test_thousands_of_random_games_keep_the_invariants():
    for seed in range(3000):
        state = check_game_invariants(seed, queen=seed % 2)
        assert len(state.rounds) == 6


def test_play_to_1000_games_keep_the_invariants():
    for seed in range(12):
        state = check_game_invariants(seed, to_1000=True)
        totals = ENGINE.view(state, None)["totals"]
        assert max(totals.values()) >= 1000
        assert state.shuffles == (len(state.rounds) - 1) // 6


@settings(max_examples=400)
@given(SEEDS)
def test_replay_from_seed_and_moves_is_exact(seed):
    played = list(random_game(seed))
    replayed = ENGINE.new_game(2, seed)
    for _before, seat, move, _after in played:
        replayed = ENGINE.apply(replayed, seat, json.loads(json.dumps(move)))
    assert ENGINE.to_json(replayed) == ENGINE.to_json(played[-1][3])


@settings(max_examples=200)
@given(SEEDS, st.integers(0, 47))
def test_from_json_continues_exactly_like_the_original(seed, cut):
    played = list(random_game(seed))
    restored = ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(played[cut][0]))))
    for _before, seat, move, _after in played[cut:]:
        restored = ENGINE.apply(restored, seat, move)
    assert ENGINE.to_json(restored) == ENGINE.to_json(played[-1][3])


@settings(max_examples=100)
@given(SEEDS)
def test_legal_moves_are_exactly_the_moves_apply_accepts(seed):
    rng = random.Random(seed)
    cards = sorted(set(DECK))
    for state, _seat, _move, _after in random_game(seed):
        for seat in (0, 1):
            legal = {(m["card"], tuple(m["cell"])) for m in ENGINE.legal_moves(state, seat)}
            tried = {*state.hands[0], *state.hands[1], *rng.sample(cards, 3)}
            for card, cell in product(tried, product(range(3), range(3))):
                try:
                    ENGINE.apply(state, seat, {"card": card, "cell": list(cell)})
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == ((card, cell) in legal), (card, cell, seat)


def public_cards(state: SargState) -> set[str]:
    """Cards anyone may know: face up now or before, and those named in events."""
    named = {str(x) for entry in state.log for x in entry}
    return {*state.seen, *(state.last_grid or ()), *(c for c in state.grid if c), *named}


def foreign_cards(state: SargState, seat: int | None) -> set[str]:
    hidden = set(state.stack)
    for other in (0, 1):
        if other != seat:
            hidden |= set(state.hands[other])
    own = set(state.hands[seat]) if seat is not None else set()
    return hidden - own - public_cards(state)


@settings(max_examples=100)
@given(SEEDS, st.booleans())
def test_views_hold_no_foreign_card(seed, to_1000):
    for _before, _seat, _move, state in random_game(seed, to_1000=to_1000):
        for seat in (0, 1, None):
            view = ENGINE.view(state, seat)
            shown = set(CARD_TOKEN.findall(json.dumps(view)))
            assert not shown & foreign_cards(state, seat), seat
            assert view["hand"] == (list(state.hands[seat]) if seat is not None else [])
        if to_1000 and len(state.rounds) > 8:
            break


@settings(max_examples=200)
@given(SEEDS, st.integers(0, 47), st.randoms(use_true_random=False))
def test_views_ignore_hidden_facts(seed, cut, rng):
    state = list(random_game(seed))[cut][0]
    (seat,) = ENGINE.to_act(state)
    other = 1 - seat
    hidden = [*state.hands[other], *state.stack]
    rng.shuffle(hidden)
    size = len(state.hands[other])
    hands = list(state.hands)
    hands[other] = tuple(hidden[:size])
    twin = dataclasses.replace(state, hands=tuple(hands), stack=tuple(hidden[size:]))
    assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
    assert ENGINE.view(twin, None) == ENGINE.view(state, None)
    assert ENGINE.legal_moves(twin, seat) == ENGINE.legal_moves(state, seat)


@settings(max_examples=100)
@given(SEEDS)
def test_views_and_states_are_json(seed):
    for _before, _seat, _move, state in random_game(seed):
        assert json.loads(json.dumps(ENGINE.to_json(state))) == ENGINE.to_json(state)
    for seat in (0, 1, None):
        json.dumps(ENGINE.view(state, seat))
