"""Sarg's game state: ints and tuples only, so a copy is shallow and cheap."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .square import filled_mask


@dataclass(slots=True)
class SargState:
    """Everything about a game; fields are ints and tuples, so ``copy`` is shallow and cheap."""

    seed: int
    queen: int  # the seat scoring rows (G1); the other seat is King, scoring columns
    to_1000: bool
    shuffles: int  # decks shuffled so far; the n-th comes from Random(f"{seed}:{n}")
    stack: tuple[str, ...]  # undealt cards, top first (hidden)
    dealer: int
    round: int  # 1-based number of the round being played (or last played, once over)
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # hidden, one per seat
    grid: tuple[str | None, ...]  # 9 cells, None when empty
    turn: int  # the seat to act; -1 once the game is over
    seen: tuple[str, ...]  # face-up cards since the last shuffle, in order (public)
    rounds: tuple[tuple[int, int], ...]  # credited (queen, king) per finished round
    last_grid: tuple[str, ...] | None  # the last finished square, for its explanation
    log: tuple[tuple[Any, ...], ...]  # recent public events, compact (see events)
    log_total: int = 0  # events ever logged, those no longer kept included (only grows)
    # bit i set when grid cell i holds a card: derived from grid, so never saved or passed in
    filled: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.filled = filled_mask(self.grid)

    def copy(self) -> SargState:
        """A shallow copy (every field is immutable); skips ``__post_init__`` for speed."""
        new = object.__new__(SargState)
        new.seed = self.seed
        new.queen = self.queen
        new.to_1000 = self.to_1000
        new.shuffles = self.shuffles
        new.stack = self.stack
        new.dealer = self.dealer
        new.round = self.round
        new.hands = self.hands
        new.grid = self.grid
        new.turn = self.turn
        new.seen = self.seen
        new.rounds = self.rounds
        new.last_grid = self.last_grid
        new.log = self.log
        new.log_total = self.log_total
        new.filled = self.filled
        return new
