"""The fast Sarcophagus playout keeps the engine's rules: its games replay alike."""

from __future__ import annotations

import random

from games.bots.sampling.sarcophagus_playout import Game, finish, greedy
from games.bots.sarcophagus import HeuristicBot
from games.engines.sarcophagus import ENGINE
from games.engines.sarcophagus.pyramid import POSITIONS
from games.engines.sarcophagus.state import PLAY
from games.engines.sarcophagus.tiles import SUITS, TILES, cheapest_number


def starts(players: int, games: int, every: int = 7):
    """Every ``every``-th position of heuristic games where a coin is to be placed."""
    bot = HeuristicBot()
    count = 0
    for seed in range(games):
        state = ENGINE.new_game(players, seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            if state.phase == PLAY and state.pending is None and state.hands[seat]:
                count += 1
                if count % every == 0:
                    yield state
            state = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, rng))


def answer_trap(state):
    """The pending trap's discard as the playout makes it: the cheapest number tile."""
    actor = state.pending
    tiles = list(state.held[actor])
    if state.phase != PLAY:
        tiles += state.buried[actor]
        for t in state.end_discards[actor]:
            tiles.remove(t)
    lost = cheapest_number(tuple(tiles))
    return ENGINE.apply(state, actor, {"discard": TILES[lost]})


def replay(state, log):
    """The logged coins through the engine; passes and trap choices as the playout makes them."""
    two = state.players == 2
    for seat, coin, p in log:
        while True:
            actor = ENGINE.to_act(state)[0]
            if state.pending is not None:
                state = answer_trap(state)
            elif not state.hands[actor]:
                state = ENGINE.apply(state, actor, {"pass": True})
            else:
                break
        assert actor == seat
        move = {"coin": coin % 6, "tile": list(POSITIONS[p])}
        if two:
            move["suit"] = SUITS[coin // 6]
        state = ENGINE.apply(state, seat, move)
    while not ENGINE.is_over(state):
        actor = ENGINE.to_act(state)[0]
        if state.pending is not None:
            state = answer_trap(state)
        else:
            state = ENGINE.apply(state, actor, {"pass": True})
    return state


def test_playouts_end_as_the_engine_ends_the_same_moves():
    checked = 0
    for players in (2, 3, 4):
        for state in starts(players, 3):
            game = Game(state, random.Random(checked))
            game.log = []
            fames = game.play(state.turn, state.placed, state.turn_coins, greedy)
            end = replay(state, game.log)
            assert fames == ENGINE.scores(end), (players, checked)
            checked += 1
    assert checked > 20


def test_a_trap_choice_mid_turn_ends_the_turn_as_the_engine_does():
    # After a coin that makes someone answer a trap, the playout resolves it and goes on
    # exactly as the engine would: never a third coin, never a coin from an empty hand.
    seen = 0
    for state in starts(3, 12, every=1):
        if state.placed:
            for move in ENGINE.legal_moves(state, state.turn):
                after = ENGINE.apply(state, state.turn, move)
                if after.pending is not None and after.phase == PLAY:
                    fames = finish(after, random.Random(0))
                    assert len(fames) == 3
                    seen += 1
    assert seen > 0


def test_finish_gives_every_seat_its_fame():
    state = ENGINE.new_game(3, 4)
    fames = finish(state, random.Random(0))
    assert len(fames) == 3 and all(f >= 0 for f in fames)
