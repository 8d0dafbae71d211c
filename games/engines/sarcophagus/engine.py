"""Sarcophagus (seed 002, rulings P1-P10): a piecepack pyramid explored with hidden coins.

The engine follows docs/contracts/rules-api.md. Decisions are moves:
``{"coin": 3, "tile": [4, 1]}`` places a coin (with two players, who own two suits, add
``"suit": "sun"``; without it the first owned suit holding that value is used),
``{"discard": "3-moon"}`` answers a trap, ``{"pass": True}`` when out of coins.
Geometry lives in ``pyramid``, tiles and fame in ``tiles``, the state in ``state``, the
per-seat view in ``view``, a move checked and applied in ``moves`` and what follows it
(reveals, claims, traps, the end) in ``claims``; the package's ``__init__`` exposes the
public names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import IllegalMove, Move, Text, View, seat_count
from .moves import discard, pass_move, place
from .pyramid import (
    POSITIONS,
    SARCOPHAGUS,
)
from .state import (
    OVER,
    SarcophagusState,
    deal,
    discard_options,
    kept,
    layout,
    state_from_json,
    state_to_json,
    targets,
)
from .tiles import (
    SUITS,
    TILE_IDS,
    TILES,
    fame_of,
    parse_tile,
    ranking,
)
from .view import build_view

MOVE_KEYS = {"coin", "tile", "suit", "discard", "pass"}


def layout_game(
    players: int | Sequence[str],
    pyramid: Sequence[str | None],
    sarcophagus: Sequence[str],
    first: int = 0,
    seed: int = 0,
) -> SarcophagusState:
    """A game on a fixed layout (worked examples, tests, a club's real table).

    ``pyramid`` lists the 21 tiles in reading order (apex first, then row 2 left to right...),
    ``sarcophagus`` the tiles under (5,2), (6,2) and (6,3).
    """
    n = seat_count(players, ENGINE.min_players, ENGINE.max_players, "Sarcophagus")
    if len(pyramid) != len(POSITIONS) or len(sarcophagus) != len(SARCOPHAGUS):
        raise ValueError("A layout needs 21 pyramid tiles and 3 sarcophagus tiles.")
    board = [None if t is None else TILE_IDS[parse_tile(t)] for t in pyramid]
    under = [TILE_IDS[parse_tile(t)] for t in sarcophagus]
    if len({*board, *under} - {None}) != len([t for t in board + under if t is not None]):
        raise ValueError("A layout may use each tile only once.")
    if not 0 <= first < n:
        raise ValueError(f"The first player must be a seat from 0 to {n - 1}.")
    return layout(n, seed, board, under, first)


class SarcophagusEngine:
    """The rules of Sarcophagus behind the common engine protocol."""

    name = "sarcophagus"
    min_players = 2
    max_players = 4
    option_defaults: dict[str, Any] = {}

    # -- protocol ------------------------------------------------------------------------
    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> SarcophagusState:
        n = seat_count(players, self.min_players, self.max_players, "Sarcophagus")
        if options:
            raise ValueError(f"Sarcophagus has no options (got {', '.join(sorted(options))}).")
        return deal(n, seed)

    def to_act(self, state: SarcophagusState) -> list[int]:
        if state.phase == OVER:
            return []
        if state.pending is not None:
            return [state.pending]
        return [state.turn]

    def legal_moves(self, state: SarcophagusState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state.pending is not None:
            return [{"discard": TILES[t]} for t in discard_options(state, seat)]
        hand = state.hands[seat]
        if not hand:
            return [{"pass": True}]
        two = state.players == 2
        moves = []
        for p in targets(state):
            r, i = POSITIONS[p]
            for coin in hand:
                move: Move = {"coin": coin % 6, "tile": [r, i]}
                if two:
                    move["suit"] = SUITS[coin // 6]
                moves.append(move)
        return moves

    def apply(self, state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
        if state.phase == OVER:
            raise IllegalMove(Text("The game is over."))
        if seat not in self.to_act(state):
            raise IllegalMove(Text("It is not your turn."))
        if not isinstance(move, dict) or not move:
            raise IllegalMove(Text("A move must be a coin, a discard or a pass."))
        unknown = set(move) - MOVE_KEYS
        if unknown:
            raise IllegalMove(
                Text(
                    "Unknown move field(s): %(fields)s.",
                    fields=", ".join(sorted(map(str, unknown))),
                )
            )
        if "discard" in move:
            return discard(state, seat, move)
        if state.pending is not None:
            raise IllegalMove(Text("First choose a number tile to discard for the trap."))
        if "pass" in move:
            return pass_move(state, seat, move)
        if "coin" in move:
            return place(state, seat, move)
        raise IllegalMove(Text("A move must be a coin, a discard or a pass."))

    def is_over(self, state: SarcophagusState) -> bool:
        return state.phase == OVER

    def scores(self, state: SarcophagusState) -> list[int]:
        """Public fame: claimed pyramid tiles during play, everything once over."""
        if state.phase == OVER:
            return [r["fame"] for r in state.results]
        return [fame_of(kept(state, seat)) for seat in range(state.players)]

    def winners(self, state: SarcophagusState) -> list[int]:
        if state.phase != OVER:
            return []
        return ranking([r["fame"] for r in state.results], [r["tile_count"] for r in state.results])

    def view(self, state: SarcophagusState, seat: int | None) -> View:
        return build_view(self, state, seat)

    def to_json(self, state: SarcophagusState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> SarcophagusState:
        return state_from_json(data)


# -- what a seat may do -----------------------------------------------------------------------


ENGINE = SarcophagusEngine()
