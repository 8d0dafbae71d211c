"""Sarg's public events: the state keeps compact tuples, views turn them into sentences.

Keeping tuples in the state makes each move cheap; only public facts ever go in (the nail,
played cards, credited scores), never a hand or the stack.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

# Events worked out and kept, by their stored tuple: a view lists every kept event (twenty),
# and each move's views (each seat's, the spectator's) list them again, all but one of them
# the same as the move before's. Enough for the event windows of a server's live tables.
EVENTS_KEPT_WORKED_OUT = 8192


def event_dict(entry: tuple[Any, ...] | list[Any]) -> dict[str, Any]:
    """One stored event as ``{"kind", "seats", "text", ...data}``; players are ``{pN}``.
    A stored tuple's dict is worked out once and then shared by every view that lists it,
    as views are: read, never changed."""
    if type(entry) is tuple:
        return _worked_out(entry)
    kind, *data = entry
    return _FORMATS[kind](*data)


@lru_cache(maxsize=EVENTS_KEPT_WORKED_OUT)
def _worked_out(entry: tuple[Any, ...]) -> dict[str, Any]:
    kind, *data = entry
    return _FORMATS[kind](*data)


def _deal(dealer: int, round_: int, nail: str) -> dict[str, Any]:
    return {
        "kind": "deal",
        "seats": [dealer],
        "text": f"{{p{dealer}}} deals round {round_}; the nail is {nail}.",
        "round": round_,
        "nail": nail,
    }


def _play(seat: int, card: str, row: int, column: int) -> dict[str, Any]:
    return {
        "kind": "play",
        "seats": [seat],
        "text": f"{{p{seat}}} plays {card} at row {row + 1}, column {column + 1}.",
        "card": card,
        "cell": [row, column],
    }


def _round(queen: int, round_: int, queen_score: int, king_score: int) -> dict[str, Any]:
    king = 1 - queen
    return {
        "kind": "round",
        "seats": [queen, king],
        "text": (
            f"Round {round_}: {{p{queen}}} (Queen, rows) is credited {queen_score}, "
            f"{{p{king}}} (King, columns) {king_score}."
        ),
        "round": round_,
        "queen": queen_score,
        "king": king_score,
    }


def _shuffle(dealer: int, shuffles: int) -> dict[str, Any]:
    return {
        "kind": "shuffle",
        "seats": [dealer],
        "text": f"{{p{dealer}}} shuffles the whole deck afresh.",
        "shuffle": shuffles,
    }


def _end(queen: int, bonus: int, bonus_to: str | None) -> dict[str, Any]:
    if bonus_to is None:
        return {
            "kind": "end",
            "seats": [],
            "text": "The game is over; nobody gains a bonus.",
            "bonus": 0,
            "bonus_to": None,
        }
    seat = queen if bonus_to == "queen" else 1 - queen
    return {
        "kind": "end",
        "seats": [seat],
        "text": f"The game is over; {{p{seat}}} gains a bonus of {bonus}.",
        "bonus": bonus,
        "bonus_to": bonus_to,
    }


_FORMATS = {"deal": _deal, "play": _play, "round": _round, "shuffle": _shuffle, "end": _end}
