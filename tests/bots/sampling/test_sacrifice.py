"""Sacrifice worlds drawn for the search agree with the seat's view; what the seat knows
does not depend on where the other seat's hidden cards lie."""

import random
from collections import Counter

import pytest

from games.bots import get_bot
from games.bots.sampling.sacrifice import determinise, information
from games.bots.search import SearchBot
from games.engines import get_engine

ENGINE = get_engine("sacrifice")
# view keys that hold only public facts or the seat's own (events are public text too)
SAME = (
    "phase",
    "hand_number",
    "trophies_left",
    "trophy",
    "market",
    "won",
    "buy_order",
    "leader",
    "sudden_death",
    "trick_counts",
    "tricks",
    "hand_winner",
    "sacrifice_limit",
    "piles",
    "hand",
    "played",
    "discard",
    "altar",
    "events",
)


def positions(count=16, phase=None):
    """States from heuristic play with ``seat`` to act (in ``phase`` when given)."""
    rng = random.Random(11)
    found = 0
    for seed in range(200):
        state = ENGINE.new_game(2, seed)
        stop = rng.randrange(0, 160)
        bots = [get_bot("sacrifice", "heuristic")] * 2
        for _ in range(stop):
            if ENGINE.is_over(state):
                break
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, bots[seat].choose(ENGINE, state, seat, rng))
        if ENGINE.is_over(state) or (phase and state.phase != phase):
            continue
        yield state, ENGINE.to_act(state)[-1]
        found += 1
        if found == count:
            return


def world(state, seat, n=0):
    return determinise(ENGINE, information(ENGINE, state, seat, {}), seat, random.Random(n))


def pending(state, seat) -> bool:
    """Whether the other seat has made a secret choice (a card or a first-hand purchase)
    that the world takes back, so that it shows one more card in hand."""
    other = 1 - seat
    if state.phase == "trick":
        return state.leader < 0 and state.table[other] is not None
    return state.phase == "buy" and state.simultaneous and state.done[other]


def test_a_world_shows_the_seat_its_view():
    for state, seat in positions(30):
        view = ENGINE.view(state, seat)
        seen = ENGINE.view(world(state, seat), seat)
        keys = [k for k in SAME if not (k == "piles" and pending(state, seat))]
        assert {k: seen[k] for k in keys} == {k: view[k] for k in keys}


def test_own_cards_stay_and_the_other_seats_cards_are_only_rearranged():
    for state, seat in positions():
        drawn = world(state, seat, 3)
        other = 1 - seat
        assert drawn.hand[seat] == state.hand[seat]
        assert Counter(drawn.draw[seat]) == Counter(state.draw[seat])
        assert Counter(drawn.trophies) == Counter(state.trophies)

        def cards(s, other=other):
            piles = (
                s.draw[other],
                s.discard[other],
                s.hand[other],
                s.altar[other],
                s.played[other],
            )
            return Counter(c for pile in piles for c in pile)

        assert cards(drawn) == cards(state)
        assert len(drawn.hand[other]) + len(drawn.played[other]) == len(state.hand[other]) + len(
            state.played[other]
        )
        assert len(drawn.draw[other]) == len(state.draw[other])
        assert len(drawn.altar[other]) == len(state.altar[other])


def test_the_other_seats_hand_is_redrawn():
    state, seat = next(positions(1, phase="trick"))
    hands = {world(state, seat, n).hand[1 - seat] for n in range(12)}
    assert len(hands) > 1


def rearranged(state, seat):
    """The same position for ``seat``, the other seat's hidden cards, the draw orders and the
    seed all different."""
    other = 1 - seat
    new = state.copy()
    piles = [new.draw[other], new.discard[other], new.hand[other], new.altar[other]]
    pool = [c for pile in piles for c in pile]
    random.Random(5).shuffle(pool)
    sizes = [len(p) for p in piles]
    cut = [sum(sizes[:i]) for i in range(5)]
    new.draw[other], new.discard[other], new.hand[other], new.altar[other] = (
        tuple(pool[cut[i] : cut[i + 1]]) for i in range(4)
    )
    mine = list(new.draw[seat])
    random.Random(6).shuffle(mine)
    new.draw[seat] = tuple(mine)
    new.trophies = tuple(reversed(new.trophies))
    new.seed += 777
    return new


def test_what_the_seat_knows_does_not_change_with_the_hidden_cards():
    for state, seat in positions():
        assert (
            information(ENGINE, state, seat, {}).key()
            == information(ENGINE, rearranged(state, seat), seat, {}).key()
        )


def test_a_card_chosen_but_not_revealed_is_taken_back():
    """First trick of a hand: the other seat's secret card is not part of what we know."""
    for state, _ in positions(40, phase="trick"):
        if len(ENGINE.to_act(state)) < 2:
            continue
        first = ENGINE.to_act(state)[0]
        for card in dict.fromkeys(state.hand[first]):
            chosen = ENGINE.apply(state, first, {"play": card})
            seat = 1 - first
            assert (
                information(ENGINE, chosen, seat, {}).key()
                == information(
                    ENGINE, ENGINE.apply(state, first, {"play": state.hand[first][0]}), seat, {}
                ).key()
            )
        return
    pytest.skip("no simultaneous trick among the positions")


def test_secret_first_hand_purchases_are_taken_back():
    state = ENGINE.new_game(2, 4)
    buys = [m for m in ENGINE.legal_moves(state, 0) if "buy" in m]
    secret = ENGINE.apply(state, 0, buys[0]) if buys else ENGINE.apply(state, 0, {"done": True})
    secret = ENGINE.apply(secret, 0, {"done": True}) if not secret.done[0] else secret
    nothing = ENGINE.apply(state, 0, {"done": True})
    assert information(ENGINE, secret, 1, {}).key() == information(ENGINE, nothing, 1, {}).key()
    assert 0 in ENGINE.to_act(world(secret, 1))


@pytest.mark.parametrize("index", range(4))
def test_no_peeking_the_choice_is_the_same_whatever_the_other_seat_holds(index):
    state, seat = list(positions(12, phase="trick"))[index]
    other = rearranged(state, seat)
    real = SearchBot(budget=None, iterations=80).choose(ENGINE, state, seat, random.Random(index))
    again = SearchBot(budget=None, iterations=80).choose(ENGINE, other, seat, random.Random(index))
    assert real == again
