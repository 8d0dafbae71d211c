"""Sarcophagus for the search bot: samples agree with the view, reveal facts hold; no peeking."""

from __future__ import annotations

import random
import time

from games.bots import get_bot
from games.bots.sampling.sarcophagus import SEARCH, read_reveals, sample_state
from games.bots.sarcophagus import HeuristicBot
from games.bots.search import SearchBot
from games.engines.sarcophagus import ENGINE
from games.engines.sarcophagus.pyramid import SARCOPHAGUS
from games.engines.sarcophagus.state import tiles_accounted
from games.simulation import play_game
from tests.bots.sealed import choose_sealed


def positions(players: int, games: int):
    """(state, seat to act) at every decision of heuristic games."""
    bot = HeuristicBot()
    for seed in range(games):
        state = ENGINE.new_game(players, seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            yield state, seat
            state = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, rng))


def public(view: dict) -> dict:
    return view | {"events": []}


def test_a_sample_agrees_with_the_view_in_everything_public():
    rng = random.Random(3)
    for players in (2, 3, 4):
        for state, seat in positions(players, 4):
            view = ENGINE.view(state, seat)
            sample = sample_state(view, rng)
            assert public(ENGINE.view(sample, seat)) == public(view)
            assert sorted(tiles_accounted(sample)) == list(range(24))
            assert sample.hands[seat] == state.hands[seat]


def test_a_sample_plays_on_like_the_real_game():
    # Same public moves, same public outcome of the next move: the hidden parts fit the rules.
    rng = random.Random(5)
    for state, seat in positions(3, 3):
        sample = sample_state(ENGINE.view(state, seat), rng)
        assert ENGINE.legal_moves(sample, seat) == ENGINE.legal_moves(state, seat)
        assert ENGINE.to_act(sample) == ENGINE.to_act(state)


def test_the_set_up_shape_is_kept_five_and_nulls_round_the_sarcophagus():
    rng = random.Random(1)
    for state, seat in positions(3, 2):
        sample = sample_state(ENGINE.view(state, seat), rng)
        for k, p in enumerate(SARCOPHAGUS):
            for tile in (sample.board[p], sample.under[k]):
                if tile is not None and not sample.face_up[p]:
                    assert tile % 6 in (0, 5)


def test_samples_vary_what_is_hidden():
    view = ENGINE.view(ENGINE.new_game(3, 9), 0)
    boards = {tuple(sample_state(view, random.Random(i)).board) for i in range(20)}
    assert len(boards) > 15


def test_reveal_facts_are_true_of_the_real_coins():
    checked = 0
    for state, seat in positions(3, 25):
        reveals = read_reveals(ENGINE.view(state, seat))
        for (p, k), values in reveals.forbidden.items():
            assert state.coins[p][k] % 6 not in values
            checked += 1
        for owner, values in reveals.locked.items():
            assert set(values) <= {c % 6 for c in state.locked[owner]}
    assert checked > 0


def test_samples_honour_the_reveal_facts():
    rng = random.Random(2)
    for state, seat in positions(3, 10):
        view = ENGINE.view(state, seat)
        reveals = read_reveals(view)
        if not reveals.forbidden:
            continue
        sample = sample_state(view, rng)
        for (p, k), values in reveals.forbidden.items():
            assert sample.coins[p][k] % 6 not in values


def test_the_search_bot_plays_whole_games_legally():
    bots = [get_bot("sarcophagus", "search:8"), HeuristicBot(), HeuristicBot()]
    for seed in range(2):
        result = play_game(ENGINE, bots, seed)  # apply raises on an illegal move
        assert ENGINE.is_over(result.state)


def hidden_swapped(state, seat: int, rng: random.Random):
    """The same game as ``seat`` sees it, with every hidden tile and coin value redrawn."""
    other = sample_state(ENGINE.view(state, seat), rng)
    other.events = [dict(e) for e in state.events]
    other.seed, other.first = state.seed, state.first
    return other


def test_the_search_bot_does_not_peek_at_hidden_tiles_or_coins():
    checked = 0
    for state, seat in positions(3, 2):
        view = ENGINE.view(state, seat)
        if len(view["moves"]) < 4 or state.placed:
            continue
        other = hidden_swapped(state, seat, random.Random(checked))
        assert (other.board, other.hands) != (state.board, state.hands)
        assert ENGINE.view(other, seat) == view
        chosen = [
            SearchBot("sarcophagus", budget=None, iterations=12).choose(
                ENGINE, s, seat, random.Random(4)
            )
            for s in (state, other)
        ]
        assert chosen[0] == chosen[1]
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_trap_discards_and_forced_moves_take_no_search():
    view = {"moves": [{"pass": True}]}
    assert SEARCH.shortcut(ENGINE, view, 0, random.Random(0)) == {"pass": True}


def midgame():
    """A position with a real choice of coin moves in a heuristic game."""
    for state, seat in positions(3, 1):
        if len(ENGINE.legal_moves(state, seat)) >= 6 and state.placed == 0 and state.held[0]:
            return state, seat
    raise AssertionError("no position with a choice")


def test_after_information_the_real_state_is_never_read():
    state, seat = midgame()
    assert choose_sealed(ENGINE, state, seat, SEARCH) in ENGINE.legal_moves(state, seat)


def test_the_time_budget_bounds_a_move():
    state, seat = midgame()
    started = time.perf_counter()
    SearchBot(budget=0.05, iterations=None).choose(ENGINE, state, seat, random.Random(1))
    assert time.perf_counter() - started < 1.5
