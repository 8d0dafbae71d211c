"""Sarkophag: the rule functions, rulings K1-K6, the worked examples and the protocol."""

from __future__ import annotations

import json

import pytest

from games.engines import IllegalMove, get_engine
from games.engines.sarkophag import (
    DECK_HEADS,
    ENGINE,
    deal,
    first_dealer,
    heads,
    legal_cards,
    limit_reached,
    lowest_seats,
    mummy_heads,
    taker,
)


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


# -- K1: the head table ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "cards"),
    [
        (0, [1, 2, 14, 16, 24, 26, 34, 36, 44, 46, 59, 60]),
        (2, [4, 12, 18, 22, 28, 32, 38, 42, 48, 56, 58]),
        (3, [6, 8, 10, 20, 30, 40, 50, 52, 54]),
        (5, [15, 25, 35, 45]),
    ],
)
def test_k1_head_groups(count, cards):
    assert [c for c in range(1, 61) if mummy_heads(c) == count] == cards


def test_k1_one_head_is_every_other_odd_card():
    ones = [c for c in range(1, 61) if mummy_heads(c) == 1]
    assert ones == [c for c in range(3, 58, 2) if c not in (15, 25, 35, 45)]


def test_k1_deck_is_symmetric_except_card_58():
    assert all(mummy_heads(n) == mummy_heads(60 - n) for n in range(3, 58))
    assert mummy_heads(1) == mummy_heads(60) == 0
    assert mummy_heads(2) == mummy_heads(59) == 0
    assert mummy_heads(58) == 2


def test_k1_whole_deck_has_93_heads():
    assert DECK_HEADS == heads(range(1, 61)) == 93


@pytest.mark.parametrize("bad", [0, 61, -3, "5", 5.0, True, None])
def test_mummy_heads_refuses_non_cards(bad):
    with pytest.raises(ValueError):
        mummy_heads(bad)


def test_heads_sums_some_cards():
    assert heads([15, 20, 1]) == 8
    assert heads([]) == 0


@pytest.mark.parametrize("bad", [[3, 3], [0], [61], ["a"], 5])
def test_heads_refuses_duplicates_and_non_cards(bad):
    with pytest.raises(ValueError):
        heads(bad)


# -- the three worked examples of seed 000 ------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "index", "count"),
    [
        ([22, 20, 14, 15], 2, 10),  # Henrik takes with the 14
        ([48, 49, 53, 39], 3, 5),  # Clemens cannot go higher, plays 39 and takes
        ([9, 8, 36, 35], 2, 9),  # Daniel's 36 is the highest of those who broke
    ],
)
def test_worked_examples(trick, index, count):
    assert taker(trick) == index
    assert heads(trick) == count


def test_worked_example_one_through_the_engine():
    nico, clemens, henrik, daniel = range(4)
    state = make_state([[22, 40], [20, 41], [14, 42], [15, 43]], leader=nico)
    state = play(state, 22, 20, 14, 15)
    assert state.heads == (0, 0, 10, 0)
    assert state.tricks[henrik] == 1
    assert ENGINE.to_act(state) == [henrik]
    assert (clemens, daniel) == (1, 3)


def test_worked_example_three_through_the_engine():
    # Clemens (1) leads 9, Henrik (2) plays 8, Daniel (3) and Nico (0) hold nothing below 9.
    state = make_state([[35, 50], [9, 51], [8, 52], [36, 53]], leader=1)
    state = play(state, 9, 8, 36, 35)
    assert state.heads == (0, 0, 0, 9)
    assert ENGINE.to_act(state) == [3]


# -- K3: leading ------------------------------------------------------------------------------


def test_k3_five_head_card_may_not_be_led():
    assert legal_cards([15, 22, 45], []) == [22]


def test_k3_five_head_card_may_be_led_when_all_cards_have_five():
    assert legal_cards([15, 45], []) == [15, 45]


def test_k3_refusal_names_the_rule():
    state = make_state([[15, 22], [1, 2], [3, 4]], leader=0)
    with pytest.raises(IllegalMove, match="may not lead 15"):
        ENGINE.apply(state, 0, {"card": 15})


