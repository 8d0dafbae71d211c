"""The easy bot: legal moves, some of them the heuristic's, and no loss on the spot."""

import random

import pytest

from games.bots import get_bot
from games.bots.easy import EasyBot, loses_at_once
from games.engines import get_engine
from games.simulation import play_game


@pytest.mark.parametrize("game", ["sarg", "sacrifice", "sarkophag", "sarcophagus"])
def test_the_easy_bot_plays_whole_games(game):
    engine = get_engine(game)
    bots = [get_bot(game, "easy"), get_bot(game, "random")] + [
        get_bot(game, "random") for _ in range(engine.min_players - 2)
    ]
    result = play_game(engine, bots, seed=5)
    assert engine.is_over(result.state)


class Cliff:
    """A one-move game: stepping "off" loses, "stay" wins."""

    def legal_moves(self, state, seat):
        return [{"step": "off"}, {"step": "stay"}]

    def apply(self, state, seat, move):
        return move["step"]

    def is_over(self, state):
        return True

    def winners(self, state):
        return [] if state == "off" else [0]


def test_a_random_move_that_loses_at_once_is_avoided(monkeypatch):
    monkeypatch.setattr("games.bots.easy.HEURISTIC_SHARE", 0.0)
    monkeypatch.setattr(EasyBot, "seen_world", lambda self, engine, state, seat, rng: state)
    bot = EasyBot("sarg")
    assert loses_at_once(Cliff(), None, 0, {"step": "off"})
    for seed in range(20):
        assert bot.choose(Cliff(), None, 0, random.Random(seed)) == {"step": "stay"}


def test_the_easy_bot_beats_random_in_sacrifice():
    engine = get_engine("sacrifice")
    wins = 0
    for seed in range(20):
        bots = [get_bot("sacrifice", "easy"), get_bot("sacrifice", "random")]
        wins += 0 in play_game(engine, bots, seed).winners
    assert wins >= 12


@pytest.mark.parametrize("game", ["sarg", "sacrifice", "sarkophag", "sarcophagus"])
def test_the_loss_check_looks_only_at_a_world_drawn_from_the_seat_s_view(game, monkeypatch):
    """No peeking: every state the check applies a move to is a sampled one."""
    monkeypatch.setattr("games.bots.easy.HEURISTIC_SHARE", 0.0)
    engine = get_engine(game)
    state = engine.new_game(engine.min_players, 3)
    seat = engine.to_act(state)[0]
    bot = EasyBot(game)
    worlds = []
    real_seen_world = EasyBot.seen_world

    def recording(self, engine_, state_, seat_, rng):
        world = real_seen_world(self, engine_, state_, seat_, rng)
        worlds.append(world)
        return world

    looked_at = []
    monkeypatch.setattr(EasyBot, "seen_world", recording)
    monkeypatch.setattr(
        "games.bots.easy.loses_at_once",
        lambda engine_, world, seat_, move: looked_at.append(world) or False,
    )
    bot.choose(engine, state, seat, random.Random(1))
    assert looked_at and all(world is worlds[0] for world in looked_at)
    assert worlds[0] is not state
