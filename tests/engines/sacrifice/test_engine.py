"""The Sacrifice engine: the seed's rules, rulings S1-S9 and the protocol, one behaviour per test.

States for a particular situation are arranged by setting fields of a fresh game directly;
such arranged states need not account for all 54 cards (the property tests check that on
real games).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engines import IllegalMove, get_engine
from games.engines.sacrifice import ENGINE, TROPHIES
from tests.engines import event_counts
from tests.engines.event_counts import per_move, shown, total

E = ENGINE


def trick_state(trophy: str, hand0: list[str], hand1: list[str], seed: int = 1):
    """Hand 2's trick phase (buying over) with these trophy and hands, nothing played yet."""
    s = E.new_game(2, seed)
    s.hand_no = 2
    s.simultaneous = False
    s.phase = "trick"
    s.done = [True, True]
    s.trophy = trophy
    s.hand = [tuple(hand0), tuple(hand1)]
    return s


def buy_state(hand0: list[str], hand1: list[str], first: int = 0, trophy: str = "QS"):
    """Hand 2's buying phase, ``first`` buying first."""
    s = E.new_game(2, 1)
    s.hand_no = 2
    s.simultaneous = False
    s.buy_order = (first, 1 - first)
    s.trophy = trophy
    s.hand = [tuple(hand0), tuple(hand1)]
    return s


def trick(s, card0: str, card1: str):
    """Both seats play to one trick, in the order the rules ask for them."""
    order = [0, 1] if s.leader < 0 or s.leader == 0 else [1, 0]
    cards = {0: card0, 1: card1}
    for seat in order:
        assert seat in E.to_act(s), f"seat {seat} should be to act"
        s = E.apply(s, seat, {"play": cards[seat]})
    return s


def finish_buying(s):
    while s.phase == "buy":
        s = E.apply(s, E.to_act(s)[0], {"done": True})
    return s


# --- S1: set-up --------------------------------------------------------------------------------


def test_engine_is_registered():
    assert get_engine("sacrifice") is ENGINE
    assert (E.min_players, E.max_players) == (2, 2)


def test_starter_decks_by_seat():
    s = E.new_game(["Ann", "Bo"], 5)
    assert sorted(s.draw[0] + s.hand[0]) == sorted(r + c for r in "A2345" for c in "HS")
    assert sorted(s.draw[1] + s.hand[1]) == sorted(r + c for r in "A2345" for c in "DC")


def test_market_holds_every_six_to_ten():
    s = E.new_game(2, 5)
    assert sorted(s.market) == sorted(f"{r}{c}" for r in range(6, 11) for c in "SHDC")


def test_trophy_deck_is_shuffled_and_complete():
    s = E.new_game(2, 5)
    assert Counter((s.trophy, *s.trophies)) == Counter(TROPHIES)
    assert E.new_game(2, 6).trophies != s.trophies


# --- S2: buying ------------------------------------------------------------------------------


def test_each_player_draws_five_after_the_trophy_is_revealed():
    s = E.new_game(2, 3)
    assert [len(h) for h in s.hand] == [5, 5]
    assert s.events[0]["kind"] == "trophy"


def test_purchase_moves_spent_and_bought_cards_to_discard():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    assert sorted(s.discard[0]) == ["3H", "4S", "7H"]
    assert "7H" not in s.market
    assert sorted(s.hand[0]) == ["2H", "5S", "AH"]


def test_spend_order_does_not_matter():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    s = E.apply(s, 0, {"buy": "7H", "spend": ["4S", "3H"]})
    assert "7H" in s.discard[0]


def test_purchase_must_sum_exactly_to_the_rank():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    with pytest.raises(IllegalMove, match="3H and 4S make 7, not 8"):
        E.apply(s, 0, {"buy": "8H", "spend": ["3H", "4S"]})


def test_ace_counts_one_when_buying():
    s = buy_state(["AH", "5S", "2H", "3H", "4S"], ["2D", "3D", "4D", "5D", "AD"])
    assert {"buy": "6D", "spend": ["AH", "5S"]} in E.legal_moves(s, 0)


