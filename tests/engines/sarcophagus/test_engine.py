"""The Sarcophagus engine (seed 002, rulings P1-P10): turns, claims, the end, worked examples."""

from __future__ import annotations

import json

import pytest

from games.engines import IllegalMove, get_engine
from games.engines.sarcophagus import ENGINE, TILES, layout_game
from games.engines.sarcophagus.pyramid import INDEX, SARCOPHAGUS
from games.engines.sarcophagus.state import SarcophagusState, suit_owners, tiles_accounted
from games.engines.sarcophagus.tiles import TILE_IDS
from tests.engines import event_counts
from tests.engines.event_counts import per_move, shown, total

# A full layout in reading order (apex, row 2, ... row 6); (5,2), (6,2), (6,3) cover the
# sarcophagus. Seats with three players: 0 sun, 1 moon, 2 crown.
LAYOUT = [
    "3-sun",
    "4-moon", "4-arms",
    "2-sun", "ace-moon", "2-crown",
    "3-moon", "2-arms", "4-sun", "3-crown",
    "ace-sun", "2-moon", "5-sun", "3-arms", "4-crown",
    "null-crown", "ace-crown", "5-moon", "null-sun", "ace-arms", "null-arms",
]  # fmt: skip
SARC = ["5-crown", "5-arms", "null-moon"]


def coin(c: int, r: int, i: int, suit: str | None = None) -> dict:
    move = {"coin": c, "tile": [r, i]}
    if suit:
        move["suit"] = suit
    return move


def play(state: SarcophagusState, *moves: tuple[int, dict]) -> SarcophagusState:
    for seat, move in moves:
        state = ENGINE.apply(state, seat, move)
    return state


def sparse(players: int, tiles: dict[tuple[int, int], str], first: int = 0) -> SarcophagusState:
    """A game with only some pyramid tiles left, all face up (for focused scenarios)."""
    pyramid = [None] * 21
    for pos, tile in tiles.items():
        pyramid[INDEX[pos]] = tile
    state = layout_game(players, pyramid, SARC, first=first)
    state.face_up = [True] * 21
    return state


