"""Sarg (seed 004): two players build a 3x3 "coffin" of cards; Queen scores rows, King columns.

It follows docs/contracts/rules-api.md and rulings G1-G7. The rule functions (``line_value``,
``score_round``, ``final_result``, ``validate_grid``, ``parse_card``, ``DECK``) live in
``scoring`` and ``cards``, the square's geometry in ``square`` and the state in ``state``;
the package's ``__init__`` exposes the public names, because the scorekeeper calls them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..base import IllegalMove, Move, Text, View, seat_count
from .cards import DECK, parse_card
from .events import event_dict
from .scoring import final_result, round_credit, score_round
from .square import CENTRE, OPEN_BY_MASK
from .state import SargState

ROUNDS_PER_DECK = 6  # 6 rounds x 9 cards = the 54 cards (G2)
HAND_SIZE = 4
TARGET = 1000  # G7
EVENTS_KEPT = 20


def shuffled_deck(seed: int, n: int) -> tuple[str, ...]:
    """The n-th shuffle of a game (0 = the first); derived from the seed so games replay."""
    deck = list(DECK)
    random.Random(f"{seed}:{n}").shuffle(deck)
    return tuple(deck)


def first_dealer(seed: int) -> int:
    """G2: the first dealer is random, drawn from the seed."""
    return random.Random(f"{seed}:dealer").randrange(2)


def _log(state: SargState, *entry: Any) -> None:
    state.log = (*state.log[1 - EVENTS_KEPT :], entry)
    state.log_total += 1


def _deal(state: SargState) -> None:
    """G2: four cards each, one at a time, non-dealer first; the ninth is the nail."""
    if not state.stack:
        state.shuffles += 1
        state.stack = shuffled_deck(state.seed, state.shuffles)
        state.seen = ()
        _log(state, "shuffle", state.dealer, state.shuffles)
    stack, dealer = state.stack, state.dealer
    dealt, nail = stack[: 2 * HAND_SIZE], stack[2 * HAND_SIZE]
    hands = [(), ()]
    hands[1 - dealer] = dealt[0::2]
    hands[dealer] = dealt[1::2]
    state.hands = (hands[0], hands[1])
    state.stack = stack[2 * HAND_SIZE + 1 :]
    state.grid = (None, None, None, None, nail, None, None, None, None)
    state.filled = 1 << CENTRE
    state.seen = (*state.seen, nail)
    state.turn = 1 - dealer  # G3: the non-dealer plays first
    _log(state, "deal", dealer, state.round, nail)


def _end_round(state: SargState) -> None:
    """Credit the full square (G5), then end the game (G6/G7) or deal the next round."""
    queen_score, king_score = round_credit(state.grid)
    state.rounds = (*state.rounds, (queen_score, king_score))
    state.last_grid = state.grid
    _log(state, "round", state.queen, state.round, queen_score, king_score)
    if _game_ends(state):
        state.turn = -1
        state.hands = ((), ())
        result = final_result(_round_dicts(state.rounds))
        _log(state, "end", state.queen, result["bonus"], result["bonus_to"])
        return
    state.round += 1
    state.dealer = 1 - state.dealer
    _deal(state)


def _game_ends(state: SargState) -> bool:
    if not state.to_1000:
        return len(state.rounds) >= ROUNDS_PER_DECK
    return max(sum(r[0] for r in state.rounds), sum(r[1] for r in state.rounds)) >= TARGET


def _round_dicts(rounds: tuple[tuple[int, int], ...]) -> list[dict[str, int]]:
    return [{"queen": q, "king": k} for q, k in rounds]


def _cell_index(cell: Any) -> int | None:
    """A move's ``[row, column]`` as a flat index, or None when it is not a cell."""
    if not isinstance(cell, list | tuple) or len(cell) != 2:
        return None
    r, c = cell
    if type(r) is not int or type(c) is not int or not (0 <= r < 3 and 0 <= c < 3):
        return None
    return 3 * r + c


def _where(cell: int) -> str:
    return f"row {cell // 3 + 1}, column {cell % 3 + 1}"


