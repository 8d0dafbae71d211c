"""Sacrifice for the search bot: what a seat knows, and full states drawn from it.

Cards never change owner in Sacrifice (purchases go to the buyer, the trophy to the hand's
winner, sacrifices come from one's own cards), and every purchase and trophy is announced.
So a player with a good memory knows the multiset of each seat's cards; what they do not
know is where the other seat's unplayed cards lie (draw pile, discard pile, hand, altar),
the order of any draw pile (their own included) and of the trophy deck, the other seat's
secret first-hand purchases and a card it has chosen but not yet revealed. ``information``
keeps exactly the first and forgets the rest: the other seat's cards as one sorted pool with
the pile sizes, its own draw pile sorted, the trophy deck sorted, the seed zeroed, and the
other seat's undisclosed choices taken back (in the world it will choose again).

One simplification: the other seat's discard pile is drawn from the whole pool, although a
perfect memory would know it holds the cards played since its last reshuffle.

The search plays the tricks, looking to the end of the current hand; the reward is the
change of each seat's score in that hand (10 for the trophy, the sacrificed cards' points),
less a heavy penalty for falling below seven cards. Purchases and sacrifices go by the
heuristic bot's rules (``shortcut``): their worth shows only in later hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.bots.sacrifice import HeuristicBot, altar_worth
from games.bots.search import GameSearch
from games.engines import Engine, Move
from games.engines.sacrifice import MIN_CARDS, SACRIFICE_POINTS
from games.engines.sacrifice.cards import RULES, STRENGTH, TROPHY_POINTS
from games.engines.sacrifice.state import SacrificeState

REWARD_SCALE = 60.0  # a hand's score difference of this many points counts as a sure thing
LOST_BY_CARDS = 200  # points a seat falling below seven cards loses, in the rewards
EXPLORE = 0.1  # chance the playout policy plays a random card instead of its rule


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows: a state with the other seat's hidden parts emptied, plus its
    unplayed cards as one sorted pool and the sizes of the piles they fill."""

    state: SacrificeState
    pool: tuple[str, ...]  # the other seat's draw + discard + hand + altar, sorted
    sizes: tuple[int, int, int, int]  # draw, discard, hand, altar of the other seat

    def key(self) -> tuple[Any, ...]:
        """Equal for two states the seat cannot tell apart (tests use it)."""
        return (self.pool, self.sizes, repr(self.state.to_json()))


def information(engine: Engine, state: Any, seat: int, memory: dict[str, Any]) -> Knowledge:
    s: SacrificeState = state.copy()
    other = 1 - seat
    if s.phase == "buy" and s.simultaneous:
        # secret first-hand choices: spent cards are still in the hand until the reveal
        s.purchases[other] = ()
        s.done[other] = False
    if s.phase == "trick" and s.leader < 0 and s.table[other] is not None:
        card = s.table[other]
        s.table[other] = None
        played = list(s.played[other])
        played.remove(card)
        s.played[other] = tuple(played)
        s.hand[other] = (*s.hand[other], card)
    piles = (s.draw[other], s.discard[other], s.hand[other], s.altar[other])
    pool = tuple(sorted(card for pile in piles for card in pile))
    sizes = (len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3]))
    s.draw[other] = s.discard[other] = s.hand[other] = s.altar[other] = ()
    s.draw[seat] = tuple(sorted(s.draw[seat]))
    s.trophies = tuple(sorted(s.trophies))
    s.seed = 0
    s.shuffles = 0
    return Knowledge(s, pool, sizes)