def put(state: SarcophagusState, pos: tuple[int, int], *coins: str) -> None:
    """Move coins (named like tiles: "3-sun") from their owners' hands onto a tile."""
    owners = suit_owners(state.players)
    p = INDEX[pos]
    for name in coins:
        c = TILE_IDS[name]
        seat = owners[c // 6]
        hand = list(state.hands[seat])
        hand.remove(c)
        state.hands[seat] = tuple(hand)
        state.coins[p] = (*state.coins[p], c)


def hold(state: SarcophagusState, seat: int, *tiles: str) -> None:
    state.held[seat] = (*state.held[seat], *(TILE_IDS[t] for t in tiles))


def names(tiles) -> list[str]:
    return [TILES[t] for t in tiles]


def last(state: SarcophagusState, kind: str) -> dict:
    return next(e for e in reversed(state.events) if e["kind"] == kind)


# -- set-up -----------------------------------------------------------------------------------
def test_setup_hides_the_sarcophagus_under_nulls_and_fives():
    state = ENGINE.new_game(4, seed=7)
    special = [state.under[k] for k in range(3)] + [state.board[p] for p in SARCOPHAGUS]
    assert sorted(t % 6 for t in special) == [0, 0, 5, 5, 5, 5]
    assert sorted(tiles_accounted(state)) == list(range(24))
    assert state.face_up == [True] + [False] * 20


def test_each_suit_has_six_coins_null_to_five():
    state = ENGINE.new_game(4, seed=1)
    assert [names(h) for h in state.hands][1] == [
        "null-moon",
        "ace-moon",
        "2-moon",
        "3-moon",
        "4-moon",
        "5-moon",
    ]


def test_two_players_play_two_suits_each():
    """P8: twelve coins each."""
    view = ENGINE.view(ENGINE.new_game(2, seed=1), 0)
    assert [s["suits"] for s in view["seats"]] == [["sun", "crown"], ["moon", "arms"]]
    assert len(view["hand"]) == 12


def test_first_player_is_random_but_fixed_by_the_seed():
    firsts = {ENGINE.new_game(3, seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2}
    assert ENGINE.to_json(ENGINE.new_game(3, 5)) == ENGINE.to_json(ENGINE.new_game(3, 5))


def test_new_game_refuses_bad_seats_and_options():
    with pytest.raises(ValueError, match="2 to 4"):
        ENGINE.new_game(5, seed=1)
    with pytest.raises(ValueError, match="no options"):
        ENGINE.new_game(2, seed=1, limit=3)
    assert ENGINE.new_game(["Ann", "Bob", "Cy"], seed=1).players == 3
    assert get_engine("sarcophagus") is ENGINE


# -- a turn (P2, P3) --------------------------------------------------------------------------
def test_first_coin_must_go_on_the_leftmost_tile_of_the_top_row():
    state = layout_game(3, LAYOUT, SARC)
    assert {tuple(m["tile"]) for m in ENGINE.legal_moves(state, 0)} == {(1, 0)}
    assert len(ENGINE.legal_moves(state, 0)) == 6  # any of the six coins
    state = play(state, (0, coin(0, 1, 0)), (0, coin(2, 2, 0)))
    with pytest.raises(IllegalMove, match="leftmost tile of the top row, at \\(1,0\\)"):
        ENGINE.apply(state, 1, coin(1, 2, 0))


def test_a_face_down_top_left_tile_is_turned_up_for_the_first_coin():
    state = sparse(2, {(4, 0): "2-sun", (4, 1): "3-sun"})
    state.face_up[INDEX[(4, 0)]] = False
    state = ENGINE.apply(state, 0, coin(3, 4, 0, "sun"))
    assert state.face_up[INDEX[(4, 0)]]
    assert ENGINE.view(state, 1)["pyramid"][INDEX[(4, 0)]]["face_up"] == "2-sun"


def test_coin_turns_up_the_face_down_tiles_it_touches():
    state = play(layout_game(3, LAYOUT, SARC), (0, coin(0, 1, 0)))
    up = [p for p, f in enumerate(state.face_up) if f]
    assert up == [INDEX[(1, 0)], INDEX[(2, 0)], INDEX[(2, 1)]]
    assert last(state, "reveal")["text"] == "Turned face up: 4-moon at (2,0), 4-arms at (2,1)."


def test_second_coin_goes_on_any_face_up_tile_with_room():
    state = play(layout_game(3, LAYOUT, SARC), (0, coin(0, 1, 0)))
    targets = {tuple(m["tile"]) for m in ENGINE.legal_moves(state, 0)}
    assert targets == {(1, 0), (2, 0), (2, 1)}
    with pytest.raises(IllegalMove, match="still face down"):
        ENGINE.apply(state, 0, coin(2, 3, 0))


def test_a_tile_holds_at_most_four_coins():
    state = layout_game(3, LAYOUT, SARC)
    state.face_up = [True] * 21
    put(state, (4, 1), "null-moon", "ace-moon", "2-crown", "3-crown")  # boxed in: stays
    state = ENGINE.apply(state, 0, coin(0, 1, 0))
    with pytest.raises(IllegalMove, match="already holds four coins"):
        ENGINE.apply(state, 0, coin(2, 4, 1))


def test_second_coin_is_skipped_when_no_face_up_tile_has_room():
    state = sparse(3, {(3, 0): "2-sun", (6, 5): "3-sun"})
    state.face_up[INDEX[(6, 5)]] = False
    put(state, (3, 0), "null-moon", "ace-crown", "ace-moon")
    state = ENGINE.apply(state, 0, coin(0, 3, 0))
    assert names(state.held[1]) == ["2-sun"]
    assert ENGINE.to_act(state) == [1] and state.placed == 0


def test_player_with_one_coin_places_only_the_first():
    state = layout_game(3, LAYOUT, SARC)
    state.hands[0] = state.hands[0][:1]
    state = ENGINE.apply(state, 0, coin(0, 1, 0))
    assert ENGINE.to_act(state) == [1]


def test_out_of_coins_must_pass_and_cannot_place():
    state = layout_game(3, LAYOUT, SARC)
    state.hands[0] = ()
    assert ENGINE.legal_moves(state, 0) == [{"pass": True}]
    with pytest.raises(IllegalMove, match="out of coins"):
        ENGINE.apply(state, 0, coin(0, 1, 0))


def test_cannot_pass_while_holding_coins():
    with pytest.raises(IllegalMove, match="cannot pass"):
        ENGINE.apply(layout_game(3, LAYOUT, SARC), 0, {"pass": True})


# -- worked examples of seed 002 --------------------------------------------------------------
def example_one() -> SarcophagusState:
    """The sun 3 on top; sun's second coin on the moon 4; moon and crown each add one."""
    return play(
        layout_game(3, LAYOUT, SARC),
        (0, coin(0, 1, 0)),
        (0, coin(2, 2, 0)),
        (1, coin(1, 1, 0)),
        (1, coin(0, 2, 0)),
        (2, coin(0, 1, 0)),
        (2, coin(3, 2, 1)),
        (0, coin(1, 1, 0)),  # the fourth coin on the sun 3: sun has two of them
    )


def test_worked_example_sun_3_claim_frees_moon_4_and_arms_4():
    state = example_one()
    assert names(state.held[0]) == ["3-sun"]
    view = ENGINE.view(state, 0)
    cells = {tuple(c["tile"]): c for c in view["pyramid"]}
    assert cells[(2, 0)]["face_up"] == "4-moon" and cells[(2, 0)]["claimable"]
    assert cells[(2, 1)]["face_up"] == "4-arms" and cells[(2, 1)]["claimable"]
    assert not cells[(1, 0)]["present"]
    # neither has four coins, so nothing more is claimed and the sun player places a second coin
    assert ENGINE.to_act(state) == [0] and view["awaiting"] == "second_coin"
    assert sorted(names(state.hands[1])) == sorted(
        ["ace-moon", "2-moon", "3-moon", "4-moon", "5-moon"]
    )


def test_worked_example_tie_break_0_plus_4_against_2_plus_3():
    state = play(example_one(), (0, coin(3, 2, 0)))
    # now the moon 4 is the top row's leftmost tile: the moon player's first coin goes there
    state = ENGINE.apply(state, 1, coin(4, 2, 0))
    assert names(state.held[0]) == ["3-sun", "4-moon"]
    tie = last(state, "tie")
    assert tie["values"] == {"0": [2, 3], "1": [0, 4]}
    assert "{p0} 2+3=5, {p1} 0+4=4" in tie["text"]
    assert tie in ENGINE.view(state, 2)["events"]  # shown values are public from then on


def test_a_full_tie_discards_the_tile():
    state = sparse(2, {(4, 0): "4-moon", (4, 1): "2-sun"})
    put(state, (4, 0), "2-sun", "3-sun", "ace-moon")
    state.turn = 1
    state = ENGINE.apply(state, 1, coin(4, 4, 0, "moon"))  # 2+3 against 1+4
    assert state.held == [(), ()]
    assert names(state.discarded) == ["4-moon"]
    assert "nobody claims" in last(state, "discard_tile")["text"].lower()


# -- chained claims (P1, P3) ------------------------------------------------------------------
def test_claims_chain_in_reading_order_until_nothing_more_can_be_claimed():
    tiles = {(1, 0): "3-sun", (2, 0): "4-moon", (2, 1): "4-arms", (3, 0): "2-sun", (3, 1): "2-arms"}
    state = sparse(3, tiles)
    put(state, (2, 1), "null-crown", "ace-crown", "2-crown", "3-crown")  # boxed in: 1 free side
    put(state, (2, 0), "null-moon", "ace-moon", "2-moon", "3-moon")
    put(state, (3, 0), "4-moon", "5-moon", "4-crown", "5-crown")  # moon and crown tie: 9 vs 9
    put(state, (1, 0), "null-sun", "ace-sun", "2-sun")
    state = ENGINE.apply(state, 0, coin(3, 1, 0))
    claims = [e["text"] for e in state.events if e["kind"] in ("claim", "discard_tile")]
    assert claims == [
        "{p0} claims 3-sun at (1,0).",
        "{p1} claims 4-moon at (2,0).",
        "{p2} claims 4-arms at (2,1).",
        "Nobody claims 2-sun at (3,0); it is discarded.",
    ]
    assert state.board[INDEX[(3, 1)]] is not None  # no coins: stays


def test_a_full_tile_with_fewer_than_two_free_sides_waits():
    tiles = {(1, 0): "3-sun", (2, 0): "4-moon", (2, 1): "4-arms", (3, 1): "2-arms"}
    state = sparse(3, tiles)
    put(state, (2, 1), "null-crown", "ace-crown", "2-crown", "3-crown")
    state = ENGINE.apply(state, 0, coin(3, 1, 0))
    assert state.board[INDEX[(2, 1)]] is not None
    assert not ENGINE.view(state, 0)["pyramid"][INDEX[(2, 1)]]["claimable"]


# -- the sarcophagus (P4) ---------------------------------------------------------------------
def sarcophagus_game() -> SarcophagusState:
    state = sparse(3, {(5, 2): "5-sun", (6, 2): "5-moon", (6, 3): "null-sun"})
    put(state, (5, 2), "2-sun", "3-sun", "ace-moon")
    return state


def test_claiming_a_tile_over_the_sarcophagus_takes_the_tile_below_and_locks_coins():
    state = ENGINE.apply(sarcophagus_game(), 0, coin(4, 5, 2))
    assert names(state.held[0]) == ["5-sun"]
    assert names(state.buried[0]) == ["5-crown"]  # the tile under (5,2)
    assert sorted(names(state.locked[0])) == ["2-sun", "3-sun", "4-sun"]
    assert "ace-moon" in names(state.hands[1])  # others' coins go back
    assert len(state.hands[0]) == 3  # the locked coins are out of play


def test_a_claimed_sarcophagus_tile_stays_unseen_even_by_its_owner():
    state = ENGINE.apply(sarcophagus_game(), 0, coin(4, 5, 2))
    for seat in (0, 1, 2, None):
        view = ENGINE.view(state, seat)
        assert "5-crown" not in json.dumps(view)
        assert view["seats"][0]["sarcophagus_tiles"] == 1
        assert view["seats"][0]["coins_locked"] == 3
    assert ENGINE.view(state, 0)["locked"][0] == {"suit": "sun", "value": 2}
    assert "locked" not in ENGINE.view(state, 1) or ENGINE.view(state, 1)["locked"] == []


def test_a_discarded_tile_over_the_sarcophagus_discards_it_unseen():
    state = sarcophagus_game()
    state.turn = 1
    state = ENGINE.apply(state, 1, coin(4, 5, 2))  # sun 2+3 against moon 1+4: tie
    assert names(state.unseen) == ["5-crown"]
    assert state.locked == [(), (), ()] and len(state.hands[0]) == 6
    view = ENGINE.view(state, None)
    assert view["discarded_unseen"] == 1 and "5-crown" not in json.dumps(view)


# -- traps (P6) -------------------------------------------------------------------------------
def trap_game() -> SarcophagusState:
    state = sparse(3, {(4, 0): "null-arms", (4, 1): "2-arms", (4, 2): "3-arms"})
    put(state, (4, 0), "2-sun", "3-sun", "ace-moon")
    return state


def test_a_trap_makes_the_claimer_choose_a_number_tile_to_discard():
    state = trap_game()
    hold(state, 0, "4-moon", "2-crown", "null-moon")
    state = ENGINE.apply(state, 0, coin(0, 4, 0))
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.legal_moves(state, 0) == [{"discard": "4-moon"}, {"discard": "2-crown"}]
    assert ENGINE.view(state, 0)["awaiting"] == "discard"
    with pytest.raises(IllegalMove, match="discard"):
        ENGINE.apply(state, 0, coin(2, 4, 1))
    state = ENGINE.apply(state, 0, {"discard": "4-moon"})
    assert names(state.held[0]) == ["2-crown", "null-moon", "null-arms"]
    assert names(state.discarded) == ["4-moon"]
    assert ENGINE.to_act(state) == [0] and state.placed == 1  # the second coin follows


def test_a_god_protects_from_traps():
    state = trap_game()
    hold(state, 0, "ace-sun", "4-moon", "2-crown")
    state = ENGINE.apply(state, 0, coin(0, 4, 0))
    assert names(state.held[0]) == ["ace-sun", "4-moon", "2-crown", "null-arms"]
    assert last(state, "trap")["effect"] == "protected"


def test_a_trap_with_no_number_tile_does_nothing():
    state = trap_game()
    state = ENGINE.apply(state, 0, coin(0, 4, 0))
    assert names(state.held[0]) == ["null-arms"] and ENGINE.to_act(state) == [0]
    assert last(state, "trap")["effect"] == "none"


def test_a_trap_takes_the_only_number_tile_without_asking():
    state = trap_game()
    hold(state, 0, "4-moon")
    state = ENGINE.apply(state, 0, coin(0, 4, 0))
    assert names(state.discarded) == ["4-moon"] and state.pending is None


def test_a_trap_claimed_on_another_players_coin_asks_the_claimer():
    state = trap_game()
    hold(state, 0, "4-moon", "2-crown")
    state.turn = 2
    state = ENGINE.apply(state, 2, coin(0, 4, 0))  # sun has 2 coins of 4: sun claims
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.legal_moves(state, 2) == []
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 2, coin(2, 4, 1))
    state = ENGINE.apply(state, 0, {"discard": "2-crown"})
    assert ENGINE.to_act(state) == [2]  # crown's second coin


def test_discard_must_be_a_number_tile_you_hold():
    state = trap_game()
    hold(state, 0, "4-moon", "2-crown")
    state = ENGINE.apply(state, 0, coin(0, 4, 0))
    for bad, why in (("5-sun", "cannot discard"), ("null-arms", "cannot discard"), ("x", "tile")):
        with pytest.raises(IllegalMove, match=why):
            ENGINE.apply(state, 0, {"discard": bad})


# -- everyone out of coins (P7) ---------------------------------------------------------------
def test_when_everyone_is_out_of_coins_the_top_left_tile_is_assessed():
    state = sparse(3, {(4, 0): "4-moon", (4, 1): "2-sun"}, first=2)
    put(state, (4, 0), "2-moon")
    put(state, (4, 1), "5-sun")
    state.hands = [(), (), ()]
    state = play(state, (2, {"pass": True}), (0, {"pass": True}))
    assert ENGINE.to_act(state) == [1] and state.board[INDEX[(4, 0)]] is not None
    state = ENGINE.apply(state, 1, {"pass": True})
    assert names(state.held[1]) == ["4-moon"]  # one coin was enough
    assert names(state.hands[1]) == ["2-moon"]  # and it came back
    assert ENGINE.to_act(state) == [2]  # clockwise from the last player who passed
    assert last(state, "all_out")["tile"] == [4, 0]


def test_out_of_coins_tile_without_coins_is_discarded():
    state = sparse(2, {(4, 0): "4-moon", (4, 1): "2-sun"})
    put(state, (4, 1), "5-sun")
    state.hands = [(), ()]
    state = play(state, (0, {"pass": True}), (1, {"pass": True}))
    assert names(state.discarded) == ["4-moon"]
    assert ENGINE.to_act(state) == [0]


# -- the end (P6, P9) -------------------------------------------------------------------------
def end_game() -> SarcophagusState:
    state = sparse(2, {(6, 0): "2-moon"})
    put(state, (6, 0), "2-sun", "3-sun", "ace-moon")
    hold(state, 0, "4-moon", "3-crown")
    hold(state, 1, "5-arms", "4-arms")
    state.buried[0] = (TILE_IDS["null-arms"], TILE_IDS["5-sun"])
    return state


def test_the_game_ends_when_the_last_tile_is_gone_and_sarcophagus_traps_act():
    state = ENGINE.apply(end_game(), 0, coin(4, 6, 0, "sun"))
    assert not ENGINE.is_over(state)
    assert ENGINE.to_act(state) == [0]
    assert last(state, "opened")["tiles"] == ["null-arms", "5-sun"]
    assert ENGINE.view(state, 1)["seats"][0]["sarcophagus"] == ["null-arms", "5-sun"]
    moves = ENGINE.legal_moves(state, 0)
    assert {"discard": "5-sun"} in moves and {"discard": "2-moon"} in moves
    state = ENGINE.apply(state, 0, {"discard": "3-crown"})
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert state.results[0]["kept"] == ["4-moon", "2-moon", "null-arms", "5-sun"]
    assert ENGINE.scores(state) == [4 + 2 + 1 + 5, 9 + 1]
    assert ENGINE.winners(state) == [0]


def test_equal_fame_is_won_by_fewer_tiles():
    state = sparse(2, {(6, 0): "2-moon"})
    put(state, (6, 0), "2-sun", "3-sun", "ace-moon")
    hold(state, 0, "3-crown", "null-sun")  # 2-moon + 3-crown = 5, three tiles
    hold(state, 1, "5-arms")  # 5, one tile
    state = ENGINE.apply(state, 0, coin(4, 6, 0, "sun"))
    assert ENGINE.scores(state) == [5, 5]
    assert ENGINE.winners(state) == [1]
    assert ENGINE.view(state, None)["winners"] == [1]


def test_equal_fame_and_tiles_share_the_win():
    state = sparse(2, {(6, 0): "2-moon"})
    put(state, (6, 0), "2-sun", "3-sun", "ace-moon")
    hold(state, 0, "3-crown")
    hold(state, 1, "5-arms", "null-sun")
    state = ENGINE.apply(state, 0, coin(4, 6, 0, "sun"))
    assert ENGINE.winners(state) == [0, 1]


# -- moves that are refused -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("coin", "must be a coin"),
        ({}, "must be a coin"),
        ({"tile": [1, 0]}, "must be a coin"),
        ({"coin": 9, "tile": [1, 0]}, "0 \\(null\\) to 5"),
        ({"coin": True, "tile": [1, 0]}, "0 \\(null\\) to 5"),
        ({"coin": "3", "tile": [1, 0]}, "0 \\(null\\) to 5"),
        ({"coin": 3}, "\\[row, index\\]"),
        ({"coin": 3, "tile": "1,0"}, "\\[row, index\\]"),
        ({"coin": 3, "tile": [7, 0]}, "no pyramid position"),
        ({"coin": 3, "tile": [1, 0], "suit": "moon"}, "not yours"),
        ({"coin": 3, "tile": [1, 0], "suit": "star"}, "not a suit"),
        ({"coin": 3, "tile": [1, 0], "colour": "red"}, "Unknown move"),
        ({"pass": "yes"}, "pass"),
        ({"discard": "3-sun"}, "no trap"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(move, why):
    with pytest.raises(IllegalMove, match=why):
        ENGINE.apply(layout_game(3, LAYOUT, SARC), 0, move)


def test_a_coin_not_in_hand_is_refused():
    state = play(layout_game(3, LAYOUT, SARC), (0, coin(3, 1, 0)))
    with pytest.raises(IllegalMove, match="no 3 coin in hand; you hold 0, 1, 2, 4, 5"):
        ENGINE.apply(state, 0, coin(3, 2, 0))


def test_wrong_seat_and_finished_game_are_refused():
    state = layout_game(3, LAYOUT, SARC)
    with pytest.raises(IllegalMove, match="It is not your turn"):
        ENGINE.apply(state, 1, coin(0, 1, 0))
    assert ENGINE.legal_moves(state, 1) == []
    over = ENGINE.apply(end_game(), 0, coin(4, 6, 0, "sun"))
    over = ENGINE.apply(over, 0, {"discard": "3-crown"})
    with pytest.raises(IllegalMove, match="The game is over"):
        ENGINE.apply(over, 0, {"pass": True})


def test_apply_leaves_the_given_state_untouched():
    state = example_one()
    before = ENGINE.to_json(state)
    ENGINE.apply(state, 0, coin(3, 2, 0))
    assert ENGINE.to_json(state) == before


# -- two players (P8) -------------------------------------------------------------------------
def test_two_player_moves_name_the_suit_and_may_leave_it_out():
    state = ENGINE.new_game(2, seed=3)
    seat = ENGINE.to_act(state)[0]
    moves = ENGINE.legal_moves(state, seat)
    assert len(moves) == 12 and all("suit" in m for m in moves)
    r, i = moves[0]["tile"]
    after = ENGINE.apply(state, seat, {"coin": 3, "tile": [r, i]})
    mine = list(after.coins[0])
    assert names(mine) == ["3-sun" if seat == 0 else "3-moon"]  # first owned suit
    after = ENGINE.apply(state, seat, moves[-1])
    assert names(after.coins[0]) == [f"5-{moves[-1]['suit']}"]


def test_two_players_count_both_their_suits_as_one_player():
    state = sparse(2, {(4, 0): "4-moon", (4, 1): "2-sun"})
    put(state, (4, 0), "ace-sun", "ace-moon", "5-arms")
    state = ENGINE.apply(state, 0, coin(0, 4, 0, "crown"))  # sun + crown 2 coins vs 2: 1 < 6
    assert names(state.held[1]) == ["4-moon"]


# -- views (P5) -------------------------------------------------------------------------------
def test_view_shows_own_coin_values_and_only_suits_of_others():
    state = example_one()
    view = ENGINE.view(state, 1)
    cell = view["pyramid"][INDEX[(2, 0)]]
    assert cell["coins"] == [
        {"suit": "sun", "seat": 0},
        {"suit": "moon", "seat": 1, "value": 0},
    ]
    assert [s["coins_in_hand"] for s in view["seats"]] == [5, 5, 5]
    assert len(view["hand"]) == 5 and all("value" in c for c in view["hand"])
    spectator = ENGINE.view(state, None)
    assert "hand" not in spectator
    assert all("value" not in c for cell in spectator["pyramid"] for c in cell["coins"])


def test_view_never_names_a_face_down_tile():
    view = ENGINE.view(example_one(), None)
    down = [c for c in view["pyramid"] if c["present"] and c["face_up"] is None]
    assert len(down) == 21 - 1 - 5  # the apex is claimed, five are turned up
    text = json.dumps(view)
    for tile in ("4-sun", "3-moon", "2-arms", "null-crown", *SARC):
        assert tile not in text


def random_moves(seed: int, steps: int) -> list[tuple[int, dict]]:
    """Up to ``steps`` random legal moves of a three-seat game ``seed``, as (seat, move)."""
    return event_counts.random_moves(ENGINE, ENGINE.new_game(3, seed), seed, steps)


def test_events_total_counts_every_event_past_the_kept_window(monkeypatch):
    moves = random_moves(5, 200)
    totals = per_move(ENGINE, ENGINE.new_game(3, 5), moves, total)
    monkeypatch.setattr("games.engines.sarcophagus.state.EVENT_MEMORY", 10_000)
    assert totals == per_move(ENGINE, ENGINE.new_game(3, 5), moves, shown)
    assert totals[-1] > 20


def test_a_game_saved_before_the_count_counts_the_events_it_kept():
    state = play(ENGINE.new_game(3, 5), *random_moves(5, 200))
    data = ENGINE.to_json(state)
    del data["events_total"]
    assert ENGINE.view(ENGINE.from_json(data), None)["events_total"] == len(state.events) == 20


def test_view_has_the_common_keys_and_json_types():
    view = ENGINE.view(example_one(), 0)
    for key in ("game", "seat", "players", "to_act", "is_over", "scores", "winners", "events"):
        assert key in view
    assert view["game"] == "sarcophagus" and view["scores"] == [3, 0, 0]
    assert json.loads(json.dumps(view)) == view
    for event in view["events"]:
        assert {"kind", "seats", "text"} <= set(event)
