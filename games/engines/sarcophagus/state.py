"""Sarcophagus's game state, its set-up from a seed, and its exact JSON round trip.

Outer containers are lists indexed by position or seat; everything inside them is an int,
None, a bool or a tuple, so ``copy()`` is a dozen shallow list copies and ``apply`` can change
the copy freely without touching the state it was given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from .pyramid import POSITIONS, SARCOPHAGUS, top_left
from .tiles import SUITS, TILE_IDS, TILES, is_number, is_trap

STATE_VERSION = 1
EVENT_MEMORY = 20
PLAY, END, OVER = "play", "end", "over"


# The seat owning each suit in play, by seat count: one suit each, two each with two players (P8).
SUIT_OWNERS: dict[int, tuple[int, ...]] = {
    n: tuple(s % n for s in range(4 if n in (2, 4) else n)) for n in (2, 3, 4)
}


def suit_owners(players: int) -> tuple[int, ...]:
    """The seat owning each suit in play (P8)."""
    return SUIT_OWNERS[players]


def owned_suits(players: int, seat: int) -> tuple[int, ...]:
    return tuple(s for s, owner in enumerate(suit_owners(players)) if owner == seat)


@dataclass(slots=True)
class SarcophagusState:
    players: int
    seed: int
    first: int  # the seat that played the first turn
    board: list[int | None]  # tile per position (reading order), None once claimed/discarded
    face_up: list[bool]
    coins: list[tuple[int, ...]]  # coins per position, in the order they were placed
    under: list[int | None]  # sarcophagus tile under each of SARCOPHAGUS, None once taken
    hands: list[tuple[int, ...]]  # coins in hand per seat, sorted
    locked: list[tuple[int, ...]]  # coins left on claimed sarcophagus tiles, per seat
    held: list[tuple[int, ...]]  # pyramid tiles claimed (and kept), per seat
    buried: list[tuple[int, ...]]  # claimed sarcophagus tiles, unseen until the end
    discarded: list[int]  # tiles discarded face up (ties, P7, traps)
    unseen: list[int]  # sarcophagus tiles discarded sight unseen
    turn: int  # whose turn it is
    placed: int  # coins placed so far this turn
    turn_coins: int  # coins this turn allows (1 or 2), fixed at its first coin
    passes: int  # consecutive passes (P7 when it reaches the seat count)
    pending: int | None  # the seat owing a trap discard before anything else happens
    phase: str  # PLAY, END (sarcophagus traps being settled) or OVER
    end_done: list[int]  # sarcophagus traps settled at the end, per seat
    end_discards: list[tuple[int, ...]]  # number tiles those traps took, per seat
    results: list[dict[str, Any]]  # end_of_game() per seat once over
    events: list[dict[str, Any]]  # public happenings, oldest first (never mutated)
    events_total: int = 0  # events ever recorded, those no longer kept included (only grows)

    def copy(self) -> SarcophagusState:
        """A shallow copy of every list; their contents are immutable."""
        return SarcophagusState(
            self.players,
            self.seed,
            self.first,
            self.board[:],
            self.face_up[:],
            self.coins[:],
            self.under[:],
            self.hands[:],
            self.locked[:],
            self.held[:],
            self.buried[:],
            self.discarded[:],
            self.unseen[:],
            self.turn,
            self.placed,
            self.turn_coins,
            self.passes,
            self.pending,
            self.phase,
            self.end_done[:],
            self.end_discards[:],
            self.results[:],
            self.events[:],
            self.events_total,
        )

    def event(self, kind: str, seats: list[int], text: str, **data: Any) -> None:
        """Record a public happening; only the last EVENT_MEMORY are kept."""
        self.events.append({"kind": kind, "seats": seats, "text": text, **data})
        self.events_total += 1
        if len(self.events) > EVENT_MEMORY:
            del self.events[0]


def deal(players: int, seed: int) -> SarcophagusState:
    """The set-up of seed 002 from a seed: two random nulls and the four 5s are shuffled,
    three become the sarcophagus and three cover it; the other 18 tiles fill the rest."""
    rng = random.Random(f"sarcophagus:{seed}:setup")
    nulls = rng.sample([s * 6 for s in range(4)], 2)
    special = nulls + [s * 6 + 5 for s in range(4)]
    rng.shuffle(special)
    rest = [t for t in range(24) if t not in special]
    rng.shuffle(rest)
    board: list[int | None] = []
    for p in range(len(POSITIONS)):
        board.append(special[3 + SARCOPHAGUS.index(p)] if p in SARCOPHAGUS else rest.pop())
    return layout(players, seed, board, special[:3], rng.randrange(players))


def layout(
    players: int, seed: int, board: list[int | None], under: list[int | None], first: int
) -> SarcophagusState:
    """A fresh game on a given layout: apex face up, every seat's coins in hand."""
    apex = top_left(board)
    if apex is None:
        raise ValueError("A layout needs at least one pyramid tile.")
    hands = [
        tuple(sorted(s * 6 + v for s in owned_suits(players, seat) for v in range(6)))
        for seat in range(players)
    ]
    state = SarcophagusState(
        players=players,
        seed=seed,
        first=first,
        board=list(board),
        face_up=[p == apex for p in range(len(POSITIONS))],
        coins=[()] * len(POSITIONS),
        under=list(under),
        hands=hands,
        locked=[()] * players,
        held=[()] * players,
        buried=[()] * players,
        discarded=[],
        unseen=[],
        turn=first,
        placed=0,
        turn_coins=0,
        passes=0,
        pending=None,
        phase=PLAY,
        end_done=[0] * players,
        end_discards=[()] * players,
        results=[],
        events=[],
    )
    suits = ", ".join(
        f"{{p{seat}}} {' and '.join(SUITS[s] for s in owned_suits(players, seat))}"
        for seat in range(players)
    )
    state.event(
        "setup",
        list(range(players)),
        f"The pyramid is laid out with {TILES[board[apex]]} face up on top. Suits: {suits}. "
        f"{{p{first}}} begins.",
        tile=TILES[board[apex]],
        position=list(POSITIONS[apex]),
    )
    return state


