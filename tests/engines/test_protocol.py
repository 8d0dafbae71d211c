"""The engine protocol of docs/contracts/rules-api.md, checked the same way for all four engines."""

import json
import random

import pytest

from games.engines import ENGINES, GAME_NAMES, IllegalMove, get_engine

COMMON_VIEW_KEYS = {
    "game",
    "seat",
    "players",
    "to_act",
    "is_over",
    "scores",
    "winners",
    "events",
    "events_total",
}


@pytest.fixture(params=GAME_NAMES)
def engine(request):
    return get_engine(request.param)


def test_the_four_games_are_registered_by_name():
    assert set(ENGINES) == {"sarkophag", "sacrifice", "sarcophagus", "sarg"}
    assert all(ENGINES[name].name == name for name in ENGINES)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="known games"):
        get_engine("chess")


def test_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)


def test_seat_range_is_enforced(engine):
    with pytest.raises(ValueError):
        engine.new_game(engine.max_players + 1, 1)
    with pytest.raises(ValueError):
        engine.new_game(engine.min_players - 1, 1)


def test_players_may_be_given_as_names(engine):
    names = [f"p{n}" for n in range(engine.min_players)]
    by_names = engine.to_json(engine.new_game(names, 7))
    assert by_names == engine.to_json(engine.new_game(engine.min_players, 7))


def test_every_view_has_the_common_keys_and_is_json(engine):
    state = engine.new_game(engine.min_players, 3)
    for seat in [None, *range(engine.min_players)]:
        view = engine.view(state, seat)
        assert set(view) >= COMMON_VIEW_KEYS
        json.dumps(view)


@pytest.mark.parametrize("name", ["sarkophag", "sacrifice", "sarg"])  # Sarcophagus: coins
def test_card_games_show_the_viewer_their_hand(name):
    engine = get_engine(name)
    state = engine.new_game(engine.min_players, 3)
    assert engine.view(state, 0)["hand"]


def test_a_random_game_ends_with_winners_and_round_trips_through_json(engine):
    rng = random.Random(11)
    state = engine.new_game(engine.min_players, 11)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    assert engine.to_act(state) == []
    assert engine.winners(state)
    assert len(engine.scores(state)) == engine.min_players
    data = engine.to_json(state)
    assert engine.to_json(engine.from_json(json.loads(json.dumps(data)))) == data


def test_a_move_from_a_seat_not_to_act_is_refused_and_changes_nothing(engine):
    rng = random.Random(5)
    state = engine.new_game(engine.min_players, 5)
    seats = range(engine.min_players)
    while all(seat in engine.to_act(state) for seat in seats):  # simultaneous decisions
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    idle = next(seat for seat in seats if seat not in engine.to_act(state))
    move = engine.legal_moves(state, engine.to_act(state)[0])[0]
    before = engine.to_json(state)
    for wrong_seat in (idle, 99, -1):
        assert engine.legal_moves(state, wrong_seat) == []
        with pytest.raises(IllegalMove):
            engine.apply(state, wrong_seat, move)
    assert engine.to_json(state) == before


@pytest.mark.parametrize("move", [{}, {"nonsense": 1}, "not a dict", None, {"card": []}])
def test_malformed_moves_are_illegal_moves_not_crashes(engine, move):
    state = engine.new_game(engine.min_players, 5)
    seat = engine.to_act(state)[0]
    with pytest.raises(IllegalMove):
        engine.apply(state, seat, move)
