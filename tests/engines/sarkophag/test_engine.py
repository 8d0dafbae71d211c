"""The Sarkophag engine: the deal (K2), rounds to a limit (K6), the protocol and the views."""

from __future__ import annotations

import json

import pytest

from games.engines import IllegalMove, get_engine
from games.engines.sarkophag import (
    ENGINE,
    deal,
    first_dealer,
    heads,
    limit_reached,
    lowest_seats,
)
from tests.engines import event_counts
from tests.engines.event_counts import per_move, shown, total

from .helpers import make_state, play

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


def random_moves(seed: int, steps: int) -> list[tuple[int, dict]]:
    """Up to ``steps`` random legal moves of a four-seat game ``seed``, as (seat, move)."""
    return event_counts.random_moves(ENGINE, ENGINE.new_game(4, seed, limit=50), seed, steps)


def test_events_total_counts_every_shown_event_past_the_kept_window(monkeypatch):
    moves = random_moves(6, 120)
    totals = per_move(ENGINE, ENGINE.new_game(4, 6, limit=50), moves, total)
    monkeypatch.setattr("games.engines.sarkophag.engine.EVENT_MEMORY", 10_000)
    monkeypatch.setattr("games.engines.sarkophag.text.EVENT_MEMORY", 10_000)
    assert totals == per_move(ENGINE, ENGINE.new_game(4, 6, limit=50), moves, shown)
    assert totals[-1] > 100


def test_a_game_saved_before_the_count_counts_the_events_it_kept(monkeypatch):
    state = ENGINE.new_game(4, 6, limit=50)
    for seat, move in random_moves(6, 120):
        state = ENGINE.apply(state, seat, move)
    data = ENGINE.to_json(state)
    del data["events_total"]
    old = ENGINE.from_json(data)
    monkeypatch.setattr("games.engines.sarkophag.text.EVENT_MEMORY", 10_000)
    view = ENGINE.view(old, None)
    assert view["events_total"] == len(view["events"]) > 20


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