def determinise(engine: Engine, info: Knowledge, seat: int, rng: random.Random) -> SacrificeState:
    """A state agreeing with ``info``: the other seat's cards dealt at random into its
    piles, the draw piles and trophy deck shuffled, a seed of its own."""
    s = info.state.copy()
    other = 1 - seat
    pool = list(info.pool)
    rng.shuffle(pool)
    draw, discard, hand, _altar = info.sizes
    s.draw[other] = tuple(pool[:draw])
    s.discard[other] = tuple(pool[draw : draw + discard])
    s.hand[other] = tuple(pool[draw + discard : draw + discard + hand])
    s.altar[other] = tuple(pool[draw + discard + hand :])
    mine = list(s.draw[seat])
    rng.shuffle(mine)
    s.draw[seat] = tuple(mine)
    trophies = list(s.trophies)
    rng.shuffle(trophies)
    s.trophies = tuple(trophies)
    s.seed = rng.getrandbits(32)
    return s


def by_rule(engine: Engine, info: Knowledge, seat: int, rng: random.Random) -> Move | None:
    """Purchases and sacrifices go by the heuristic bot's rules (purchases on a drawn
    world, since that bot reads only the view): the worth of both shows in later hands,
    beyond the horizon. The search decides the tricks."""
    if info.state.phase == "buy":
        return HeuristicBot().choose(engine, determinise(engine, info, seat, rng), seat, rng)
    if info.state.phase == "sacrifice":
        return sacrifice_by_rule(info.state, seat)
    return None


def playout(engine: Engine, s: SacrificeState, seat: int, rng: random.Random) -> Move:
    """A cheap rule on the state itself: win tricks cheaply, sacrifice what S9 allows."""
    if s.phase == "trick":
        cards = s.hand[seat]
        if rng.random() < EXPLORE:
            return {"play": rng.choice(cards)}
        strength = STRENGTH[RULES[s.trophy].trump]
        lead = s.table[1 - seat] if s.leader >= 0 else None
        if lead is None:
            return {"play": max(cards, key=strength.__getitem__)}
        need = strength[lead]
        winners = [c for c in cards if strength[c] > need]
        pick = min(winners or cards, key=strength.__getitem__)
        return {"play": pick}
    if s.phase == "sacrifice":
        return sacrifice_by_rule(s, seat)
    return {"done": True}


def sacrifice_by_rule(s: SacrificeState, seat: int) -> Move:
    """The heuristic bot's sacrifice: the highest-scoring cards, keeping seven cards."""
    cards = sorted(s.played[seat] + s.hand[seat], key=altar_worth, reverse=True)
    room = s.pool(seat) - MIN_CARDS if s.trophies else len(cards)
    count = max(1, min(s.limit, room))
    return {"sacrifice": sorted(cards[:count])}


def _value(s: SacrificeState, seat: int) -> int:
    """A seat's score as the rules count it, with falling below seven cards a heavy loss."""
    points = TROPHY_POINTS * len(s.won[seat]) + sum(SACRIFICE_POINTS[c] for c in s.altar[seat])
    return points - (LOST_BY_CARDS if s.loser_by_cards == seat else 0)


def hand_over(engine: Engine, start: SacrificeState, s: SacrificeState) -> bool:
    """The horizon: the hand the search began in has ended (its sacrifice made)."""
    return s.hand_no != start.hand_no or s.phase == "over"


def hand_rewards(engine: Engine, start: SacrificeState, s: SacrificeState) -> list[float]:
    """Each seat's reward from how much more it gained in this hand than the other."""
    gain = [_value(s, seat) - _value(start, seat) for seat in (0, 1)]
    edge = max(-1.0, min(1.0, (gain[0] - gain[1]) / REWARD_SCALE))
    return [0.5 + 0.5 * edge, 0.5 - 0.5 * edge]


def move_key(move: Move) -> Any:
    if "play" in move:
        return move["play"]
    if "sacrifice" in move:
        return tuple(move["sacrifice"])
    if "buy" in move:
        return (move["buy"], *move["spend"])
    return "done"


SEARCH = GameSearch(
    information=information,
    determinise=determinise,
    playout=playout,
    horizon=hand_over,
    rewards=hand_rewards,
    key=move_key,
    shortcut=by_rule,
)
