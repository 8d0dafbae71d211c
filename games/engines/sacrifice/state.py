"""Sacrifice's game state: plain fields of ints, strings and tuples, so a copy is shallow.

Per-seat piles are tuples inside two-element lists; changing a pile replaces its tuple, so
``copy()`` only has to copy the short lists. Piles list cards top first.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import without

EVENT_LIMIT = 20

# Fields in JSON order, and which of them hold one tuple of cards per seat.
_SEAT_PILES = ("draw", "discard", "hand", "played", "altar", "won", "purchases")
_SEAT_VALUES = ("done", "counts", "table")
_SCALARS = (
    "seed",
    "shuffles",
    "hand_no",
    "trophy",
    "phase",
    "simultaneous",
    "buy_order",
    "leader",
    "sudden",
    "hand_winner",
    "limit",
    "last_loser",
    "loser_by_cards",
)
_TUPLES = ("trophies", "market", "tricks", "events")


class SacrificeState:
    """Everything about one game of Sacrifice, hidden parts included (never show it raw)."""

    __slots__ = (*_SCALARS, *_TUPLES, *_SEAT_PILES, *_SEAT_VALUES, "events_total")

    seed: int
    shuffles: int  # how many shuffles so far: the n-th uses Random(f"{seed}:{n}")
    hand_no: int  # 1-14, the hand being played
    trophy: str  # the trophy in play
    phase: str  # "buy", "trick", "sacrifice" or "over"
    simultaneous: bool  # first hand: purchases chosen secretly, revealed together (S3)
    buy_order: tuple[int, ...]  # later hands: loser of the last hand first (S3)
    leader: int  # seat leading the current trick; -1 when it is revealed simultaneously
    sudden: bool  # sudden death (S7)
    hand_winner: int  # -1 until the hand is decided
    limit: int  # the hand winner's sacrifice limit
    last_loser: int  # loser of the previous hand, -1 before any
    loser_by_cards: int  # seat that fell below seven cards (S9), -1 otherwise
    trophies: tuple[str, ...]  # trophy deck, still face down
    market: tuple[str, ...]
    tricks: tuple[tuple[str, str, int, int, bool], ...]  # (card 0, card 1, leader, winner, sudden)
    events: tuple[dict[str, Any], ...]
    events_total: int  # events ever logged, those no longer kept included (only grows)
    draw: list[tuple[str, ...]]
    discard: list[tuple[str, ...]]
    hand: list[tuple[str, ...]]  # this hand's cards not yet played
    played: list[tuple[str, ...]]  # this hand's cards already played
    altar: list[tuple[str, ...]]
    won: list[tuple[str, ...]]  # trophies won, in order (public)
    # this hand's (card, spent, spent); the secret first-hand ones are carried out only when
    # both players have finished buying
    purchases: list[tuple[tuple[str, str, str], ...]]
    done: list[bool]  # finished buying
    counts: list[int]  # tricks this hand
    table: list[str | None]  # the current trick's cards

    def copy(self) -> SacrificeState:
        """A shallow copy: shared tuples, fresh per-seat lists. Spelled out field by field
        because it runs on every move (a loop over the field names costs twice as much)."""
        new = SacrificeState.__new__(SacrificeState)
        new.seed = self.seed
        new.shuffles = self.shuffles
        new.hand_no = self.hand_no
        new.trophy = self.trophy
        new.phase = self.phase
        new.simultaneous = self.simultaneous
        new.buy_order = self.buy_order
        new.leader = self.leader
        new.sudden = self.sudden
        new.hand_winner = self.hand_winner
        new.limit = self.limit
        new.last_loser = self.last_loser
        new.loser_by_cards = self.loser_by_cards
        new.trophies = self.trophies
        new.market = self.market
        new.tricks = self.tricks
        new.events = self.events
        new.events_total = self.events_total
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.hand = self.hand[:]
        new.played = self.played[:]
        new.altar = self.altar[:]
        new.won = self.won[:]
        new.purchases = self.purchases[:]
        new.done = self.done[:]
        new.counts = self.counts[:]
        new.table = self.table[:]
        return new

    def shuffled(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """The cards in a new random order from the seed; counts the shuffle."""
        order = list(cards)
        random.Random(f"{self.seed}:{self.shuffles}").shuffle(order)
        self.shuffles += 1
        return tuple(order)

    def coin(self) -> int:
        """0 or 1 from the seed, counted like a shuffle."""
        flip = random.Random(f"{self.seed}:{self.shuffles}").randrange(2)
        self.shuffles += 1
        return flip

    def log(self, kind: str, seats: list[int], text: str, **data: Any) -> None:
        """Record a public happening; only the last EVENT_LIMIT are kept."""
        event = {"kind": kind, "seats": seats, "text": text, **data}
        self.events = (*self.events[1 - EVENT_LIMIT :], event)
        self.events_total += 1

    def pool(self, seat: int) -> int:
        """Cards a seat holds for S9: draw + discard + this hand's cards (not the altar)."""
        return (
            len(self.draw[seat])
            + len(self.discard[seat])
            + len(self.hand[seat])
            + len(self.played[seat])
        )

    def spendable(self, seat: int) -> tuple[str, ...]:
        """The hand less the cards already promised to secret first-hand purchases."""
        if not self.simultaneous or self.phase != "buy":
            return self.hand[seat]
        return without(self.hand[seat], [c for p in self.purchases[seat] for c in p[1:]])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        data["buy_order"] = list(self.buy_order)
        for name in ("trophies", "market"):
            data[name] = list(getattr(self, name))
        data["tricks"] = [list(t) for t in self.tricks]
        data["events"] = [_copy_event(e) for e in self.events]
        data["events_total"] = self.events_total
        for name in _SEAT_PILES:
            data[name] = [_listify(p) for p in getattr(self, name)]
        for name in _SEAT_VALUES:
            data[name] = list(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SacrificeState:
        new = cls.__new__(cls)
        for name in _SCALARS:
            setattr(new, name, data[name])
        new.buy_order = tuple(data["buy_order"])
        new.trophies = tuple(data["trophies"])
        new.market = tuple(data["market"])
        new.tricks = tuple(tuple(t) for t in data["tricks"])
        new.events = tuple(_copy_event(e) for e in data["events"])
        # a game saved before the count: the events it kept
        new.events_total = data.get("events_total", len(new.events))
        for name in _SEAT_PILES:
            setattr(new, name, [_tuplify(p) for p in data[name]])
        for name in _SEAT_VALUES:
            setattr(new, name, list(data[name]))
        return new


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list | tuple) else v) for k, v in event.items()}


def _listify(pile: tuple) -> list:
    return [list(x) if isinstance(x, tuple) else x for x in pile]


def _tuplify(pile: list) -> tuple:
    return tuple(tuple(x) if isinstance(x, list) else x for x in pile)
