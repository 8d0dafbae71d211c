"""Sarg worlds drawn for the search agree with the seat's view and never with the rest."""

import random
from collections import Counter

import pytest

from games.bots.sampling.sarg import SEARCH, determinise, information, round_over
from games.bots.search import SearchBot
from games.engines import get_engine
from games.engines.sarg.cards import DECK

ENGINE = get_engine("sarg")
PUBLIC = (
    "to_act",
    "is_over",
    "scores",
    "hand",
    "hand_sizes",
    "grid",
    "open_cells",
    "roles",
    "round",
    "dealer",
    "round_scores",
    "totals",
    "stack",
    "seen",
    "to_1000",
)


def positions(count=12):
    """Mid-game states with the seat to act, from random play."""
    rng = random.Random(7)
    for seed in range(count):
        state = ENGINE.new_game(2, seed, queen=seed % 2)
        for _ in range(rng.randrange(0, 40)):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        yield state, ENGINE.to_act(state)[0]


def test_a_world_shows_the_seat_exactly_its_view():
    for state, seat in positions():
        view = ENGINE.view(state, seat)
        for draw in range(3):
            world = determinise(
                ENGINE, information(ENGINE, state, seat, {}), seat, random.Random(draw)
            )
            seen = ENGINE.view(world, seat)
            assert {k: seen[k] for k in PUBLIC} == {k: view[k] for k in PUBLIC}
            assert ENGINE.legal_moves(world, seat) == ENGINE.legal_moves(state, seat)


def test_a_world_deals_only_unseen_cards_in_the_right_numbers():
    for state, seat in positions():
        world = determinise(ENGINE, information(ENGINE, state, seat, {}), seat, random.Random(1))
        other = 1 - seat
        assert world.hands[seat] == state.hands[seat]
        assert len(world.hands[other]) == len(state.hands[other])
        assert len(world.stack) == len(state.stack)
        hidden = Counter(world.hands[other]) + Counter(world.stack)
        assert not set(hidden) & set(state.seen) - {"JK"}
        everything = hidden + Counter(world.hands[seat]) + Counter(world.seen)
        assert everything == Counter(DECK)


def test_the_other_hand_is_redrawn():
    state, seat = next(positions(1))
    other = 1 - seat
    hands = {
        determinise(ENGINE, information(ENGINE, state, seat, {}), seat, random.Random(n)).hands[
            other
        ]
        for n in range(10)
    }
    assert len(hands) > 1


def swapped(state, seat):
    """The same position for ``seat`` with the other hand and the stack dealt differently."""
    other = 1 - seat
    pool = sorted(state.hands[other] + state.stack)
    random.Random(99).shuffle(pool)
    new = state.copy()
    size = len(state.hands[other])
    hands = list(new.hands)
    hands[other] = tuple(pool[:size])
    new.hands = (hands[0], hands[1])
    new.stack = tuple(pool[size:])
    new.seed = state.seed + 12345
    return new


def test_what_the_seat_knows_does_not_change_with_the_hidden_cards():
    for state, seat in positions():
        assert information(ENGINE, state, seat, {}) == information(
            ENGINE, swapped(state, seat), seat, {}
        )


@pytest.mark.parametrize("seed", range(4))
def test_no_peeking_the_choice_is_the_same_whatever_the_other_hand_holds(seed):
    state, seat = list(positions(4))[seed]
    other = swapped(state, seat)
    assert other.hands[1 - seat] != state.hands[1 - seat] or not state.hands[1 - seat]
    bot = SearchBot(budget=None, iterations=150)
    real = bot.choose(ENGINE, state, seat, random.Random(seed))
    bot = SearchBot(budget=None, iterations=150)
    assert bot.choose(ENGINE, other, seat, random.Random(seed)) == real


def test_the_search_looks_to_the_end_of_the_round():
    state, _seat = next(positions(1))
    assert not round_over(ENGINE, state, state)
    rng = random.Random(2)
    now = state
    while len(now.rounds) == len(state.rounds):
        mover = ENGINE.to_act(now)[0]
        now = ENGINE.apply(now, mover, rng.choice(ENGINE.legal_moves(now, mover)))
    assert round_over(ENGINE, state, now)
    rewards = SEARCH.rewards(ENGINE, state, now)
    assert sum(rewards) == pytest.approx(1.0) and all(0 <= r <= 1 for r in rewards)
