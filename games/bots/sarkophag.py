"""A heuristic Sarkophag bot: avoid taking heads, shed 5-head and extreme cards safely.

It decides from ``engine.view(state, seat)`` only (its own hand and the public table), so it
cannot cheat. For each card it may play it estimates the chance of being left with the trick:

* the leader never takes a trick (K5), so leading is a free chance to shed a card;
* once another card is sure to take, a card is safe for good (later cards only move the
  extremes further away), and the last player knows exactly who takes;
* otherwise each later player "rescues" us with a chance read from the unseen cards: by
  undercutting (overtopping) our card, or by being unable to follow and breaking the trick.

The cost of a card is the expected heads it brings us minus a bonus for getting rid of a card
that is dangerous to keep (many heads, or far from the middle of the deck).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines import Engine, Move
from games.engines.sarkophag import CARDS, HEADS, taker

SHED_WEIGHT = 0.5  # value of passing one head-equivalent of risk to another player
EXTREME_WEIGHT = 2.0  # how much a card at the very end of the deck is worth shedding
MIDDLE = (CARDS[0] + CARDS[-1]) / 2


def shed_value(card: int) -> float:
    """How much we gain by no longer holding ``card``: its heads, plus its extremeness.

    Extreme cards are the ones that end up lowest or highest in a trick, whatever the
    direction; middle cards can almost always duck.
    """
    return HEADS[card] + EXTREME_WEIGHT * abs(card - MIDDLE) / (MIDDLE - CARDS[0])


def take_chance(
    trick: Sequence[int], card: int, unseen: Sequence[int], later: int, hand_size: int
) -> float:
    """Chance that we take the trick after playing ``card`` onto ``trick`` (not leading)."""
    cards = [*trick, card]
    mine = len(trick)
    if taker(cards) != mine:
        return 0.0  # another card takes now, and later cards can only push further out
    if later == 0:
        return 1.0
    first = cards[0]
    lower = cards[1] < first
    follow = [c for c in unseen if (c < first) == lower]
    stuck = _no_follow_chance(len(follow), len(unseen), hand_size)
    if (card < first) == lower:
        # We are the most extreme follower: a later follower beyond us or a breaker rescues us.
        beyond = sum(1 for c in follow if (c < card) == lower)
        rescue = stuck + (1 - stuck) * (beyond / len(follow) if follow else 0.0)
    else:
        # We broke the trick and are the most extreme breaker: only a further breaker helps.
        breakers = [c for c in unseen if (c < first) != lower]
        beyond = sum(1 for c in breakers if (c > card) == lower)
        rescue = stuck * (beyond / len(breakers) if breakers else 0.0)
    return (1 - rescue) ** later


def _no_follow_chance(follow: int, unseen: int, hand_size: int) -> float:
    """Chance that a hand of ``hand_size`` unseen cards holds none of ``follow`` of them."""
    chance = 1.0
    for i in range(hand_size):
        if unseen - i <= 0:
            break
        chance *= max(unseen - follow - i, 0) / (unseen - i)
    return chance


class HeuristicBot:
    """Plays the card with the lowest expected cost; see the module docstring."""

    name = "heuristic"

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        view = engine.view(state, seat)
        legal = view["legal"]
        if len(legal) == 1:
            return {"card": legal[0]}
        best = min(legal, key=lambda card: (self.cost(view, card), card))
        return {"card": best}

    def cost(self, view: dict[str, Any], card: int) -> float:
        """Expected heads ``card`` costs us now, less the worth of shedding it."""
        trick = [entry["card"] for entry in view["trick"]]
        if not trick:
            return -shed_value(card)  # K5: the leader never takes
        hand = view["hand"]
        known = set(hand) | set(view["played"])
        unseen = [c for c in CARDS if c not in known]
        later = view["players"] - len(trick) - 1
        chance = take_chance(trick, card, unseen, later, len(hand))
        mean = sum(HEADS[c] for c in unseen) / len(unseen) if unseen else 0.0
        at_stake = sum(HEADS[c] for c in trick) + HEADS[card] + later * mean
        return chance * at_stake - (1 - chance) * SHED_WEIGHT * shed_value(card)