def test_trophy_cards_cannot_be_spent():
    s = buy_state(["QH", "JK", "2H", "3H", "4S"], ["2D", "3D", "4D", "5D", "AD"])
    with pytest.raises(IllegalMove, match="cannot be spent"):
        E.apply(s, 0, {"buy": "6H", "spend": ["QH", "2H"]})
    assert all("QH" not in m.get("spend", ()) for m in E.legal_moves(s, 0))


def test_purchase_must_be_in_the_market():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    s.market = tuple(c for c in s.market if c != "7H")
    with pytest.raises(IllegalMove, match="7H is not in the market"):
        E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})


def test_cards_spent_must_be_in_hand():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    with pytest.raises(IllegalMove, match="don't have 4D"):
        E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4D"]})


def test_at_most_two_purchases_then_buying_ends():
    s = buy_state(["3H", "4S", "AH", "5H", "2S", "4H"], ["2D", "3D", "4D", "5D", "AD"])
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    s = E.apply(s, 0, {"buy": "6S", "spend": ["AH", "5H"]})
    assert E.to_act(s) == [1]
    with pytest.raises(IllegalMove, match="finished buying"):
        E.apply(s, 0, {"buy": "6H", "spend": ["2S", "4H"]})


def test_draw_back_up_to_five_after_buying():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    s = finish_buying(s)
    assert s.phase == "trick"
    assert [len(h) for h in s.hand] == [5, 5]


def test_king_hand_draws_two_extra_cards():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"], trophy="KC")
    s = finish_buying(s)
    assert [len(h) for h in s.hand] == [7, 7]


# --- S3: who buys when -----------------------------------------------------------------------


def test_first_hand_buying_is_simultaneous():
    s = E.new_game(2, 1)
    assert E.to_act(s) == [0, 1]


def test_first_hand_purchase_is_hidden_until_both_finish():
    s = E.new_game(2, 1)
    s.hand = [("3H", "4S", "AH", "2H", "5S"), ("2D", "3D", "4D", "5D", "AD")]
    before = E.view(s, 1)
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    s = E.apply(s, 0, {"done": True})
    after = E.view(s, 1)
    assert after["purchases"] == [[], []]
    assert after["piles"] == before["piles"]
    assert after["committed"] == [True, False]
    assert "7H" in after["market"] and "7H" not in json.dumps(after["events"])
    assert E.view(s, 0)["purchases"][0] == [{"card": "7H", "spend": ["3H", "4S"]}]


def test_first_hand_purchases_are_revealed_together():
    s = E.new_game(2, 1)
    s.hand = [("3H", "4S", "AH", "2H", "5S"), ("2D", "3D", "4D", "5D", "AD")]
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    s = E.apply(s, 0, {"done": True})
    s = E.apply(s, 1, {"buy": "9D", "spend": ["4D", "5D"]})
    s = E.apply(s, 1, {"done": True})
    assert s.phase == "trick"
    assert "7H" in s.discard[0] and "9D" in s.discard[1]
    assert E.view(s, None)["purchases"][1] == [{"card": "9D", "spend": ["4D", "5D"]}]


def test_first_hand_spent_cards_cannot_be_spent_twice():
    s = E.new_game(2, 1)
    s.hand = [("3H", "4S", "AH", "2H", "5S"), ("2D", "3D", "4D", "5D", "AD")]
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    with pytest.raises(IllegalMove, match="don't have 3H"):
        E.apply(s, 0, {"buy": "8H", "spend": ["3H", "5S"]})


