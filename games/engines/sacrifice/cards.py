"""Sacrifice's cards: notation, the decks of ruling S1, trick strength (S4) and scoring (S9).

Pure data plus the rule functions the scorekeeper calls. Cards are strings in the notation of
docs/rulings.md ("10H", "QS", "AC", "JK"); the tables below are built once at import.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

from ..base import Text

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset("HD")
JOKER = "JK"
FACES = ("J", "Q", "K")

# How many physical copies of each notation the 54-card deck holds: one, the joker two.
DECK_COPIES: dict[str, int] = {r + s: 1 for s in SUITS for r in RANKS} | {JOKER: 2}

# S1: the 12 face cards and both jokers make the trophy deck (one trophy per hand).
TROPHIES: tuple[str, ...] = (*(r + s for r in FACES for s in SUITS), JOKER, JOKER)
TROPHY_SET = frozenset(TROPHIES)
HANDS = len(TROPHIES)

# S1: seat 0 gets A-5 in hearts and spades, seat 1 A-5 in diamonds and clubs.
STARTERS: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(r + s for s in "HS" for r in RANKS[:5]),
    tuple(r + s for s in "DC" for r in RANKS[:5]),
)
# S1: every 6-10, all available at once.
MARKET: tuple[str, ...] = tuple(r + s for r in RANKS[5:10] for s in SUITS)


def _rank(card: str) -> str:
    return card if card == JOKER else card[:-1]


def colour(card: str) -> str | None:
    """ "red" or "black"; jokers have no colour (S4)."""
    if card == JOKER:
        return None
    return "red" if card[-1] in RED_SUITS else "black"


# S2: the value a card spends for when buying (A=1); trophies cannot be spent at all.
BUY_VALUE: dict[str, int] = {
    c: (1 if _rank(c) == "A" else int(_rank(c))) for c in DECK_COPIES if c not in TROPHY_SET
}
# S9: what a sacrificed card scores (A=15, 2-10 face value, trophies 0).
SACRIFICE_POINTS: dict[str, int] = {
    c: (15 if v == 1 else v) for c, v in BUY_VALUE.items()
} | dict.fromkeys(TROPHY_SET, 0)
TROPHY_POINTS = 10

# S4: JK < J < Q < K < 2 < ... < 10 < A.
_ORDER = ("JK", "J", "Q", "K", "2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
RANK_ORDER: dict[str, int] = {c: _ORDER.index(_rank(c)) for c in DECK_COPIES}


def _strength_table(trump: str | None) -> dict[str, int]:
    """Higher beats lower, equal ties. With a trump colour: trump first, then rank (S4).
    Joker hand: the lowest number card is best and face cards and jokers can never win,
    so they all get 0, which also makes two of them tie (S5)."""
    if trump is None:
        return {c: (0 if c in TROPHY_SET else 100 - RANK_ORDER[c]) for c in DECK_COPIES}
    return {c: RANK_ORDER[c] + (100 if colour(c) == trump else 0) for c in DECK_COPIES}


STRENGTH: dict[str | None, dict[str, int]] = {t: _strength_table(t) for t in ("red", "black", None)}


class TrophyRules(NamedTuple):
    """How one trophy's hand is played (S4)."""

    tricks: int
    trump: str | None  # "red", "black" or None (Joker hand)
    lowest: bool  # Joker hand: lowest number card wins


_TRICKS = {"K": 7, "Q": 5, "J": 3, JOKER: 1}
RULES: dict[str, TrophyRules] = {
    t: TrophyRules(_TRICKS[_rank(t)], colour(t), t == JOKER) for t in TROPHY_SET
}


def without(cards: tuple[str, ...], remove: Iterable[str]) -> tuple[str, ...]:
    """``cards`` less one copy of each card in ``remove`` (all must be there)."""
    rest = list(cards)
    for card in remove:
        rest.remove(card)
    return tuple(rest)


def parse_card(text: str) -> str:
    """The card ``text`` names, in canonical notation (case and spaces forgiven)."""
    if isinstance(text, str):
        card = text.strip().upper()
        if card in DECK_COPIES:
            return card
    raise ValueError(
        Text(
            "%(text)r is not a card: write a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C), "
            "like 10H or QS, or JK for a joker.",
            text=text,
        )
    )


def parse_trophy(text: str) -> str:
    card = parse_card(text)
    if card not in TROPHY_SET:
        raise ValueError(Text("%(card)s is not a trophy: trophies are J, Q, K and JK.", card=card))
    return card


def trick_strength(card: str, trophy: str) -> int:
    """How strong ``card`` is in a trick under ``trophy``: the higher beats the lower and equal
    ones tie (S5 settles ties). Lets bots and pages rank a hand the way the rules do."""
    return STRENGTH[RULES[parse_trophy(trophy)].trump][parse_card(card)]


def beats(a: str, b: str, trophy: str) -> int | None:
    """trick_winner without the notation checks: the engine's hot path."""
    table = STRENGTH[RULES[trophy].trump]
    sa, sb = table[a], table[b]
    if sa == sb:
        return None
    return 0 if sa > sb else 1


def trick_winner(a: str, b: str, trophy: str) -> int | None:
    """0 if ``a`` wins the trick under ``trophy``, 1 if ``b`` does, None when neither beats
    the other (the caller applies the tie rule of S5)."""
    return beats(parse_card(a), parse_card(b), parse_trophy(trophy))


def _check_copies(cards: list[str], what: str) -> None:
    for card, n in Counter(cards).items():
        if n > DECK_COPIES[card]:
            raise ValueError(
                Text(
                    "%(what)s list %(card)s %(n)s times; the deck has %(card2)s.",
                    what=what,
                    card=card,
                    n=n,
                    card2=DECK_COPIES[card],
                )
            )


def _parse_all(
    cards: Iterable[str], what: str, parse: Callable[[str], str] = parse_card
) -> list[str]:
    if isinstance(cards, str):
        raise ValueError(Text("%(what)s must be a list of cards, not one string.", what=what))
    parsed = [parse(c) for c in cards]
    _check_copies(parsed, what)
    return parsed


def final_score(trophies: int, sacrificed: list[str]) -> int:
    """S9: 10 per trophy owned (on the altar or not) plus the sacrificed cards' points."""
    if isinstance(trophies, bool) or not isinstance(trophies, int) or not 0 <= trophies <= HANDS:
        raise ValueError(
            Text(
                "A player owns 0 to %(HANDS)s trophies, not %(trophies)r.",
                HANDS=HANDS,
                trophies=trophies,
            )
        )
    cards = _parse_all(sacrificed, "The sacrifices")
    return TROPHY_POINTS * trophies + sum(SACRIFICE_POINTS[c] for c in cards)


def score_breakdown(trophies: list[str], sacrificed: list[str]) -> dict:
    """Each card's points and the totals; a trophy later sacrificed is in both lists."""
    won = _parse_all(trophies, "The trophies", parse_trophy)
    gone = _parse_all(sacrificed, "The sacrifices")
    owned = Counter(won)
    for card, n in Counter(c for c in gone if c in TROPHY_SET).items():
        if n > owned[card]:
            raise ValueError(
                Text("%(card)s was sacrificed but is not among the trophies won.", card=card)
            )
    rows = [{"card": c, "points": TROPHY_POINTS} for c in won]
    rows += [{"card": c, "points": SACRIFICE_POINTS[c]} for c in gone]
    return {
        "trophies": TROPHY_POINTS * len(won),
        "sacrifices": sum(SACRIFICE_POINTS[c] for c in gone),
        "total": final_score(len(won), gone),
        "cards": rows,
    }
