"""The search core: legal, deterministic under an iteration cap, bounded, and blind to the
real state once it has taken what the seat knows."""

import random
import time

import pytest

from games.bots import get_bot
from games.bots.search import SearchBot, game_search, search
from games.engines import get_engine
from games.simulation import play_game
from tests.bots.sealed import choose_sealed

GAMES = ("sarg", "sacrifice")


def midgame(game: str, seed: int, moves: int):
    """A state after ``moves`` moves of random play, with one seat to act and a choice."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(2, seed)
    for _ in range(moves):
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    return engine, state


@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_plays_legal_moves_to_the_end(game):
    engine = get_engine(game)
    bots = [SearchBot(budget=None, iterations=20), get_bot(game, "heuristic")]
    result = play_game(engine, bots, seed=3)
    assert engine.is_over(result.state)


@pytest.mark.parametrize("game", GAMES)
def test_with_an_iteration_cap_the_choice_depends_only_on_the_rng(game):
    for seed in range(4):
        engine, state = midgame(game, seed, 5 + seed)
        seat = engine.to_act(state)[0]
        first = SearchBot(budget=None, iterations=60).choose(engine, state, seat, random.Random(9))
        again = SearchBot(budget=None, iterations=60).choose(engine, state, seat, random.Random(9))
        assert first == again
        assert first in engine.legal_moves(state, seat)


def test_the_time_budget_bounds_a_move():
    engine, state = midgame("sarg", 1, 1)
    seat = engine.to_act(state)[0]
    started = time.perf_counter()
    SearchBot(budget=0.05, iterations=None).choose(engine, state, seat, random.Random(1))
    assert time.perf_counter() - started < 1.0


def test_a_single_legal_move_is_played_without_searching():
    class OneMove:
        name = "one"

        def legal_moves(self, state, seat):
            return [{"only": True}]

    spec = game_search("sarg")
    move = search(OneMove(), lambda r: None, 0, random.Random(1), spec, iterations=5)
    assert move == {"only": True}


def test_the_search_needs_a_cap_or_a_budget():
    engine, state = midgame("sarg", 1, 1)
    with pytest.raises(ValueError):
        search(
            engine,
            lambda r: state,
            0,
            random.Random(1),
            game_search("sarg"),
            iterations=None,
            budget=None,
        )


@pytest.mark.parametrize("game", GAMES)
def test_after_information_the_real_state_is_never_read(game):
    """Structural no-peeking: the real state is reached only through ``information``."""
    engine, state = midgame(game, 2, 6)
    seat = engine.to_act(state)[0]
    spec = game_search(game)
    assert choose_sealed(engine, state, seat, spec) in engine.legal_moves(state, seat)


def test_get_bot_makes_search_bots():
    bot = get_bot("sarg", "search")
    assert isinstance(bot, SearchBot) and bot.name == "search"
    assert bot.budget == pytest.approx(0.3)
    capped = get_bot("sacrifice", "search:250")
    assert capped.iterations == 250 and capped.budget is None
    for bad in ("search:0", "search:x", "searching"):
        with pytest.raises(ValueError):
            get_bot("sarg", bad)


def test_a_game_without_a_plug_in_is_refused_clearly():
    with pytest.raises(ValueError, match="No search bot"):
        game_search("chess")