def test_k3_five_head_card_may_follow():
    assert legal_cards([15, 45], [30]) == [15, 45]


# -- K4: following ----------------------------------------------------------------------------


def test_k4_second_card_is_free():
    assert legal_cards([1, 59, 15], [30]) == [1, 59, 15]


def test_k4_lower_trick_measured_against_first_card():
    # 21 is above the second card (20) but below the first (22): allowed; 30 is not.
    assert legal_cards([21, 30], [22, 20]) == [21]


def test_k4_higher_trick_measured_against_first_card():
    assert legal_cards([23, 10], [22, 40]) == [23]


def test_k4_without_a_card_on_the_right_side_any_card():
    assert legal_cards([30, 50], [22, 20]) == [30, 50]
    assert legal_cards([3, 10], [22, 40]) == [3, 10]


def test_german_rules_keep_following_after_someone_deviated():
    # Seed 003: "Wer niedriger ausspielen kann, muss das aber weiterhin tun."
    assert legal_cards([10, 50], [30, 20, 55]) == [10]
    assert legal_cards([10, 50], [30, 40, 5]) == [50]


def test_k4_refusal_message_names_the_cards_to_play():
    state = make_state([[22, 1], [20, 2], [9, 14, 30], [3, 4]], leader=0)
    state = play(state, 22, 20)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 2, {"card": 30})
    assert str(refused.value) == "You must play lower than 22, and you hold 14 and 9."


def test_legal_cards_refuses_a_card_in_hand_and_trick():
    with pytest.raises(ValueError):
        legal_cards([22, 5], [22])


def test_legal_cards_refuses_an_empty_hand():
    with pytest.raises(ValueError):
        legal_cards([], [22])


# -- K5: the taker ----------------------------------------------------------------------------


def test_k5_lower_trick_lowest_takes():
    assert taker([30, 20, 10, 25]) == 2


def test_k5_lower_trick_with_a_breaker_highest_takes():
    assert taker([30, 20, 10, 40, 35]) == 3


def test_k5_higher_trick_highest_takes():
    assert taker([30, 40, 50, 35]) == 2


def test_k5_higher_trick_with_a_breaker_lowest_takes():
    assert taker([30, 40, 5, 10]) == 2


def test_k5_leader_never_takes():
    import itertools

    for trick in itertools.permutations([5, 20, 30, 45], 4):
        assert taker(list(trick)) != 0


def test_taker_needs_two_cards():
    with pytest.raises(ValueError):
        taker([22])


def test_taker_leads_the_next_trick():
    state = make_state([[30, 1], [20, 2], [10, 3]], leader=0)
    state = play(state, 30, 20, 10)
    assert ENGINE.to_act(state) == [2]
    assert state.leader == 2


# -- K2: deal, dealer, first lead --------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_k2_ten_cards_each_rest_unseen(players):
    hands = deal(7, 1, players)
    cards = [c for hand in hands for c in hand]
    assert all(len(hand) == 10 for hand in hands)
    assert len(set(cards)) == 10 * players
    assert set(cards) <= set(range(1, 61))


def test_k2_first_dealer_is_random_across_seeds():
    assert {first_dealer(seed, 4) for seed in range(60)} == {0, 1, 2, 3}


def test_k2_left_of_dealer_leads_the_first_trick():
    state = ENGINE.new_game(5, 11)
    assert state.dealer == first_dealer(11, 5)
    assert ENGINE.to_act(state) == [(state.dealer + 1) % 5]


def test_k2_dealer_passes_clockwise_and_next_round_is_a_fresh_deal():
    state = ENGINE.new_game(4, 3, limit=10_000)
    dealer = state.dealer
    first_hands = state.hands
    while state.round == 1:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert state.dealer == (dealer + 1) % 4
    assert ENGINE.to_act(state) == [(dealer + 2) % 4]
    assert state.hands == deal(3, 2, 4) != first_hands


# -- a round: ten tricks, heads per player ----------------------------------------------------


def _play_out(state):
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
    return state


