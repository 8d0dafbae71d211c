"""The heuristic Sarcophagus bot: legal, fair (view only) and clearly better than random."""

from __future__ import annotations

import random

from games.bots import RandomBot, get_bot
from games.bots.sarcophagus import HeuristicBot
from games.engines.sarcophagus import ENGINE, layout_game
from games.engines.sarcophagus.pyramid import INDEX
from games.engines.sarcophagus.state import suit_owners
from games.engines.sarcophagus.tiles import TILE_IDS
from games.simulation import play_game
from tests.engines.sarcophagus.test_properties import hidden_variant, random_states

SARC = ["5-crown", "5-arms", "null-moon"]


def sparse(players, tiles, first=0):
    pyramid = [None] * 21
    for pos, tile in tiles.items():
        pyramid[INDEX[pos]] = tile
    state = layout_game(players, pyramid, SARC, first=first)
    state.face_up = [True] * 21
    return state


def put(state, pos, *coins):
    owners = suit_owners(state.players)
    for name in coins:
        c = TILE_IDS[name]
        hand = list(state.hands[owners[c // 6]])
        hand.remove(c)
        state.hands[owners[c // 6]] = tuple(hand)
        state.coins[INDEX[pos]] = (*state.coins[INDEX[pos]], c)


def test_get_bot_finds_the_heuristic_bot():
    bot = get_bot("sarcophagus", "heuristic")
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"


def test_heuristic_bots_always_choose_legal_moves_and_finish():
    for seed in range(30):
        players = 2 + seed % 3
        bots = [HeuristicBot() for _ in range(players)]
        result = play_game(ENGINE, bots, seed)  # apply refuses anything illegal
        assert result.winners


def test_heuristic_beats_random_in_most_two_player_games():
    """The issue asks for 70% over 2,000 games (bench/results); here 200 with a margin."""
    wins = 0.0
    rng = random.Random(1)
    for seed in range(200):
        seat = seed % 2
        bots = [HeuristicBot(), RandomBot()] if seat == 0 else [RandomBot(), HeuristicBot()]
        result = play_game(ENGINE, bots, seed, rng)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / 200 >= 0.75


def test_the_bot_decides_from_its_view_only():
    """Same choice in games that differ only in what the bot may not know."""
    bot = HeuristicBot()
    for seed in range(4):
        for step, (state, seat, _) in enumerate(random_states(2, seed)):
            if seat is None or state.phase != "play":
                break
            if step % 5:
                continue
            variant = hidden_variant(state, seat, random.Random(step))
            assert bot.choose(ENGINE, state, seat, random.Random(0)) == bot.choose(
                ENGINE, variant, seat, random.Random(0)
            )


def test_the_bot_discards_the_least_costly_tile_to_a_trap():
    state = sparse(3, {(4, 0): "null-arms", (4, 1): "2-arms"})
    put(state, (4, 0), "2-sun", "3-sun", "ace-moon")
    state.held[0] = tuple(TILE_IDS[t] for t in ("4-moon", "5-moon", "2-crown"))
    state = ENGINE.apply(state, 0, {"coin": 0, "tile": [4, 0]})
    assert HeuristicBot().choose(ENGINE, state, 0, random.Random(0)) == {"discard": "2-crown"}


def test_the_bot_does_not_complete_a_trap_it_would_win():
    state = sparse(2, {(3, 0): "4-sun", (4, 0): "null-arms", (4, 1): "5-moon"})
    put(state, (4, 0), "2-sun", "3-sun", "ace-moon")  # boxed in until (3,0) goes
    state.held[0] = tuple(TILE_IDS[t] for t in ("4-moon", "5-crown"))
    state = ENGINE.apply(state, 0, {"coin": 0, "tile": [3, 0], "suit": "sun"})
    move = HeuristicBot().choose(ENGINE, state, 0, random.Random(0))
    assert move["tile"] != [4, 0]


def test_the_bot_claims_a_valuable_tile_it_leads():
    state = sparse(2, {(3, 0): "2-sun", (4, 0): "null-arms", (4, 1): "5-moon"})
    put(state, (4, 1), "4-sun", "5-sun", "ace-moon")
    state = ENGINE.apply(state, 0, {"coin": 0, "tile": [3, 0], "suit": "sun"})
    move = HeuristicBot().choose(ENGINE, state, 0, random.Random(0))
    assert move["tile"] == [4, 1]


def test_the_bot_goes_for_a_god_when_unprotected():
    state = sparse(2, {(3, 0): "2-sun", (4, 0): "ace-arms", (4, 1): "2-arms"})
    put(state, (4, 0), "4-sun", "5-sun", "ace-moon")
    put(state, (4, 1), "2-sun", "3-sun", "2-moon")
    state.held[0] = tuple(TILE_IDS[t] for t in ("4-moon",))
    state = ENGINE.apply(state, 0, {"coin": 0, "tile": [3, 0], "suit": "sun"})
    move = HeuristicBot().choose(ENGINE, state, 0, random.Random(0))
    assert move["tile"] == [4, 0]
