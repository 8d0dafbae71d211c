"""The Sarg heuristic bot: legal, deterministic, sensible in clear spots, far above random."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from games.bots import RandomBot, get_bot
from games.bots.sarg import HeuristicBot, expected_line
from games.engines.sarg import DECK, ENGINE, line_value, score_round
from games.simulation import play_game


def flat(text: str) -> tuple[str | None, ...]:
    return tuple(None if card == "." else card for row in text.split("/") for card in row.split())


def spot(grid: str, hands: tuple[tuple[str, ...], tuple[str, ...]], turn: int, queen: int = 0):
    return dataclasses.replace(
        ENGINE.new_game(2, 1, queen=queen), grid=flat(grid), hands=hands, turn=turn
    )


def test_get_bot_loads_the_heuristic_bot():
    bot = get_bot("sarg", "heuristic")
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"


@pytest.mark.parametrize("queen", [0, 1])
def test_every_choice_is_legal(queen):
    bot, rng = HeuristicBot(), random.Random(3)
    for seed in range(20):
        state = ENGINE.new_game(2, seed, queen=queen)
        while not ENGINE.is_over(state):
            (seat,) = ENGINE.to_act(state)
            before = json.dumps(ENGINE.to_json(state))
            move = bot.choose(ENGINE, state, seat, rng)
            assert move in ENGINE.legal_moves(state, seat)
            assert json.dumps(ENGINE.to_json(state)) == before  # choosing changes nothing
            state = ENGINE.apply(state, seat, move)


def test_same_rng_gives_the_same_choices():
    a = play_game(ENGINE, [HeuristicBot(), HeuristicBot()], seed=4, rng=random.Random(9))
    b = play_game(ENGINE, [HeuristicBot(), HeuristicBot()], seed=4, rng=random.Random(9))
    assert ENGINE.to_json(a.state) == ENGINE.to_json(b.state)


def test_completes_its_own_best_line():
    # Queen (rows) holds 8H and 2S; 8H finishes a heart row worth 27 x5
    state = spot("10H 9H . / 2S 3D 4C / 5C 6H 7D", (("8H", "2S"), ()), turn=0)
    move = HeuristicBot().choose(ENGINE, state, 0, random.Random(1))
    assert move == {"card": "8H", "cell": [0, 2]}


def test_plants_a_vampire_in_the_opponents_best_line():
    # King (columns) to play the last cell: JK there leaves Queen 18 against 54 (+36);
    # 2C would give Queen a 42 row against the same 54 (+12).
    grid = "10H 9H . / 2S 3D 4C / 5C 6H 7D"
    with_joker = score_round([["10H", "9H", "JK"], ["2S", "3D", "4C"], ["5C", "6H", "7D"]])
    with_two = score_round([["10H", "9H", "2C"], ["2S", "3D", "4C"], ["5C", "6H", "7D"]])
    assert with_joker["king"] - with_joker["queen"] == 36
    assert with_two["king"] - with_two["queen"] == 12
    state = spot(grid, ((), ("2C", "JK")), turn=1)
    move = HeuristicBot().choose(ENGINE, state, 1, random.Random(1))
    assert move == {"card": "JK", "cell": [0, 2]}


def test_expected_line_of_a_vampire_line_is_zero():
    assert expected_line(("JK",), "row") == 0.0


def test_expected_line_averages_every_completion():
    rest = [card for card in DECK if card not in ("10S", "9S")]
    values = [line_value(["10S", "9S", card], "row") for card in rest]
    assert expected_line(("10S", "9S"), "row") == pytest.approx(sum(values) / len(values))


@pytest.mark.parametrize("seat", [0, 1])
def test_beats_the_random_bot_far_more_often_than_not(seat):
    # The issue asks for 75% over 2,000 games (bench/results/sarg.md: about 99.7%);
    # 400 games per seat with a 90% bar keeps this quick and still safe.
    rng = random.Random(seat)
    bots = [RandomBot(), RandomBot()]
    bots[seat] = HeuristicBot()
    wins = 0.0
    games = 400
    for seed in range(games):
        result = play_game(ENGINE, bots, seed=seed, rng=rng)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games >= 0.9
