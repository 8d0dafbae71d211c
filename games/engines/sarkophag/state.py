"""Sarkophag's game state: immutable parts only, so a copy is a handful of references.

Every field is an int, None, a bool or a tuple (of ints or tuples), so ``apply`` builds the
next state by replacing a few fields and never needs a deep copy.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# An event is a compact tuple ``(kind, ...data)``: ("deal", round, dealer, leader),
# ("trick", leader, cards, taker index), ("round_end", round, heads, totals) or
# ("game_over", winners, heads); ``text`` turns them into words.
Event = tuple[Any, ...]
EVENT_MEMORY = 20
STATE_VERSION = 1


def shown_count(event: Event) -> int:
    """How many events the view shows for one stored event: a trick is its plays and the
    take (``text.render_events``), anything else itself."""
    return len(event[2]) + 1 if event[0] == "trick" else 1


@dataclass(slots=True)
class SarkophagState:
    players: int
    seed: int
    limit: int | None
    round: int  # 1-based
    dealer: int
    hands: tuple[tuple[int, ...], ...]  # each sorted ascending
    leader: int  # who led (or leads) the current trick
    trick: tuple[int, ...]  # the current trick's cards in play order
    heads: tuple[int, ...]  # heads taken this round, per seat
    tricks: tuple[int, ...]  # tricks taken this round, per seat
    totals: tuple[int, ...]  # heads over the whole game so far, this round included
    rounds: tuple[tuple[int, ...], ...]  # heads of each finished round, per seat
    played: tuple[int, ...]  # cards of this round's finished tricks (public)
    last_trick: tuple[int, tuple[int, ...], int] | None  # (leader, cards, taker seat)
    over: bool
    events: tuple[Event, ...]
    # The view's events ever shown for the stored events, those no longer kept included
    # (only grows); the current trick's plays are shown on top of them.
    events_total: int = 0
    # Derived, not saved: the cards the seat to act may play (saves working it out twice).
    legal: tuple[int, ...] = ()

    def copy(self) -> SarkophagState:
        """A shallow copy; safe because every field is immutable."""
        return SarkophagState(
            self.players,
            self.seed,
            self.limit,
            self.round,
            self.dealer,
            self.hands,
            self.leader,
            self.trick,
            self.heads,
            self.tricks,
            self.totals,
            self.rounds,
            self.played,
            self.last_trick,
            self.over,
            self.events,
            self.events_total,
            self.legal,
        )

    @property
    def turn(self) -> int:
        """The seat to play next (meaningless once the game is over)."""
        return (self.leader + len(self.trick)) % self.players


SAVED_FIELDS = tuple(f.name for f in fields(SarkophagState) if f.name != "legal")


def state_to_json(state: SarkophagState) -> dict[str, Any]:
    """Every field, tuples as lists, plus the game name and a format version."""
    data: dict[str, Any] = {"game": "sarkophag", "version": STATE_VERSION}
    for name in SAVED_FIELDS:
        data[name] = _thaw(getattr(state, name))
    return data


def state_from_json(data: dict[str, Any]) -> SarkophagState:
    """The state ``state_to_json`` wrote (``legal`` left for the engine to fill in)."""
    if not isinstance(data, dict) or data.get("game") != "sarkophag":
        raise ValueError("This is not a saved Sarkophag game.")
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"Unknown Sarkophag save format {data.get('version')!r}.")
    missing = [name for name in SAVED_FIELDS if name not in data and name != "events_total"]
    if missing:
        raise ValueError(f"The saved Sarkophag game lacks {', '.join(missing)}.")
    state = SarkophagState(*(_freeze(data.get(name, 0)) for name in SAVED_FIELDS))
    if "events_total" not in data:  # saved before the count: the events it kept
        state.events_total = sum(shown_count(event) for event in state.events)
    return state


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(item) for item in value]
    return value


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(item) for item in value)
    return value
