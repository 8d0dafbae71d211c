"""Sarkophag in words: public events as pages show them, and refusals as players read them.

The state stores events as compact tuples, one per trick, deal or round end (cheap to copy);
``render_events`` turns them into the ``{"kind", "seats", "text", ...data}`` dicts of the
engine conventions.
Players are named by the placeholders ``{p0}``, ``{p1}``, ... that pages substitute.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Text
from .rules import FIVE_HEADS, HEADS, join_words
from .state import EVENT_MEMORY, Event

# How a played card relates to its trick; stored in "play" events.
LEADS, SETS_LOWER, SETS_HIGHER, FOLLOWS, CANNOT_FOLLOW = range(5)


def play_note(trick: Sequence[int], card: int) -> int:
    """Which of the notes above describes ``card`` played onto ``trick``."""
    if not trick:
        return LEADS
    first = trick[0]
    if len(trick) == 1:
        return SETS_LOWER if card < first else SETS_HIGHER
    lower = trick[1] < first
    return FOLLOWS if (card < first) == lower else CANNOT_FOLLOW


def _heads_word(count: int) -> str:
    return "1 head" if count == 1 else f"{count} heads"


def _play_text(seat: int, card: int, note: int, first: int) -> str:
    who = f"{{p{seat}}}"
    if note == LEADS:
        return f"{who} leads {card}."
    if note == SETS_LOWER:
        return f"{who} plays {card}: the trick goes lower than {first}."
    if note == SETS_HIGHER:
        return f"{who} plays {card}: the trick goes higher than {first}."
    if note == CANNOT_FOLLOW:
        side = "higher" if card > first else "lower"
        return f"{who} cannot follow and plays {card}, {side} than {first}."
    return f"{who} plays {card}."


def render_events(stored: Sequence[Event], leader: int, trick: Sequence[int], players: int):
    """The public events as pages show them, oldest first, the most recent ``EVENT_MEMORY``.

    The state stores one event per trick (it holds the trick's cards), so a play costs no
    event; here each stored trick becomes its plays plus the take, and the current trick's
    plays so far are added at the end. Worked from the newest back, as far as is shown: the
    stored tricks would make several times more dicts than a view keeps.
    """
    shown: list[dict[str, Any]] = _plays(leader, trick, players)
    for event in reversed(stored):
        if len(shown) >= EVENT_MEMORY:
            break
        if event[0] == "trick":
            _, first_seat, cards, index = event
            take = _take(first_seat, cards, index, players)
            shown[:0] = [*_plays(first_seat, cards, players), take]
        else:
            shown.insert(0, _render_other(event))
    return shown[-EVENT_MEMORY:]


def _plays(leader: int, cards: Sequence[int], players: int) -> list[dict[str, Any]]:
    plays = []
    for position, card in enumerate(cards):
        seat = (leader + position) % players
        text = _play_text(seat, card, play_note(cards[:position], card), cards[0])
        plays.append({"kind": "play", "seats": [seat], "text": text, "card": card})
    return plays


def _take(leader: int, cards: Sequence[int], index: int, players: int) -> dict[str, Any]:
    seat = (leader + index) % players
    count = sum(HEADS[card] for card in cards)
    return {
        "kind": "take",
        "seats": [seat],
        "text": f"{{p{seat}}} takes the trick with {cards[index]} ({_heads_word(count)}).",
        "card": cards[index],
        "heads": count,
        "cards": list(cards),
    }


def _render_other(event: Event) -> dict[str, Any]:
    """A stored event other than a trick: a deal, a round's end, the game's end."""
    kind = event[0]
    if kind == "deal":
        _, number, dealer, leader = event
        text = f"Round {number}: {{p{dealer}}} deals, {{p{leader}}} leads."
        return {
            "kind": kind,
            "seats": [dealer, leader],
            "text": text,
            "round": number,
            "dealer": dealer,
            "leader": leader,
        }
    if kind == "round_end":
        _, number, counts, totals = event
        parts = ", ".join(f"{{p{seat}}} {count}" for seat, count in enumerate(counts))
        return {
            "kind": kind,
            "seats": list(range(len(counts))),
            "text": f"Round {number} is over. Heads taken: {parts}.",
            "round": number,
            "heads": list(counts),
            "totals": list(totals),
        }
    _, winners, best = event  # "game_over"
    names = join_words([f"{{p{seat}}}" for seat in winners])
    verb = "wins" if len(winners) == 1 else "share the win"
    return {
        "kind": kind,
        "seats": list(winners),
        "text": f"{names} {verb} with {_heads_word(best)}.",
        "heads": best,
    }


def refusal(hand: Sequence[int], trick: Sequence[int], card: int) -> str:
    """Why ``card`` (held in ``hand``) may not go onto ``trick`` right now."""
    if not trick:
        return Text(
            "You may not lead %(card)s: it has %(heads)s mummy heads, and a card with 5 heads "
            "may only be led when you hold nothing else.",
            card=card,
            heads=FIVE_HEADS,
        )
    first = trick[0]
    if trick[1] < first:
        shown = sorted((c for c in hand if c < first), reverse=True)
        return Text(
            "You must play lower than %(first)s, and you hold %(cards)s.",
            first=first,
            cards=join_words(shown),
        )
    shown = sorted(c for c in hand if c > first)
    return Text(
        "You must play higher than %(first)s, and you hold %(cards)s.",
        first=first,
        cards=join_words(shown),
    )
