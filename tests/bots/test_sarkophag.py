"""The Sarkophag heuristic bot: legal, sensible in clear spots, and much better than random."""

from __future__ import annotations

import random

from games.bots import RandomBot, get_bot
from games.bots.sarkophag import HeuristicBot, take_chance
from games.engines.sarkophag import ENGINE
from games.simulation import play_game


def make_state(hands, leader, trick=()):
    data = ENGINE.to_json(ENGINE.new_game(len(hands), 0))
    data.update(hands=[sorted(h) for h in hands], leader=leader, trick=list(trick))
    return ENGINE.from_json(data)


def choose(state):
    seat = ENGINE.to_act(state)[0]
    return HeuristicBot().choose(ENGINE, state, seat, random.Random(0))["card"]


def test_get_bot_finds_the_heuristic_bot():
    bot = get_bot("sarkophag", "heuristic")
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"


def test_every_choice_is_legal_in_whole_games():
    bots = [HeuristicBot(), HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    for seed in range(30):
        result = play_game(ENGINE, bots, seed)  # apply would raise on an illegal move
        assert ENGINE.is_over(result.state)


def test_last_player_ducks_under_the_lowest_card():
    # Lower trick 30, 20, 10: playing 15 leaves 10 lowest; 5 would take.
    state = make_state([[30, 1], [20, 2], [10, 3], [5, 15]], leader=0, trick=())
    state = ENGINE.apply(state, 0, {"card": 30})
    state = ENGINE.apply(state, 1, {"card": 20})
    state = ENGINE.apply(state, 2, {"card": 10})
    assert choose(state) == 15


def test_sheds_a_five_head_card_when_it_is_safe():
    # Lower trick 9, 8: a card above 9 can't follow, so this seat may break with any card;
    # after 36 from the seat before, 35 is safe (36 stays highest) and sheds 5 heads.
    state = make_state([[9, 1], [8, 2], [36, 50], [35, 34]], leader=0)
    for card in (9, 8, 36):
        state = ENGINE.apply(state, ENGINE.to_act(state)[0], {"card": card})
    assert choose(state) == 35


def test_second_player_stays_next_to_the_first_card():
    # Just below the first card nobody can fall between: 29 under a 30 is always safe.
    state = make_state([[30, 1], [29, 2, 60], [10, 3, 4], [5, 6, 7]], leader=0)
    state = ENGINE.apply(state, 0, {"card": 30})
    assert choose(state) == 29


def test_leader_never_takes_so_it_leads_a_costly_card():
    state = make_state([[20, 22, 31, 15], [1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], leader=0)
    assert choose(state) == 20  # 3 heads (15 has 5 but may not be led)


def test_take_chance_is_certain_for_the_last_player():
    assert take_chance([30, 20, 10], 5, unseen=[1, 2], later=0, hand_size=1) == 1.0
    assert take_chance([30, 20, 10], 15, unseen=[1, 2], later=0, hand_size=1) == 0.0


def test_heuristic_takes_far_fewer_heads_than_random_bots():
    # Issue #3: at least 25% fewer heads than the random bots on average. 300 games here
    # (the 2,000-game figure is in bench/results/sarkophag.md); observed ~60% fewer.
    bots = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
    rng = random.Random(7)
    totals = [0, 0, 0, 0]
    games = 300
    for seed in range(games):
        for seat, score in enumerate(play_game(ENGINE, bots, seed, rng).scores):
            totals[seat] += score
    heuristic = totals[0] / games
    random_average = sum(totals[1:]) / 3 / games
    assert heuristic <= 0.6 * random_average
