"""The yardstick for the Sarkophag engine's speed: a minimal hand-written random playout.

It plays the same rules (K2 deal and lead, K3 leading, K4 following, K5 taker, one round)
with plain lists and no protocol, no copies, no validation, no views, then times the real
engine through ``bench/engines.py``'s path (``play_game`` with random bots) for comparison,
and a rule-free null engine through the same path: the cost of the protocol alone.
Issue #3's target: the engine within 2x of this loop.

Run: .venv/bin/python bench/sarkophag_minimal.py [--seconds 5] [--players 4]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from games.bots import RandomBot
from games.engines.sarkophag import ENGINE, HEADS
from games.simulation import play_game


def minimal_playout(rng: random.Random, players: int) -> tuple[list[int], int]:
    """One random round; returns the heads per seat and the number of cards played."""
    deck = list(range(1, 61))
    rng.shuffle(deck)
    hands = [deck[seat * 10 : seat * 10 + 10] for seat in range(players)]
    leader = (rng.randrange(players) + 1) % players
    taken = [0] * players
    for _ in range(10):
        trick: list[int] = []
        for offset in range(players):
            hand = hands[(leader + offset) % players]
            if not trick:
                allowed = [c for c in hand if HEADS[c] != 5] or hand
            elif len(trick) == 1:
                allowed = hand
            elif trick[1] < trick[0]:
                allowed = [c for c in hand if c < trick[0]] or hand
            else:
                allowed = [c for c in hand if c > trick[0]] or hand
            card = rng.choice(allowed)
            hand.remove(card)
            trick.append(card)
        first = trick[0]
        if trick[1] < first:
            pick = max(trick) if max(trick) > first else min(trick)
        else:
            pick = min(trick) if min(trick) < first else max(trick)
        leader = (leader + trick.index(pick)) % players
        taken[leader] += sum(HEADS[c] for c in trick)
    return taken, 10 * players


class NullEngine:
    """No rules at all: 40 moves of 10 choices each. Timing it through ``play_game`` shows
    the floor the protocol path itself costs (bot calls, move dicts, to_act lists)."""

    name = "null"

    def new_game(self, players: int, seed: int) -> list[int]:
        return [0, players]

    def is_over(self, state: list[int]) -> bool:
        return state[0] >= 10 * state[1]

    def to_act(self, state: list[int]) -> list[int]:
        return [state[0] % state[1]]

    def legal_moves(self, state: list[int], seat: int) -> list[dict[str, int]]:
        return [{"card": card} for card in range(10)]

    def apply(self, state: list[int], seat: int, move: dict[str, int]) -> list[int]:
        return [state[0] + 1, state[1]]

    def scores(self, state: list[int]) -> list[int]:
        return [0] * state[1]

    def winners(self, state: list[int]) -> list[int]:
        return [0]


def rate(play, seconds: float) -> tuple[float, float]:
    """Games/s and moves/s of ``play()`` (which returns a move count) over ``seconds``."""
    games = moves = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        moves += play()
        games += 1
    return games / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per loop (5)")
    parser.add_argument("--players", type=int, default=4, help="seats (4)")
    args = parser.parse_args()
    rng = random.Random(0)
    minimal = rate(lambda: minimal_playout(rng, args.players)[1], args.seconds)
    bots = [RandomBot() for _ in range(args.players)]
    seeds = iter(range(10**9))
    engine = rate(lambda: play_game(ENGINE, bots, seed=next(seeds), rng=rng).moves, args.seconds)
    null = rate(
        lambda: play_game(NullEngine(), bots, seed=next(seeds), rng=rng).moves, args.seconds
    )
    print(f"{'loop':<22} {'games/s':>10} {'moves/s':>12}")
    print(f"{'minimal hand-written':<22} {minimal[0]:>10,.0f} {minimal[1]:>12,.0f}")
    print(f"{'engine via protocol':<22} {engine[0]:>10,.0f} {engine[1]:>12,.0f}")
    print(f"{'null engine (floor)':<22} {null[0]:>10,.0f} {null[1]:>12,.0f}")
    print(f"engine / minimal: {engine[0] / minimal[0]:.2f} (target: 0.50 or more)")
    print(f"null engine / minimal: {null[0] / minimal[0]:.2f} (the protocol path alone)")


if __name__ == "__main__":
    main()
