"""Sarkophag for the search bot: samples agree with the view and its facts; no peeking."""

from __future__ import annotations

import random
import time

from games.bots import get_bot
from games.bots.sampling.sarkophag import (
    SEARCH,
    Memory,
    observe,
    sample_state,
    trick_facts,
    unseen_cards,
)
from games.bots.sarkophag import HeuristicBot
from games.bots.search import SearchBot
from games.engines.sarkophag import ENGINE, HAND_SIZE, HEADS
from games.simulation import play_game
from tests.bots.sealed import choose_sealed


def positions(players: int, games: int, limit: int | None = None):
    """(state, seat to act, memory of that seat) at every turn of heuristic games."""
    bot = HeuristicBot()
    for seed in range(games):
        state = ENGINE.new_game(players, seed, limit=limit)
        memories: dict[int, Memory | None] = {}
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            memories[seat] = observe(ENGINE.view(state, seat), memories.get(seat))
            yield state, seat, memories[seat]
            state = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, rng))


def test_a_lead_of_five_heads_rules_out_every_other_card():
    facts = dict(trick_facts(2, [15], 4))
    assert facts[2] == {c for c in range(1, 61) if HEADS[c] != 5}


def test_a_player_who_breaks_the_trick_holds_nothing_on_the_following_side():
    # Lower trick 30, 20: the seat playing 40 third holds nothing below 30.
    facts = list(trick_facts(1, [30, 20, 40, 10], 4))
    assert facts == [(3, set(range(1, 30)))]


def test_the_facts_in_memory_are_true_of_the_real_hands():
    for state, _seat, memory in positions(4, 15, limit=40):
        for other, cannot in memory.excluded.items():
            assert not cannot & set(state.hands[other])


def test_a_sample_agrees_with_the_view_in_everything_public():
    rng = random.Random(7)
    for state, seat, memory in positions(5, 6):
        view = ENGINE.view(state, seat)
        sample = sample_state(view, rng, memory)
        assert ENGINE.view(sample, seat) | {"events": []} == view | {"events": []}
        unseen = set(unseen_cards(view))
        dealt = [c for other, hand in enumerate(sample.hands) if other != seat for c in hand]
        assert len(dealt) == len(set(dealt)) and set(dealt) <= unseen
        for other, cannot in memory.excluded.items():
            assert not cannot & set(sample.hands[other])


def test_samples_vary_the_hidden_hands():
    state = ENGINE.new_game(4, 3)
    view = ENGINE.view(state, 0)
    hands = {sample_state(view, random.Random(i)).hands[1] for i in range(20)}
    assert len(hands) > 15
    assert all(len(h) == HAND_SIZE for h in hands)


def test_tight_facts_still_give_a_deal():
    # Late in a round, voids leave little room: the fallback matching must still find a deal.
    rng = random.Random(1)
    for state, seat, memory in positions(6, 8):
        sample = sample_state(ENGINE.view(state, seat), rng, memory)
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]


def test_the_determiniser_remembers_facts_that_scrolled_out_of_the_events():
    for state, seat, memory in positions(4, 10):
        fresh = observe(ENGINE.view(state, seat))
        for other, cannot in fresh.excluded.items():
            assert cannot <= memory.excluded[other]


def test_the_plug_in_keeps_its_memory_in_the_dict_the_bot_hands_it():
    memory: dict = {}
    state = ENGINE.new_game(4, 1)
    info = SEARCH.information(ENGINE, state, 0, memory)
    assert memory["sarkophag"] is info.memory
    world = SEARCH.determinise(ENGINE, info, 0, random.Random(0))
    assert world.hands[0] == state.hands[0]


def test_the_search_bot_plays_whole_games_legally():
    bots = [get_bot("sarkophag", "search:40"), HeuristicBot(), HeuristicBot()]
    for seed in range(3):
        result = play_game(ENGINE, bots, seed)  # apply raises on an illegal move
        assert ENGINE.is_over(result.state)


def test_the_search_bot_does_not_peek_at_other_hands():
    # Deal the other seats different cards the view cannot tell apart: the choice stays.
    checked = 0
    for state, seat, _memory in positions(4, 3):
        if len(state.legal) < 2 or len(state.played) % 7:
            continue
        view = ENGINE.view(state, seat)
        other = state.copy()
        other.hands = sample_state(view, random.Random(checked)).hands
        assert other.hands != state.hands
        assert ENGINE.view(other, seat) == view
        chosen = [
            SearchBot("sarkophag", budget=None, iterations=60).choose(
                ENGINE, s, seat, random.Random(9)
            )
            for s in (state, other)
        ]
        assert chosen[0] == chosen[1]
        checked += 1
    assert checked >= 3


def test_the_search_is_the_same_for_the_same_seed():
    state = ENGINE.new_game(4, 5)
    seat = ENGINE.to_act(state)[0]
    bot = SearchBot("sarkophag", budget=None, iterations=80)
    moves = {bot.choose(ENGINE, state, seat, random.Random(3))["card"] for _ in range(3)}
    assert len(moves) == 1


def midgame():
    """A position after the first trick where the seat to act has three or more cards to choose."""
    for state, seat, _memory in positions(4, 1):
        if len(state.legal) >= 3 and state.played:
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
