"""Sarkophag's rules as plain functions: the head table, who may play what, who takes.

The engine, the bots and the scorekeeper all call these, so each rule exists once. The public
functions check their input and raise ``ValueError`` with a readable message; the engine's hot
path calls the unchecked cores (``follow_cards``, ``trick_taker``) that they wrap, because the
engine has already validated the cards it hands over.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..base import Text

LOWEST_CARD = 1
HIGHEST_CARD = 60
CARDS = tuple(range(LOWEST_CARD, HIGHEST_CARD + 1))
HAND_SIZE = 10
FIVE_HEADS = 5

# Ruling K1: mummy heads per card. The printed rule sheet has no table. Cards 1-54 carry the
# same heads as Feldkoetter's earlier deck "Little Devils"; the deck is symmetric (card n has
# the heads of card 60-n) from 3/57 inwards, and 1=60, 2=59. That fits all three worked
# examples in seed 000. Card 58 is confirmed by no source (it alone breaks the symmetry with
# card 2); it is given 2 heads like every other card ending in 8 from 18 to 48.
# A club that finds a misprint corrects it here and nowhere else.
_HEADS_BY_COUNT: dict[int, tuple[int, ...]] = {
    0: (1, 2, 14, 16, 24, 26, 34, 36, 44, 46, 59, 60),
    2: (4, 12, 18, 22, 28, 32, 38, 42, 48, 56, 58),
    3: (6, 8, 10, 20, 30, 40, 50, 52, 54),
    5: (15, 25, 35, 45),
}


def _build_table() -> tuple[int, ...]:
    """Index = card, value = heads; index 0 is a sentinel that is never a card."""
    table = [0] * (HIGHEST_CARD + 1)
    for card in CARDS:
        table[card] = 1 if card % 2 else 0  # K1: every other odd card has 1 head
    for count, cards in _HEADS_BY_COUNT.items():
        for card in cards:
            table[card] = count
    return tuple(table)


HEADS: tuple[int, ...] = _build_table()
DECK_HEADS = sum(HEADS)


def _check_card(card: object) -> int:
    if type(card) is not int or not LOWEST_CARD <= card <= HIGHEST_CARD:
        raise ValueError(
            Text("Sarkophag cards are whole numbers from 1 to 60, not %(card)r.", card=card)
        )
    return card


def check_cards(cards: Iterable[object], what: str = Text("cards")) -> list[int]:
    """The cards as a list of ints 1-60, each at most once; ``ValueError`` otherwise."""
    try:
        checked = [_check_card(card) for card in cards]
    except TypeError:
        raise ValueError(
            Text("The %(what)s must be a list of cards, not %(cards)r.", what=what, cards=cards)
        ) from None
    if len(set(checked)) != len(checked):
        doubles = sorted({c for c in checked if checked.count(c) > 1})
        raise ValueError(
            Text(
                "Each card exists once, but the %(what)s hold %(doubles)s twice.",
                what=what,
                doubles=_join(doubles),
            )
        )
    return checked


def mummy_heads(card: int) -> int:
    """Heads printed on one card (ruling K1)."""
    return HEADS[_check_card(card)]


def heads(cards: Iterable[int]) -> int:
    """Total heads of some cards, e.g. a taken trick or a player's pile."""
    return sum(HEADS[card] for card in check_cards(cards))


def follow_cards(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """Unchecked core of ``legal_cards``; the engine's hot path."""
    if not trick:  # K3: no 5-head lead while holding anything else
        allowed = [card for card in hand if HEADS[card] != FIVE_HEADS]
    elif len(trick) == 1:  # K4: the second card is free
        return list(hand)
    elif trick[1] < trick[0]:  # K4: measured against the FIRST card
        first = trick[0]
        allowed = [card for card in hand if card < first]
    else:
        first = trick[0]
        allowed = [card for card in hand if card > first]
    return allowed or list(hand)


def legal_cards(hand: list[int], trick: list[int]) -> list[int]:
    """The cards of ``hand`` that may go onto ``trick`` (play order; empty: leading). K3, K4.

    Players who can follow the direction must keep following even after someone deviated:
    only the first two cards decide, never the later ones.
    """
    hand_cards = check_cards(hand, Text("hand"))
    trick_cards = check_cards(trick, Text("trick"))
    both = sorted(set(hand_cards) & set(trick_cards))
    if both:
        raise ValueError(
            Text("%(both)s cannot be both in the hand and in the trick.", both=_join(both))
        )
    if not hand_cards:
        raise ValueError(Text("An empty hand has no card to play."))
    return follow_cards(hand_cards, trick_cards)


def trick_taker(trick: Sequence[int]) -> int:
    """Unchecked core of ``taker``: index of the taking card (K5)."""
    first = trick[0]
    if trick[1] < first:  # a "lower" trick
        high = max(trick)
        return trick.index(high if high > first else min(trick))
    low = min(trick)
    return trick.index(low if low < first else max(trick))


def taker(trick: list[int]) -> int:
    """Index in the completed ``trick`` (0 = the leader's card) of the card that takes it.

    K5: in a "lower" trick (second card below the first) the lowest card takes, unless someone
    played above the first card: then the highest takes. Mirror image in a "higher" trick.
    The leader's card never takes.
    """
    cards = check_cards(trick, Text("trick"))
    if len(cards) < 2:
        raise ValueError(Text("A trick needs at least two cards before anyone takes it."))
    return trick_taker(cards)


def check_limit(limit: object) -> int | None:
    """K6 option: a head limit of 1 or more, or None for a single round."""
    if limit is None or (type(limit) is int and limit >= 1):
        return limit
    raise ValueError(
        Text(
            "The head limit must be a whole number of heads (1 or more), or None for a single "
            "round, not %(limit)r.",
            limit=limit,
        )
    )


def limit_reached(totals: list[int], limit: int | None) -> bool:
    """K6: is the game over after a round that ends with these running totals?

    Without a limit the game is one round. With limit N it ends once anyone has MORE than N.
    """
    limit = check_limit(limit)
    if limit is None:
        return True
    return any(total > limit for total in totals)


def lowest_seats(totals: list[int]) -> list[int]:
    """The winners: the seats with the fewest heads, ties shared."""
    if not totals:
        raise ValueError(Text("There are no totals to compare."))
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def _join(items: Sequence[object]) -> str:
    """'14', '14 and 9', '22, 14 and 9': lists as a player reads them."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return Text("%(cards)s and %(last)s", cards=", ".join(words[:-1]), last=words[-1])


join_words = _join