def test_a_round_is_ten_tricks_and_all_dealt_heads_are_taken():
    state = ENGINE.new_game(4, 21)
    dealt = sum(heads(hand) for hand in state.hands)
    state = _play_out(state)
    assert sum(state.tricks) == 10
    assert sum(state.heads) == dealt
    assert ENGINE.scores(state) == list(state.heads)


# -- K6: rounds to a head limit, winners ------------------------------------------------------


def test_k6_default_is_one_round():
    assert ENGINE.option_defaults == {"limit": None}
    state = _play_out(ENGINE.new_game(3, 2))
    assert state.round == 1
    assert len(state.rounds) == 1


def test_k6_limit_reached_needs_more_than_the_limit():
    assert limit_reached([100, 40, 0], 100) is False
    assert limit_reached([101, 40, 0], 100) is True
    assert limit_reached([0, 0, 0], None) is True


def test_k6_game_ends_after_the_round_that_passes_the_limit():
    state = _play_out(ENGINE.new_game(4, 5, limit=60))
    totals = [0, 0, 0, 0]
    for number, round_heads in enumerate(state.rounds, start=1):
        totals = [t + h for t, h in zip(totals, round_heads, strict=True)]
        assert max(totals) > 60 or number < len(state.rounds)
        if number < len(state.rounds):
            assert max(totals) <= 60
    assert totals == ENGINE.scores(state)
    assert len(state.rounds) > 1


def test_k6_fewest_heads_win_and_ties_share():
    assert lowest_seats([12, 5, 30, 5]) == [1, 3]
    assert lowest_seats([3, 4, 5]) == [0]


def test_winners_only_once_over():
    state = ENGINE.new_game(4, 8)
    assert ENGINE.winners(state) == []
    state = _play_out(state)
    assert ENGINE.winners(state) == lowest_seats(ENGINE.scores(state))


@pytest.mark.parametrize("bad", [0, -5, "100", 12.5, True])
def test_k6_bad_limits_are_refused(bad):
    with pytest.raises(ValueError, match="limit"):
        ENGINE.new_game(4, 1, limit=bad)


# -- the protocol -----------------------------------------------------------------------------


def test_registered_under_its_name():
    assert get_engine("sarkophag") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (3, 6)


def test_new_game_takes_names_and_refuses_bad_counts_and_options():
    assert ENGINE.new_game(["Ann", "Bob", "Cem"], 1).players == 3
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 1)
    with pytest.raises(ValueError):
        ENGINE.new_game(7, 1)
    with pytest.raises(ValueError, match="no option"):
        ENGINE.new_game(4, 1, rounds=3)


def test_same_seed_same_game():
    assert ENGINE.new_game(4, 99) == ENGINE.new_game(4, 99)
    assert ENGINE.new_game(4, 99).hands != ENGINE.new_game(4, 100).hands


def test_not_your_turn():
    state = ENGINE.new_game(4, 1)
    other = (ENGINE.to_act(state)[0] + 1) % 4
    assert ENGINE.legal_moves(state, other) == []
    with pytest.raises(IllegalMove, match=r"It is not your turn\."):
        ENGINE.apply(state, other, {"card": state.hands[other][0]})


def test_game_over_refuses_moves():
    state = _play_out(ENGINE.new_game(3, 1))
    assert ENGINE.to_act(state) == []
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, 0, {"card": 1})


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        "22",
        {},
        {"cards": 22},
        {"card": "22"},
        {"card": 22.0},
        {"card": True},
        {"card": None},
        {"card": 0},
        {"card": 61},
        {"card": 22, "extra": 1},
    ],
)
def test_malformed_moves_are_illegal_moves(move):
    state = ENGINE.new_game(4, 1)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, ENGINE.to_act(state)[0], move)


def test_a_card_not_held():
    state = make_state([[22, 1], [20, 2], [10, 3]], leader=0)
    with pytest.raises(IllegalMove, match=r"You do not hold 20\."):
        ENGINE.apply(state, 0, {"card": 20})


def test_refused_move_leaves_state_unchanged():
    state = make_state([[22, 1], [20, 2], [9, 14, 30]], leader=0)
    state = play(state, 22, 20)
    before = ENGINE.to_json(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 2, {"card": 30})
    assert ENGINE.to_json(state) == before