FIELD_NAMES = tuple(f.name for f in fields(SarcophagusState))
TILE_FIELDS = {"board", "under", "discarded", "unseen"}
TILE_LIST_FIELDS = {"coins", "hands", "locked", "held", "buried", "end_discards"}


def state_to_json(state: SarcophagusState) -> dict[str, Any]:
    """Every field; tiles and coins in notation (coins share the tiles' names)."""
    data: dict[str, Any] = {"game": "sarcophagus", "version": STATE_VERSION}
    for name in FIELD_NAMES:
        value = getattr(state, name)
        if name in TILE_FIELDS:
            value = [None if t is None else TILES[t] for t in value]
        elif name in TILE_LIST_FIELDS:
            value = [[TILES[t] for t in group] for group in value]
        elif isinstance(value, list):
            value = list(value)
        data[name] = value
    return data


def state_from_json(data: dict[str, Any]) -> SarcophagusState:
    """The state ``state_to_json`` wrote; ``ValueError`` for anything else."""
    if not isinstance(data, dict) or data.get("game") != "sarcophagus":
        raise ValueError("This is not a saved Sarcophagus game.")
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"Unknown Sarcophagus save format {data.get('version')!r}.")
    try:
        values: dict[str, Any] = {}
        for name in FIELD_NAMES:
            if name == "events_total" and name not in data:
                value = len(data["events"])  # saved before the count: the events it kept
            else:
                value = data[name]
            if name in TILE_FIELDS:
                value = [None if t is None else TILE_IDS[t] for t in value]
            elif name in TILE_LIST_FIELDS:
                value = [tuple(TILE_IDS[t] for t in group) for group in value]
            elif isinstance(value, list):
                value = list(value)
            values[name] = value
    except (KeyError, TypeError) as exc:
        raise ValueError(f"A saved Sarcophagus game is damaged ({exc}).") from None
    return SarcophagusState(**values)


def tiles_accounted(state: SarcophagusState) -> list[int]:
    """Every tile wherever it is now; a sound state lists all 24 exactly once."""
    found = [t for t in state.board if t is not None] + [t for t in state.under if t is not None]
    for group in (*state.held, *state.buried):
        found.extend(group)
    return found + state.discarded + state.unseen


def number_tiles(tiles: tuple[int, ...]) -> list[int]:
    return sorted(t for t in tiles if is_number(t))


def traps_in(tiles: tuple[int, ...]) -> int:
    return sum(1 for t in tiles if is_trap(t))


# -- what is open, what a seat holds ------------------------------------------------------------


def targets(state: SarcophagusState) -> list[int]:
    """Where the next coin may go: the top row's leftmost tile first (P2), then any open tile."""
    if state.placed == 0:
        first = top_left(state.board)
        return [] if first is None else [first]
    return open_tiles(state)


def open_tiles(state: SarcophagusState) -> list[int]:
    board, coins, up = state.board, state.coins, state.face_up
    return [p for p in range(len(board)) if board[p] is not None and up[p] and len(coins[p]) < 4]


def kept(state: SarcophagusState, seat: int) -> list[int]:
    """The tiles a seat holds now; sarcophagus tiles count only once opened (END)."""
    tiles = list(state.held[seat])
    if state.phase != PLAY:
        tiles += state.buried[seat]
        for t in state.end_discards[seat]:
            tiles.remove(t)
    return tiles


def discard_options(state: SarcophagusState, seat: int) -> list[int]:
    return number_tiles(tuple(kept(state, seat)))