class SargEngine:
    """Sarg for exactly two seats; options ``queen`` (seat scoring rows) and ``to_1000``."""

    name = "sarg"
    min_players = 2
    max_players = 2
    option_defaults: dict[str, Any] = {"queen": 0, "to_1000": False}

    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> SargState:
        seat_count(players, self.min_players, self.max_players, "Sarg")
        queen, to_1000 = self._options(options)
        dealer = first_dealer(seed)
        state = SargState(
            seed=seed,
            queen=queen,
            to_1000=to_1000,
            shuffles=0,
            stack=shuffled_deck(seed, 0),
            dealer=dealer,
            round=1,
            hands=((), ()),
            grid=(None,) * 9,
            turn=-1,
            seen=(),
            rounds=(),
            last_grid=None,
            log=(),
        )
        _deal(state)
        return state

    def _options(self, options: dict[str, Any]) -> tuple[int, bool]:
        unknown = sorted(set(options) - set(self.option_defaults))
        if unknown:
            known = ", ".join(self.option_defaults)
            raise ValueError(f"Sarg has no option {', '.join(unknown)}; its options: {known}.")
        merged = {**self.option_defaults, **options}
        queen, to_1000 = merged["queen"], merged["to_1000"]
        if type(queen) is not int or queen not in (0, 1):
            raise ValueError(f"The queen option is the seat playing Queen, 0 or 1, not {queen!r}.")
        if not isinstance(to_1000, bool):
            raise ValueError(f"The to_1000 option is true or false, not {to_1000!r}.")
        return queen, to_1000

    # -- turns and moves -------------------------------------------------------------------

    def to_act(self, state: SargState) -> list[int]:
        return [] if state.turn < 0 else [state.turn]

    def is_over(self, state: SargState) -> bool:
        return state.turn < 0

    def legal_moves(self, state: SargState, seat: int) -> list[Move]:
        if seat != state.turn or state.turn < 0:
            return []
        cells = OPEN_BY_MASK[state.filled]
        return [
            {"card": card, "cell": [cell // 3, cell % 3]}
            for card in dict.fromkeys(state.hands[seat])
            for cell in cells
        ]

    def apply(self, state: SargState, seat: int, move: Move) -> SargState:
        card, cell = self._check(state, seat, move)
        new = state.copy()
        hand = list(state.hands[seat])
        hand.remove(card)
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        new.hands = (hands[0], hands[1])
        grid = list(state.grid)
        grid[cell] = card
        new.grid = tuple(grid)
        new.filled = state.filled | 1 << cell
        new.seen = (*state.seen, card)
        _log(new, "play", seat, card, cell // 3, cell % 3)
        if new.filled != 511:
            new.turn = 1 - seat
        else:
            _end_round(new)
        return new

    def _check(self, state: SargState, seat: Any, move: Any) -> tuple[str, int]:
        """Why a move is refused, in the player's words; else its card and flat cell."""
        if state.turn < 0:
            raise IllegalMove(Text("The game is over."))
        if seat != state.turn or type(seat) is not int:
            raise IllegalMove(Text("It is not your turn."))
        if not isinstance(move, dict) or set(move) != {"card", "cell"}:
            raise IllegalMove(
                Text('A move is a card and a cell, like {"card": "QH", "cell": [0, 2]}.')
            )
        card = move["card"]
        hand = state.hands[seat]
        if not isinstance(card, str):
            raise IllegalMove(
                Text("%(card)r is not a card; write cards like QH, 10S, AC or JK.", card=card)
            )
        if card not in hand:
            try:
                parse_card(card)
            except ValueError as exc:
                raise IllegalMove(*exc.args) from None
            raise IllegalMove(
                Text(
                    "You do not hold %(card)s; you hold %(hand)s.", card=card, hand=", ".join(hand)
                )
            )
        cell = _cell_index(move["cell"])
        if cell is None:
            raise IllegalMove(Text("A cell is [row, column], each 0, 1 or 2."))
        if state.grid[cell] is not None:
            raise IllegalMove(Text("That cell already holds %(cell)s.", cell=state.grid[cell]))
        if cell not in OPEN_BY_MASK[state.filled]:
            raise IllegalMove(
                Text("That cell does not touch a card; play next to a card, not diagonally.")
            )
        return card, cell

    # -- results ---------------------------------------------------------------------------

    def totals(self, state: SargState) -> dict[str, int]:
        """Credited totals so far, before any end bonus."""
        return {
            "queen": sum(q for q, _ in state.rounds),
            "king": sum(k for _, k in state.rounds),
        }

    def result(self, state: SargState) -> dict[str, Any] | None:
        """``final_result`` of the finished game (totals with the bonus), None until over."""
        return final_result(_round_dicts(state.rounds)) if state.turn < 0 else None

    def scores(self, state: SargState) -> list[int]:
        """Each seat's total: credited rounds so far, plus the end bonus once over."""
        points = self.result(state) or self.totals(state)
        return self._by_seat(state, points["queen"], points["king"])

    def winners(self, state: SargState) -> list[int]:
        if state.turn >= 0:
            return []
        scores = self.scores(state)
        return [seat for seat in (0, 1) if scores[seat] == max(scores)]

    @staticmethod
    def _by_seat(state: SargState, queen_value: Any, king_value: Any) -> list[Any]:
        return [queen_value, king_value] if state.queen == 0 else [king_value, queen_value]

    # -- what a seat sees ------------------------------------------------------------------

    def view(self, state: SargState, seat: int | None) -> View:
        """Public facts plus the viewer's own hand; never the other hand or the stack order."""
        over = state.turn < 0
        own = seat in (0, 1) and not over
        grid = state.grid if not over else state.last_grid
        return {
            "game": self.name,
            "seat": seat,
            "players": 2,
            "to_act": self.to_act(state),
            "is_over": over,
            "scores": self.scores(state),
            "winners": self.winners(state),
            "events": [event_dict(entry) for entry in state.log],
            "events_total": state.log_total,
            "hand": list(state.hands[seat]) if own else [],
            "hand_sizes": [len(hand) for hand in state.hands],
            "grid": [[grid[3 * r + c] for c in range(3)] for r in range(3)],
            "open_cells": [] if over else [[i // 3, i % 3] for i in OPEN_BY_MASK[state.filled]],
            "roles": {"queen": state.queen, "king": 1 - state.queen},
            "round": state.round,
            "rounds_in_game": None if state.to_1000 else ROUNDS_PER_DECK,
            "to_1000": state.to_1000,
            "dealer": state.dealer,
            "round_scores": _round_dicts(state.rounds),
            "totals": self.totals(state),
            "stack": len(state.stack),
            "seen": list(state.seen),
            "last_round": _last_round(state.last_grid) if state.last_grid is not None else None,
            "result": self.result(state),
        }

    # -- persistence -----------------------------------------------------------------------

    def to_json(self, state: SargState) -> dict[str, Any]:
        return {
            "seed": state.seed,
            "queen": state.queen,
            "to_1000": state.to_1000,
            "shuffles": state.shuffles,
            "stack": list(state.stack),
            "dealer": state.dealer,
            "round": state.round,
            "hands": [list(hand) for hand in state.hands],
            "grid": list(state.grid),
            "turn": state.turn,
            "seen": list(state.seen),
            "rounds": [list(r) for r in state.rounds],
            "last_grid": None if state.last_grid is None else list(state.last_grid),
            "log": [list(entry) for entry in state.log],
            "log_total": state.log_total,
        }

    def from_json(self, data: dict[str, Any]) -> SargState:
        try:
            state = SargState(
                seed=data["seed"],
                queen=data["queen"],
                to_1000=data["to_1000"],
                shuffles=data["shuffles"],
                stack=tuple(data["stack"]),
                dealer=data["dealer"],
                round=data["round"],
                hands=(tuple(data["hands"][0]), tuple(data["hands"][1])),
                grid=tuple(data["grid"]),
                turn=data["turn"],
                seen=tuple(data["seen"]),
                rounds=tuple((q, k) for q, k in data["rounds"]),
                last_grid=None if data["last_grid"] is None else tuple(data["last_grid"]),
                log=tuple(tuple(entry) for entry in data["log"]),
                # a game saved before the count: the events it kept
                log_total=data.get("log_total", len(data["log"])),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"Not a saved Sarg game: {exc!r}") from None
        return state


def _square(flat: Sequence[str]) -> list[list[str]]:
    return [list(flat[3 * r : 3 * r + 3]) for r in range(3)]


@lru_cache(maxsize=512)
def _last_round(last_grid: tuple[str, ...]) -> dict[str, Any]:
    """The last square's score, worked out once: every view of every seat until the next
    round ends shows it. Shared between those views, which only read it."""
    return score_round(_square(last_grid))


ENGINE = SargEngine()