def test_first_hand_same_choice_goes_to_a_coin_toss_and_a_spare():
    s = E.new_game(2, 1)
    s.hand = [("3H", "4S", "AH", "2H", "5S"), ("2D", "5D", "4D", "3D", "AD")]
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    s = E.apply(s, 1, {"buy": "7H", "spend": ["3D", "4D"]})
    s = finish_buying(s)
    sevens = {seat: [c for c in s.discard[seat] if c.startswith("7")] for seat in (0, 1)}
    assert sorted(sevens[0] + sevens[1]) == ["7D", "7H"]  # the spare has the same colour
    assert any(e["kind"] == "contest" for e in s.events)


def test_later_hands_loser_of_last_hand_buys_first():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"], first=1)
    assert E.to_act(s) == [1]
    s = E.apply(s, 1, {"done": True})
    assert E.to_act(s) == [0]


def test_hand_winner_becomes_second_buyer():
    s = trick_state("JH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "5D", "AD"])
    s = trick(s, "AH", "2D")
    s = trick(s, "10H", "3D")
    s = trick(s, "9H", "4D")
    s = E.apply(s, 0, {"sacrifice": ["2S"]})
    assert s.hand_no == 3 and s.buy_order == (1, 0)


# --- S4: tricks by trophy --------------------------------------------------------------------


@pytest.mark.parametrize(("trophy", "tricks"), [("KS", 7), ("QH", 5), ("JD", 3), ("JK", 1)])
def test_trick_count_by_trophy(trophy, tricks):
    hand0 = ["AH", "10H", "9H", "8H", "7H", "6H", "5H"]
    hand1 = ["AS", "10S", "9S", "8S", "7S", "6S", "5S"]
    s = trick_state(trophy, hand0, hand1)
    for played in range(tricks):
        assert s.phase == "trick", f"hand ended after {played} tricks"
        s = trick(s, hand0[played], hand1[played])
    assert s.phase == "sacrifice" or s.sudden


@pytest.mark.parametrize(("trophy", "trump"), [("KH", "red"), ("QC", "black"), ("JD", "red")])
def test_trump_colour_is_the_trophy_colour(trophy, trump):
    s = trick_state(trophy, ["AH"], ["2S"])
    assert E.view(s, None)["trophy_rules"] == {
        "tricks": {"K": 7, "Q": 5, "J": 3}[trophy[0]],
        "trump": trump,
        "lowest_wins": False,
    }


def test_joker_hand_rules_in_view():
    s = trick_state("JK", ["AH"], ["2S"])
    assert E.view(s, None)["trophy_rules"] == {"tricks": 1, "trump": None, "lowest_wins": True}


def test_joker_hand_face_card_cannot_take_the_trick():
    s = trick_state("JK", ["KH", "AH", "9H", "2H", "3H"], ["9S", "2S", "3S", "4S", "5S"])
    s = trick(s, "KH", "9S")
    assert s.hand_winner == 1 and s.limit == 1


def test_joker_hand_lowest_number_takes_the_trick():
    s = trick_state("JK", ["2H", "AH", "9H", "4H", "3H"], ["9S", "2S", "3S", "4S", "5S"])
    s = trick(s, "2H", "9S")
    assert s.hand_winner == 0


# --- S5: simultaneous first trick, then lead and follow --------------------------------------


def test_first_trick_is_chosen_by_both_at_once():
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    assert E.to_act(s) == [0, 1]


def test_first_trick_choice_is_hidden_from_the_opponent():
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    s = E.apply(s, 0, {"play": "AH"})
    view = E.view(s, 1)
    assert view["committed"] == [True, False]
    assert view["table"] == [None, None]
    assert "AH" not in json.dumps(view)
    assert E.to_act(s) == [1]


def test_playing_twice_to_a_simultaneous_trick_is_refused():
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    s = E.apply(s, 0, {"play": "AH"})
    with pytest.raises(IllegalMove, match="already chosen"):
        E.apply(s, 0, {"play": "10H"})


def test_first_trick_tie_counts_for_both_and_next_is_simultaneous():
    s = trick_state("QH", ["5H", "10H", "9H", "2S", "3S"], ["5D", "3D", "4D", "AD", "KD"])
    s = trick(s, "5H", "5D")
    assert s.counts == [1, 1]
    assert E.to_act(s) == [0, 1]


def test_after_a_trick_winner_the_winner_leads():
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    s = trick(s, "2S", "2D")
    assert s.counts == [0, 1]
    assert E.to_act(s) == [1]


def test_following_colour_is_never_required():
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    s = trick(s, "AH", "2D")
    s = E.apply(s, 0, {"play": "2S"})
    assert {m["play"] for m in E.legal_moves(s, 1)} == {"3D", "4D", "AD", "KD"}


def test_led_trick_tie_goes_to_the_leader():
    s = trick_state("QH", ["AH", "5H", "9H", "2S", "3S"], ["2D", "5D", "4D", "AD", "KD"])
    s = trick(s, "AH", "2D")
    s = trick(s, "5H", "5D")
    assert s.counts == [2, 0]


def test_led_card_is_public():
    s = trick_state("QH", ["AH", "5H", "9H", "2S", "3S"], ["2D", "5D", "4D", "AD", "KD"])
    s = trick(s, "AH", "2D")
    s = E.apply(s, 0, {"play": "5H"})
    assert E.view(s, 1)["table"] == ["5H", None]


# --- S6: the hand's winner and the sacrifice --------------------------------------------------


def _three_two():
    """The seed's 3-2 split: seat 0 three tricks, seat 1 two, in a Queen hand."""
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    for c0, c1 in [("AH", "2D"), ("10H", "3D"), ("9H", "4D"), ("2S", "AD"), ("3S", "KD")]:
        s = trick(s, c0, c1)
    return s


def _four_one():
    """The seed's 4-1 split."""
    s = trick_state("QH", ["AH", "10H", "9H", "8H", "2S"], ["2D", "3D", "4D", "5D", "AD"])
    for c0, c1 in [("AH", "2D"), ("10H", "3D"), ("9H", "4D"), ("8H", "5D"), ("2S", "AD")]:
        s = trick(s, c0, c1)
    return s


def test_three_two_split_allows_one_sacrifice():
    s = _three_two()
    assert (s.counts, s.hand_winner, s.limit) == ([3, 2], 0, 1)
    assert {len(m["sacrifice"]) for m in E.legal_moves(s, 0)} == {1}


def test_three_two_split_refuses_two_sacrifices():
    with pytest.raises(IllegalMove, match="at most 1 card with 3 tricks to 2"):
        E.apply(_three_two(), 0, {"sacrifice": ["AH", "10H"]})


def test_four_one_split_allows_up_to_three_sacrifices():
    s = _four_one()
    assert (s.counts, s.limit) == ([4, 1], 3)
    assert {len(m["sacrifice"]) for m in E.legal_moves(s, 0)} == {1, 2, 3}
    s = E.apply(s, 0, {"sacrifice": ["AH", "10H", "9H"]})
    assert sorted(s.altar[0]) == ["10H", "9H", "AH"]


def test_at_least_one_card_must_be_sacrificed():
    with pytest.raises(IllegalMove, match="at least one"):
        E.apply(_four_one(), 0, {"sacrifice": []})


def test_only_the_hand_winner_sacrifices():
    s = _four_one()
    assert E.to_act(s) == [0]
    with pytest.raises(IllegalMove, match="not your turn"):
        E.apply(s, 1, {"sacrifice": ["AD"]})


def test_winner_takes_the_trophy_to_the_discard_pile():
    s = _four_one()
    assert s.discard[0][0] == "QH" and s.won[0] == ("QH",)


def test_sacrifice_may_include_unplayed_cards():
    s = trick_state("JH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "5D", "AD"])
    for c0, c1 in [("AH", "2D"), ("10H", "3D"), ("9H", "4D")]:
        s = trick(s, c0, c1)
    assert s.limit == 3
    s = E.apply(s, 0, {"sacrifice": ["3S", "AH"]})
    assert sorted(s.altar[0]) == ["3S", "AH"]


def test_sacrifice_cannot_take_the_opponents_cards():
    with pytest.raises(IllegalMove, match="AD is not one of your cards"):
        E.apply(_four_one(), 0, {"sacrifice": ["AD"]})


def test_sacrifice_is_secret_but_counted():
    one = E.apply(_four_one(), 0, {"sacrifice": ["AH", "10H"]})
    other = E.apply(_four_one(), 0, {"sacrifice": ["2S", "9H"]})
    assert E.view(one, 1)["piles"][0]["altar"] == 2
    assert E.view(one, 1)["altars"] is None
    assert E.view(one, 1) == E.view(other, 1)
    assert E.view(one, None) == E.view(other, None)
    assert E.view(one, 0)["altar"] == ["AH", "10H"]


def test_everything_else_goes_to_the_discard_piles():
    s = E.apply(_four_one(), 0, {"sacrifice": ["AH"]})
    # the next hand has begun: each drew 5 from the draw pile; nothing of the old hand is in it
    old0 = {"10H", "9H", "8H", "2S", "QH"}
    old1 = {"2D", "3D", "4D", "5D", "AD"}
    assert old0 <= set(s.discard[0]) and old1 <= set(s.discard[1])


# --- S7: sudden death ------------------------------------------------------------------------


def _tied_jack_hand():
    s = trick_state("JH", ["5H", "6S", "7S", "AH", "2S"], ["5D", "6C", "7C", "AD", "2C"])
    for c0, c1 in [("5H", "5D"), ("6S", "6C"), ("7S", "7C")]:
        s = trick(s, c0, c1)
    return s


def test_equal_tricks_start_sudden_death():
    s = _tied_jack_hand()
    assert s.counts == [3, 3] and s.sudden and s.phase == "trick"
    assert E.to_act(s) == [0, 1]


def test_sudden_death_with_cards_left_uses_the_unplayed_cards():
    s = _tied_jack_hand()
    draw_before = [len(d) for d in s.draw]
    assert sorted(s.hand[0]) == ["2S", "AH"]
    s = trick(s, "AH", "2C")
    assert [len(d) for d in s.draw] == draw_before
    assert s.hand_winner == 0 and s.limit == 1


def test_sudden_death_tie_continues():
    s = _tied_jack_hand()
    s = trick(s, "2S", "2C")
    assert s.sudden and s.phase == "trick"
    s = trick(s, "AH", "AD")
    assert s.phase == "trick"  # both out of cards: a new hand of 5 each
    assert [len(h) for h in s.hand] == [5, 5]


def test_sudden_death_without_cards_left_draws_five_new():
    s = trick_state("QH", ["5H", "6S", "7S", "8S", "2S"], ["5D", "6C", "7C", "8C", "2C"])
    for c0, c1 in [("5H", "5D"), ("6S", "6C"), ("7S", "7C"), ("8S", "8C"), ("2S", "2C")]:
        s = trick(s, c0, c1)
    assert s.sudden and [len(h) for h in s.hand] == [5, 5]


def test_sudden_death_sacrifice_may_come_from_the_new_cards():
    s = trick_state("QH", ["5H", "6S", "7S", "8S", "2S"], ["5D", "6C", "7C", "8C", "2C"])
    for c0, c1 in [("5H", "5D"), ("6S", "6C"), ("7S", "7C"), ("8S", "8C"), ("2S", "2C")]:
        s = trick(s, c0, c1)
    s.hand = [("AH", "3S", "4S", "5S", "3H"), ("2D", "3C", "4C", "5C", "3D")]
    s = trick(s, "AH", "2D")
    assert s.hand_winner == 0 and s.limit == 1
    moves = [m["sacrifice"] for m in E.legal_moves(s, 0)]
    assert ["3S"] in moves and ["8S"] in moves and all(len(m) == 1 for m in moves)


def test_sudden_death_limit_is_one():
    s = _tied_jack_hand()
    s = trick(s, "AH", "2C")
    with pytest.raises(IllegalMove, match="at most 1 card after sudden death"):
        E.apply(s, 0, {"sacrifice": ["AH", "2S"]})


def test_sudden_death_with_nothing_to_draw_reuses_the_played_cards():
    s = trick_state("QH", ["5H", "6S", "7S", "8S", "2S"], ["5D", "6C", "7C", "8C", "2C"])
    s.draw = [(), ("AC", "10C", "9C", "3C", "4C")]
    s.discard = [(), ()]
    for c0, c1 in [("5H", "5D"), ("6S", "6C"), ("7S", "7C"), ("8S", "8C"), ("2S", "2C")]:
        s = trick(s, c0, c1)
    assert sorted(s.hand[0]) == ["2S", "5H", "6S", "7S", "8S"]
    assert s.played[0] == ()
    assert any("cards they played" in e["text"] for e in s.events)


# --- S8: reshuffles --------------------------------------------------------------------------


def test_empty_draw_pile_is_refilled_from_the_discard_pile():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    s.draw = [(), s.draw[1]]
    s.discard = [("9H", "10S"), s.discard[1]]
    s = E.apply(s, 0, {"buy": "7H", "spend": ["3H", "4S"]})
    s = finish_buying(s)
    # the spent cards and the purchase were in the discard pile too, so they are shuffled in
    assert s.discard[0] == () and len(s.draw[0]) == 3
    assert sorted(s.hand[0] + s.draw[0]) == sorted(
        ["AH", "2H", "5S", "9H", "10S", "3H", "4S", "7H"]
    )
    assert any(e["kind"] == "reshuffle" and e["seats"] == [0] for e in s.events)


def test_both_piles_empty_draws_what_there_is():
    s = buy_state(["3H", "4S", "AH", "2H"], ["2D", "3D", "4D", "5D", "AD"])
    s.draw = [(), s.draw[1]]
    s.discard = [(), s.discard[1]]
    s = finish_buying(s)
    assert len(s.hand[0]) == 4


def test_reshuffle_is_fixed_by_the_seed():
    def reshuffled(seed):
        s = buy_state(["3H", "4S", "AH"], ["2D", "3D", "4D", "5D", "AD"])
        s.seed = seed
        s.draw = [(), s.draw[1]]
        s.discard = [tuple(f"{r}H" for r in range(6, 11)), s.discard[1]]
        return finish_buying(s).hand[0]

    assert reshuffled(1) == reshuffled(1)
    assert len({reshuffled(seed) for seed in range(6)}) > 1


# --- S9: the end -----------------------------------------------------------------------------


def test_fewer_than_seven_cards_while_trophies_remain_loses():
    s = _four_one()
    s.draw = [(), s.draw[1]]
    s.discard = [("QH",), s.discard[1]]
    # 5 cards of the hand + QH = 6 before the sacrifice
    s = E.apply(s, 0, {"sacrifice": ["AH"]})
    assert E.is_over(s) and E.winners(s) == [1]
    assert E.view(s, None)["lost_by_cards"] == 0


def test_seven_cards_is_enough():
    s = _four_one()
    s.draw = [("3H", "4H"), s.draw[1]]
    s.discard = [("QH",), s.discard[1]]
    s = E.apply(s, 0, {"sacrifice": ["AH"]})  # 5 + 2 + 1 - 1 = 7
    assert not E.is_over(s)


def test_the_altar_does_not_count_towards_seven():
    s = _four_one()
    s.draw = [("3H",), s.draw[1]]
    s.discard = [("QH",), s.discard[1]]
    s.altar = [("2H", "3S", "4S"), ()]
    s = E.apply(s, 0, {"sacrifice": ["AH"]})
    assert E.winners(s) == [1]


def test_last_hand_is_no_loss_by_cards_but_the_end():
    s = _four_one()
    s.trophies = ()
    s.draw = [(), s.draw[1]]
    s.discard = [("QH",), s.discard[1]]
    s.won = [("QH", "KS"), ("JD",)]
    s = E.apply(s, 0, {"sacrifice": ["AH", "10H", "9H"]})
    assert E.is_over(s) and s.loser_by_cards == -1
    assert E.scores(s) == [20 + 15 + 10 + 9, 10]
    assert E.winners(s) == [0]


def test_equal_final_scores_are_a_draw():
    s = _four_one()
    s.trophies = ()
    s.won = [("QH",), ("JD", "KS")]
    s = E.apply(s, 0, {"sacrifice": ["10H"]})
    assert E.scores(s) == [20, 20] and E.winners(s) == [0, 1]


def test_public_scores_count_only_trophies_until_the_end():
    s = E.apply(_four_one(), 0, {"sacrifice": ["AH"]})
    assert E.scores(s) == [10, 0]
    assert E.view(s, 0)["my_score"] == 25


def test_altars_are_turned_over_at_the_end():
    s = _four_one()
    s.trophies = ()
    s = E.apply(s, 0, {"sacrifice": ["AH"]})
    assert E.view(s, 1)["altars"] == [["AH"], []]


# --- the protocol ----------------------------------------------------------------------------


def test_new_game_takes_names_or_a_count():
    assert E.to_json(E.new_game(["Ann", "Bo"], 7)) == E.to_json(E.new_game(2, 7))


@pytest.mark.parametrize("players", [1, 3, ["Ann"]])
def test_new_game_refuses_other_seat_counts(players):
    with pytest.raises(ValueError, match="2 players"):
        E.new_game(players, 1)


def test_new_game_refuses_unknown_options():
    assert E.option_defaults == {}
    with pytest.raises(ValueError, match="no options"):
        E.new_game(2, 1, limit=3)


def test_same_seed_same_game_and_different_seeds_differ():
    assert E.to_json(E.new_game(2, 42)) == E.to_json(E.new_game(2, 42))
    assert E.to_json(E.new_game(2, 42)) != E.to_json(E.new_game(2, 43))


def test_apply_leaves_the_given_state_alone():
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    before = E.to_json(s)
    E.apply(s, 0, {"play": "AH"})
    assert E.to_json(s) == before


def test_not_your_turn():
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"], first=1)
    with pytest.raises(IllegalMove, match="It is not your turn"):
        E.apply(s, 0, {"done": True})
    assert E.legal_moves(s, 0) == []


def test_no_moves_after_the_game_is_over():
    s = _four_one()
    s.trophies = ()
    s = E.apply(s, 0, {"sacrifice": ["AH"]})
    assert E.to_act(s) == [] and E.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove, match="The game is over"):
        E.apply(s, 0, {"done": True})


@pytest.mark.parametrize(
    "move",
    [
        None,
        "AH",
        [],
        {},
        {"play": "AH"},
        {"buy": "7H"},
        {"buy": 7, "spend": ["3H", "4S"]},
        {"buy": "7H", "spend": "3H4S"},
        {"buy": "7H", "spend": ["3H"]},
        {"buy": "7H", "spend": [3, 4]},
        {"buy": "7X", "spend": ["3H", "4S"]},
        {"buy": "7H", "spend": ["3H", "4S"], "done": True},
        {"done": False},
        {"done": "yes"},
        {"sacrifice": ["AH"]},
    ],
)
def test_malformed_moves_are_refused_with_illegal_move(move):
    s = buy_state(["3H", "4S", "AH", "2H", "5S"], ["2D", "3D", "4D", "5D", "AD"])
    with pytest.raises(IllegalMove):
        E.apply(s, 0, move)


@pytest.mark.parametrize(
    "move",
    [{"play": None}, {"play": ["AH"]}, {"play": "ZZ"}, {"play": "AD"}, {"play": "AH", "x": 1}],
)
def test_malformed_plays_are_refused_with_illegal_move(move):
    s = trick_state("QH", ["AH", "10H", "9H", "2S", "3S"], ["2D", "3D", "4D", "AD", "KD"])
    with pytest.raises(IllegalMove):
        E.apply(s, 0, move)


@pytest.mark.parametrize(
    "move",
    [{"sacrifice": "AH"}, {"sacrifice": None}, {"sacrifice": [1]}, {"sacrifice": ["AH", "AH"]}],
)
def test_malformed_sacrifices_are_refused_with_illegal_move(move):
    with pytest.raises(IllegalMove):
        E.apply(_four_one(), 0, move)


@pytest.mark.parametrize("seat", [2, -1, "0", None])
def test_unknown_seats_are_refused(seat):
    s = E.new_game(2, 1)
    with pytest.raises(IllegalMove):
        E.apply(s, seat, {"done": True})


def test_error_names_the_cards_held():
    s = trick_state("QH", ["AH", "10H"], ["2D", "3D"])
    with pytest.raises(IllegalMove, match="You don't hold 9H; you hold AH, 10H"):
        E.apply(s, 0, {"play": "9H"})


def test_two_jokers_in_one_hand_are_offered_once_and_played_one_at_a_time():
    s = trick_state("JH", ["JK", "JK", "AH", "2S", "3S"], ["2D", "3D", "4D", "5D", "AD"])
    assert [m["play"] for m in E.legal_moves(s, 0)].count("JK") == 1
    s = E.apply(s, 0, {"play": "JK"})
    assert s.hand[0].count("JK") == 1


def test_two_jokers_can_be_sacrificed_together():
    s = trick_state("JH", ["AH", "JK", "JK", "10H", "9H"], ["2D", "3D", "4D", "5D", "AC"])
    for c0, c1 in [("AH", "2D"), ("10H", "3D"), ("9H", "4D")]:
        s = trick(s, c0, c1)
    assert {"sacrifice": ["JK", "JK"]} in E.legal_moves(s, 0)
    s = E.apply(s, 0, {"sacrifice": ["JK", "JK"]})
    assert s.altar[0] == ("JK", "JK")


def test_json_round_trip_is_exact():
    s = _four_one()
    data = E.to_json(s)
    assert json.loads(json.dumps(data)) == data
    assert E.to_json(E.from_json(json.loads(json.dumps(data)))) == data


def random_moves(seed: int, steps: int) -> list[tuple[int, dict]]:
    """Up to ``steps`` random legal moves of game ``seed``, as (seat, move)."""
    return event_counts.random_moves(E, E.new_game(2, seed), seed, steps)


def test_events_total_counts_every_event_past_the_kept_window(monkeypatch):
    moves = random_moves(3, 120)
    totals = per_move(E, E.new_game(2, 3), moves, total)
    monkeypatch.setattr("games.engines.sacrifice.state.EVENT_LIMIT", 10_000)
    assert totals == per_move(E, E.new_game(2, 3), moves, shown)
    assert totals[-1] > 20


def test_a_game_saved_before_the_count_counts_the_events_it_kept():
    s = E.new_game(2, 3)
    for seat, move in random_moves(3, 120):
        s = E.apply(s, seat, move)
    data = E.to_json(s)
    del data["events_total"]
    assert E.view(E.from_json(data), None)["events_total"] == len(s.events) == 20


def test_view_has_the_common_keys():
    view = E.view(E.new_game(2, 1), 0)
    for key in ("game", "seat", "players", "to_act", "is_over", "scores", "winners", "events"):
        assert key in view
    assert view["game"] == "sacrifice" and view["players"] == 2 and view["winners"] == []
    for key in ("hand", "discard", "altar", "market", "trophy", "won", "tricks", "piles"):
        assert key in view


def test_spectator_sees_no_hand():
    view = E.view(E.new_game(2, 1), None)
    assert "hand" not in view and "discard" not in view


def test_events_name_players_by_placeholder():
    s = _four_one()
    texts = [e["text"] for e in E.view(s, None)["events"]]
    assert "{p0} wins the hand 4 tricks to 1 and takes QH; they may sacrifice up to 3 cards." in (
        texts
    )
