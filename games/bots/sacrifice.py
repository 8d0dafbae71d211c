"""A heuristic Sacrifice bot: it sees only its own view, like a person at the table.

It buys the dearest card it can (keeping its aces, the best trick cards), plays for as many
tricks as it can (strongest card when revealing at once or leading, the cheapest winning card
when following), and sacrifices its highest-scoring cards without dropping below the seven
cards that S9 demands.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines import Engine, Move
from games.engines.sacrifice import BUY_VALUE, MIN_CARDS, SACRIFICE_POINTS, trick_strength


def altar_worth(card: str) -> int:
    """Points on the altar (S9); a trophy scores none there but still leaves the deck, which
    thins it of a card that hardly ever wins a trick, so it is worth a little."""
    return SACRIFICE_POINTS[card] or 1


class HeuristicBot:
    name = "heuristic"

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        view = engine.view(state, seat)
        moves = engine.legal_moves(state, seat)
        if view["phase"] == "buy":
            return max(moves, key=self._purchase_worth)
        if view["phase"] == "trick":
            return self._play(view, moves)
        return self._sacrifice(view, moves)

    @staticmethod
    def _purchase_worth(move: Move) -> int:
        """The bought card's value, less a lot for each ace spent; finishing is worth 0."""
        if "done" in move:
            return 0
        aces = sum(c[0] == "A" for c in move["spend"])
        return BUY_VALUE[move["buy"]] - 6 * aces

    @staticmethod
    def _play(view: dict[str, Any], moves: list[Move]) -> Move:
        trophy = view["trophy"]
        cards = sorted((m["play"] for m in moves), key=lambda c: trick_strength(c, trophy))
        lead = view["table"][1 - view["seat"]]
        if lead is None:  # revealing at once, or leading: play to win
            return {"play": cards[-1]}
        need = trick_strength(lead, trophy)
        winners = [c for c in cards if trick_strength(c, trophy) > need]
        return {"play": (winners or cards)[0]}

    @staticmethod
    def _sacrifice(view: dict[str, Any], moves: list[Move]) -> Move:
        """As many as allowed without falling below seven cards, the highest-scoring first."""
        pool = view["piles"][view["seat"]]["cards"]
        room = pool - MIN_CARDS if view["trophies_left"] else pool

        def worth(move: Move) -> tuple[int, int]:
            cards = move["sacrifice"]
            return min(room - len(cards), 0), sum(altar_worth(c) for c in cards)

        return max(moves, key=worth)