def test_apply_does_not_change_its_input():
    state = ENGINE.new_game(4, 1)
    before = ENGINE.to_json(state)
    seat = ENGINE.to_act(state)[0]
    ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert ENGINE.to_json(state) == before


def test_json_round_trip_mid_game():
    state = ENGINE.new_game(5, 4, limit=50)
    for _ in range(23):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    data = json.loads(json.dumps(ENGINE.to_json(state)))
    assert ENGINE.from_json(data) == state


def test_from_json_refuses_other_data():
    with pytest.raises(ValueError):
        ENGINE.from_json({"game": "sarg"})


# -- views ------------------------------------------------------------------------------------


def test_view_has_the_agreed_keys():
    state = ENGINE.new_game(4, 1)
    view = ENGINE.view(state, 0)
    for key in [
        "game",
        "seat",
        "players",
        "to_act",
        "is_over",
        "scores",
        "winners",
        "events",
        "hand",
        "trick",
        "direction",
        "lead_card",
        "heads",
        "tricks",
        "hand_sizes",
        "round",
        "totals",
    ]:
        assert key in view
    json.dumps(view)


def test_view_shows_direction_and_lead_card():
    state = make_state([[22, 1], [20, 2], [9, 14, 30], [40, 41, 42]], leader=0)
    view = ENGINE.view(state, 1)
    assert (view["direction"], view["lead_card"]) == (None, None)
    state = play(state, 22)
    assert (ENGINE.view(state, 1)["direction"], ENGINE.view(state, 1)["lead_card"]) == (None, 22)
    state = play(state, 20)
    view = ENGINE.view(state, 2)
    assert (view["direction"], view["lead_card"]) == ("lower", 22)
    assert view["trick"] == [
        {"seat": 0, "card": 22, "heads": 2},
        {"seat": 1, "card": 20, "heads": 3},
    ]
    assert view["legal"] == [9, 14]


def test_view_shows_own_hand_only():
    state = make_state([[22, 1], [20, 2], [9, 14]], leader=0)
    view = ENGINE.view(state, 1)
    assert view["hand"] == [2, 20]
    assert view["hand_sizes"] == [2, 2, 2]
    assert ENGINE.view(state, None)["hand"] == []


def test_views_do_not_depend_on_other_seats_cards():
    one = make_state([[22, 1], [20, 2], [9, 14]], leader=0)
    two = make_state([[22, 1], [20, 3], [9, 13]], leader=0)
    assert ENGINE.view(one, 0) == ENGINE.view(two, 0)
    assert ENGINE.view(one, None) == ENGINE.view(two, None)


def test_events_name_players_by_placeholder():
    state = make_state([[22, 40], [20, 41], [14, 42], [15, 43]], leader=0)
    state = play(state, 22, 20, 14, 15)
    texts = [event["text"] for event in ENGINE.view(state, None)["events"]]
    assert "{p0} leads 22." in texts
    assert "{p1} plays 20: the trick goes lower than 22." in texts
    assert "{p2} takes the trick with 14 (10 heads)." in texts
    for event in ENGINE.view(state, None)["events"]:
        assert {"kind", "seats", "text"} <= set(event)


def _last_trick_of_a_round(totals):
    """Three seats, one card each: 30, 20, 10 leaves the 9 heads with seat 2."""
    data = ENGINE.to_json(ENGINE.new_game(3, 1))
    data.update(hands=[[30], [20], [10]], leader=0, totals=totals)
    return play(ENGINE.from_json(data), 30, 20, 10)


def test_game_over_event_names_the_winner():
    state = _last_trick_of_a_round([5, 0, 0])
    assert ENGINE.winners(state) == [1]
    assert ENGINE.view(state, None)["events"][-1]["text"] == "{p1} wins with 0 heads."


def test_game_over_event_shares_the_win():
    state = _last_trick_of_a_round([4, 4, 0])
    assert ENGINE.scores(state) == [4, 4, 9]
    assert ENGINE.winners(state) == [0, 1]
    assert (
        ENGINE.view(state, None)["events"][-1]["text"]
        == "{p0} and {p1} share the win with 4 heads."
    )
