"""The Sarg engine: rulings G1-G7 through the protocol, views and replay; one behaviour per test."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from games.engines import ENGINES, IllegalMove, get_engine
from games.engines.sarg import DECK, ENGINE, final_result, score_round
from games.engines.sarg.engine import first_dealer, shuffled_deck
from games.engines.sarg.state import SargState
from tests.engines.event_counts import per_move, shown, total

from .helpers import flat, square


def state_with(**changes) -> SargState:
    """A fresh game (seed 1, queen seat 0) with some fields replaced."""
    return dataclasses.replace(ENGINE.new_game(2, 1), **changes)


def play_random_game(seed: int, **options) -> tuple[SargState, list[tuple[int, dict]]]:
    import random

    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed, **options)
    moves = []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        move = rng.choice(ENGINE.legal_moves(state, seat))
        moves.append((seat, move))
        state = ENGINE.apply(state, seat, move)
    return state, moves


def test_engine_is_registered():
    assert get_engine("sarg") is ENGINE
    assert ENGINES["sarg"].min_players == ENGINES["sarg"].max_players == 2


# -- new_game and options ----------------------------------------------------------------


def test_option_defaults():
    assert ENGINE.option_defaults == {"queen": 0, "to_1000": False}


def test_new_game_accepts_a_list_of_names():
    state = ENGINE.new_game(["Ada", "Bo"], 5)
    assert ENGINE.to_json(state) == ENGINE.to_json(ENGINE.new_game(2, 5))


@pytest.mark.parametrize("players", [1, 3, ["a", "b", "c"]])
def test_sarg_seats_exactly_two(players):
    with pytest.raises(ValueError, match="2 players"):
        ENGINE.new_game(players, 1)


@pytest.mark.parametrize(
    "options",
    [{"colour": 1}, {"queen": 2}, {"queen": True}, {"queen": "0"}, {"to_1000": 1}],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError, match="option"):
        ENGINE.new_game(2, 1, **options)


# -- G1 roles ----------------------------------------------------------------------------


@pytest.mark.parametrize("queen", [0, 1])
def test_queen_seat_scores_rows_and_king_seat_columns(queen):
    state = ENGINE.new_game(2, 3, queen=queen)
    assert ENGINE.view(state, None)["roles"] == {"queen": queen, "king": 1 - queen}
    last = dataclasses.replace(
        state, grid=flat("3S KD QS / KH 7H 10S / 6H JC ."), hands=(("3H",), ()), turn=0
    )
    after = ENGINE.apply(last, 0, {"card": "3H", "cell": [2, 2]})
    assert ENGINE.scores(after)[queen] == 34  # best row
    assert ENGINE.scores(after)[1 - queen] == 38  # best column


def test_roles_stay_fixed_for_the_whole_game():
    state, _ = play_random_game(11, queen=1)
    events = [e for e in ENGINE.view(state, None)["events"] if e["kind"] == "round"]
    assert state.queen == 1
    assert all(e["seats"] == [1, 0] for e in events)


# -- G2 the deal -------------------------------------------------------------------------


def test_deal_one_at_a_time_non_dealer_first_then_the_nail():
    state = ENGINE.new_game(2, 7)
    deck = shuffled_deck(7, 0)
    dealer = state.dealer
    assert state.hands[1 - dealer] == deck[0:8:2]
    assert state.hands[dealer] == deck[1:8:2]
    assert state.grid[4] == deck[8]
    assert state.stack == deck[9:]
    assert ENGINE.view(state, None)["stack"] == 45


def test_next_round_is_dealt_from_the_same_stack():
    state = ENGINE.new_game(2, 7)
    deck = shuffled_deck(7, 0)
    while len(state.rounds) == 0:
        seat = state.turn
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    dealer = state.dealer
    assert state.hands[1 - dealer] == deck[9:17:2]
    assert state.hands[dealer] == deck[10:17:2]
    assert state.grid[4] == deck[17]


def test_dealer_alternates_each_round():
    state = ENGINE.new_game(2, 9)
    dealers = [state.dealer]
    while not ENGINE.is_over(state):
        seat = state.turn
        state = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[-1])
        if not ENGINE.is_over(state) and len(dealers) <= len(state.rounds):
            dealers.append(state.dealer)
    assert len(dealers) == 6
    assert dealers == [dealers[0], 1 - dealers[0]] * 3


def test_first_dealer_is_random_from_the_seed():
    dealers = {first_dealer(seed) for seed in range(40)}
    assert dealers == {0, 1}
    assert ENGINE.new_game(2, 12).dealer == first_dealer(12)


def test_deck_is_shuffled_once_per_game():
    deck = shuffled_deck(4, 0)
    state = ENGINE.new_game(2, 4)
    squares = []
    while not ENGINE.is_over(state):
        done = len(state.rounds)
        state = ENGINE.apply(state, state.turn, ENGINE.legal_moves(state, state.turn)[0])
        if len(state.rounds) > done:
            squares.append(state.last_grid)
    assert [Counter(s) for s in squares] == [Counter(deck[9 * n : 9 * n + 9]) for n in range(6)]
    assert Counter(state.seen) == Counter(DECK)
    assert state.shuffles == 0


# -- G3 play -----------------------------------------------------------------------------


def test_non_dealer_plays_first():
    state = ENGINE.new_game(2, 2)
    assert ENGINE.to_act(state) == [1 - state.dealer]


def test_turns_alternate():
    state = ENGINE.new_game(2, 2)
    first = state.turn
    state = ENGINE.apply(state, first, ENGINE.legal_moves(state, first)[0])
    assert ENGINE.to_act(state) == [1 - first]


def test_first_card_has_only_the_four_cells_beside_the_nail():
    state = ENGINE.new_game(2, 2)
    cells = {tuple(m["cell"]) for m in ENGINE.legal_moves(state, state.turn)}
    assert cells == {(0, 1), (1, 0), (1, 2), (2, 1)}


def test_a_card_diagonal_to_the_nail_is_refused():
    state = ENGINE.new_game(2, 2)
    card = state.hands[state.turn][0]
    with pytest.raises(IllegalMove, match="That cell does not touch a card"):
        ENGINE.apply(state, state.turn, {"card": card, "cell": [0, 0]})


def test_a_corner_opens_once_a_neighbour_is_placed():
    state = ENGINE.new_game(2, 2)
    card = state.hands[state.turn][0]
    state = ENGINE.apply(state, state.turn, {"card": card, "cell": [0, 1]})
    cells = {tuple(m["cell"]) for m in ENGINE.legal_moves(state, state.turn)}
    assert cells == {(0, 0), (0, 2), (1, 0), (1, 2), (2, 1)}


def test_round_ends_when_each_has_played_four_cards():
    state = ENGINE.new_game(2, 2)
    for _ in range(8):
        state = ENGINE.apply(state, state.turn, ENGINE.legal_moves(state, state.turn)[0])
    assert len(state.rounds) == 1
    assert None not in state.last_grid
    assert state.round == 2


# -- illegal moves -----------------------------------------------------------------------


def test_wrong_seat_is_refused():
    state = ENGINE.new_game(2, 2)
    other = 1 - state.turn
    card = state.hands[other][0]
    with pytest.raises(IllegalMove, match=r"It is not your turn\."):
        ENGINE.apply(state, other, {"card": card, "cell": [0, 1]})


def test_moves_after_the_game_are_refused():
    state, _ = play_random_game(3)
    with pytest.raises(IllegalMove, match=r"The game is over\."):
        ENGINE.apply(state, 0, {"card": "AS", "cell": [0, 1]})
    assert ENGINE.legal_moves(state, 0) == ENGINE.legal_moves(state, 1) == []


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("QH", "A move is a card and a cell"),
        ({"card": "QH"}, "A move is a card and a cell"),
        ({"cell": [0, 1]}, "A move is a card and a cell"),
        ({"card": "QH", "cell": [0, 1], "extra": 1}, "A move is a card and a cell"),
        ({"card": 12, "cell": [0, 1]}, "is not a card"),
        ({"card": "ZZ", "cell": [0, 1]}, "is not a card"),
        ({"card": None, "cell": [0, 1]}, "is not a card"),
    ],
)
def test_malformed_moves_are_refused(move, message):
    state = ENGINE.new_game(2, 2)
    with pytest.raises(IllegalMove, match=message):
        ENGINE.apply(state, state.turn, move)


@pytest.mark.parametrize("cell", [[3, 0], [0], "01", [True, 1], [0.0, 1], None, [-1, 1]])
def test_malformed_cells_are_refused(cell):
    state = ENGINE.new_game(2, 2)
    card = state.hands[state.turn][0]
    with pytest.raises(IllegalMove, match=r"A cell is \[row, column\]"):
        ENGINE.apply(state, state.turn, {"card": card, "cell": cell})


def test_a_card_not_held_is_refused_naming_the_hand():
    state = state_with(hands=(("2S", "3S", "4S", "5S"), ("2H", "3H", "4H", "5H")), turn=0)
    with pytest.raises(IllegalMove, match=r"You do not hold QH; you hold 2S, 3S, 4S, 5S\."):
        ENGINE.apply(state, 0, {"card": "QH", "cell": [0, 1]})


def test_an_occupied_cell_is_refused():
    state = state_with(turn=0, hands=(("2S",), ("3S",)))
    nail = state.grid[4]
    with pytest.raises(IllegalMove, match=f"That cell already holds {nail}."):
        ENGINE.apply(state, 0, {"card": "2S", "cell": [1, 1]})


def test_an_illegal_move_leaves_the_state_as_it_was():
    state = ENGINE.new_game(2, 2)
    before = ENGINE.to_json(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, state.turn, {"card": state.hands[state.turn][0], "cell": [2, 2]})
    assert ENGINE.to_json(state) == before


def test_apply_does_not_mutate_the_given_state():
    state = ENGINE.new_game(2, 2)
    before = ENGINE.to_json(state)
    ENGINE.apply(state, state.turn, ENGINE.legal_moves(state, state.turn)[0])
    assert ENGINE.to_json(state) == before


def test_legal_moves_empty_for_the_seat_not_to_act():
    state = ENGINE.new_game(2, 2)
    assert ENGINE.legal_moves(state, 1 - state.turn) == []


def test_two_jokers_in_hand_give_each_move_once():
    state = state_with(turn=0, hands=(("JK", "JK", "2S", "3S"), ("2H", "3H", "4H", "5H")))
    moves = ENGINE.legal_moves(state, 0)
    assert len(moves) == 3 * 4
    after = ENGINE.apply(state, 0, {"card": "JK", "cell": [0, 1]})
    assert after.hands[0] == ("JK", "2S", "3S")


def test_tuple_cells_are_accepted_like_lists():
    state = ENGINE.new_game(2, 2)
    card = state.hands[state.turn][0]
    a = ENGINE.apply(state, state.turn, {"card": card, "cell": (0, 1)})
    b = ENGINE.apply(state, state.turn, {"card": card, "cell": [0, 1]})
    assert ENGINE.to_json(a) == ENGINE.to_json(b)


# -- G5 and G6 in the engine -------------------------------------------------------------


def test_credited_round_scores_follow_score_round():
    grid = flat("10S 9S 8S / 2H 3D 4C / 5C 6H .")
    state = state_with(grid=grid, hands=(("7D",), ()), turn=0, rounds=())
    after = ENGINE.apply(state, 0, {"card": "7D", "cell": [2, 2]})
    expected = score_round(square("10S 9S 8S / 2H 3D 4C / 5C 6H 7D"))
    assert after.rounds == ((expected["queen"], expected["king"]),)
    assert ENGINE.view(after, 0)["last_round"] == expected


def test_game_ends_after_six_rounds_with_the_bonus():
    state, moves = play_random_game(21)
    assert len(state.rounds) == 6
    assert len(moves) == 48
    result = final_result([{"queen": q, "king": k} for q, k in state.rounds])
    scores = ENGINE.scores(state)
    assert scores[state.queen] == result["queen"]
    assert scores[1 - state.queen] == result["king"]
    assert ENGINE.view(state, None)["result"] == result


def test_winner_is_the_higher_total_after_the_bonus():
    state, _ = play_random_game(21)
    scores = ENGINE.scores(state)
    assert ENGINE.winners(state) == [scores.index(max(scores))] or scores[0] == scores[1]


def test_equal_final_scores_share_the_win():
    base, _ = play_random_game(21)
    state = dataclasses.replace(base, rounds=((60, 20), (20, 60)) + ((10, 10),) * 4)
    assert ENGINE.winners(state) == [0, 1]
    assert ENGINE.scores(state) == [120, 120]


def test_scores_before_the_end_are_the_credited_totals():
    state = state_with(rounds=((40, 10), (5, 30)), queen=1)
    assert ENGINE.scores(state) == [40, 45]
    assert ENGINE.winners(state) == []


# -- G7 play to 1000 ---------------------------------------------------------------------


def test_play_to_1000_continues_past_six_rounds_and_reshuffles():
    state, _ = play_random_game(5, to_1000=True)
    totals = ENGINE.view(state, None)["totals"]
    assert len(state.rounds) > 6
    assert max(totals.values()) >= 1000
    assert state.shuffles == (len(state.rounds) - 1) // 6


def test_play_to_1000_ends_at_the_first_round_reaching_1000():
    state, _ = play_random_game(5, to_1000=True)
    before_last = state.rounds[:-1]
    assert max(sum(q for q, _ in before_last), sum(k for _, k in before_last)) < 1000


def test_play_to_1000_deals_round_seven_from_a_fresh_shuffle():
    state = ENGINE.new_game(2, 6, to_1000=True)
    while len(state.rounds) < 6:
        state = ENGINE.apply(state, state.turn, ENGINE.legal_moves(state, state.turn)[0])
    deck = shuffled_deck(6, 1)
    assert state.round == 7
    assert state.grid[4] == deck[8]
    assert state.seen == (deck[8],)
    assert state.hands[1 - state.dealer] == deck[0:8:2]


def test_play_to_1000_applies_the_end_bonus():
    state, _ = play_random_game(5, to_1000=True)
    result = final_result([{"queen": q, "king": k} for q, k in state.rounds])
    assert ENGINE.scores(state)[state.queen] == result["queen"]


# -- views -------------------------------------------------------------------------------

VIEW_KEYS = {
    "game",
    "seat",
    "players",
    "to_act",
    "is_over",
    "scores",
    "winners",
    "events",
    "hand",
    "grid",
    "roles",
    "round",
    "dealer",
    "round_scores",
    "totals",
    "stack",
    "seen",
    "last_round",
}


def test_view_has_the_agreed_keys():
    state = ENGINE.new_game(2, 2)
    view = ENGINE.view(state, 0)
    assert set(view) >= VIEW_KEYS
    assert view["game"] == "sarg" and view["players"] == 2 and view["seat"] == 0
    json.dumps(view)


def test_view_shows_own_hand_and_not_the_other():
    state = ENGINE.new_game(2, 2)
    assert ENGINE.view(state, 0)["hand"] == list(state.hands[0])
    assert ENGINE.view(state, 1)["hand"] == list(state.hands[1])
    assert ENGINE.view(state, None)["hand"] == []


def test_view_hides_other_hand_and_stack_order():
    state = ENGINE.new_game(2, 2)
    text = json.dumps(ENGINE.view(state, 0))
    for card in set(state.hands[1]) | set(state.stack):
        if card not in state.hands[0] and card != state.grid[4]:
            assert f'"{card}"' not in text and f" {card}" not in text


def test_views_equal_when_only_hidden_cards_differ():
    state = ENGINE.new_game(2, 2)
    hand = list(state.hands[1])
    stack = list(state.stack)
    hand[0], stack[0] = stack[0], hand[0]
    other = dataclasses.replace(state, hands=(state.hands[0], tuple(hand)), stack=tuple(stack))
    assert ENGINE.view(state, 0) == ENGINE.view(other, 0)
    assert ENGINE.view(state, None) == ENGINE.view(other, None)


def test_view_counts_seen_cards_and_stack():
    state = ENGINE.new_game(2, 2)
    state = ENGINE.apply(state, state.turn, ENGINE.legal_moves(state, state.turn)[0])
    view = ENGINE.view(state, None)
    assert view["seen"] == [
        state.grid[4],
        next(c for c in state.grid if c and c != view["seen"][0]),
    ]
    assert view["stack"] == 45
    assert view["hand_sizes"] == [len(state.hands[0]), len(state.hands[1])]


def test_events_name_players_by_placeholder():
    state = ENGINE.new_game(2, 2)
    seat = state.turn
    card = state.hands[seat][0]
    state = ENGINE.apply(state, seat, {"card": card, "cell": [0, 1]})
    events = ENGINE.view(state, None)["events"]
    assert events[0]["kind"] == "deal"
    assert events[-1] == {
        "kind": "play",
        "seats": [seat],
        "text": f"{{p{seat}}} plays {card} at row 1, column 2.",
        "card": card,
        "cell": [0, 1],
    }


def test_events_keep_only_the_last_twenty():
    state, _ = play_random_game(8)
    events = ENGINE.view(state, 1)["events"]
    assert len(events) == 20
    assert events[-1]["kind"] == "end"
    assert events[-2]["kind"] == "round"


def test_events_total_counts_every_event_past_the_kept_twenty(monkeypatch):
    _, moves = play_random_game(8)
    totals = per_move(ENGINE, ENGINE.new_game(2, 8), moves, total)
    monkeypatch.setattr("games.engines.sarg.engine.EVENTS_KEPT", 10_000)
    assert totals == per_move(ENGINE, ENGINE.new_game(2, 8), moves, shown)
    assert totals[-1] > 20


def test_a_game_saved_before_the_count_counts_the_events_it_kept():
    state, _ = play_random_game(8)
    data = ENGINE.to_json(state)
    del data["log_total"]
    assert ENGINE.view(ENGINE.from_json(data), None)["events_total"] == 20


# -- persistence and replay --------------------------------------------------------------


def test_same_seed_and_options_give_the_same_game():
    assert ENGINE.to_json(ENGINE.new_game(2, 33, queen=1)) == ENGINE.to_json(
        ENGINE.new_game(2, 33, queen=1)
    )


def test_different_seeds_deal_differently():
    assert ENGINE.new_game(2, 1).stack != ENGINE.new_game(2, 2).stack


def test_to_json_is_json_and_round_trips():
    state, _ = play_random_game(14)
    data = ENGINE.to_json(state)
    assert ENGINE.to_json(ENGINE.from_json(json.loads(json.dumps(data)))) == data


def test_from_json_refuses_garbage():
    with pytest.raises(ValueError, match="Not a saved Sarg game"):
        ENGINE.from_json({"seed": 1})
