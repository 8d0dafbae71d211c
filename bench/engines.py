"""Random-playout speed of every engine: games/s and moves/s through the public protocol.

Run: .venv/bin/python bench/engines.py [--seconds 5] [--game NAME]
Prints figures; it is a measurement, not a test. Results are discussed in bench/README.md.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from games.bots import RandomBot
from games.engines import ENGINES
from games.simulation import play_game


def measure(name: str, players: int, seconds: float) -> tuple[int, int, float]:
    engine = ENGINES[name]
    bots = [RandomBot() for _ in range(players)]
    rng = random.Random(0)
    games = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        moves += play_game(engine, bots, seed=games, rng=rng).moves
        games += 1
    return games, moves, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine (5)")
    parser.add_argument("--game", choices=sorted(ENGINES), help="only this engine")
    args = parser.parse_args()
    print(f"{'engine':<12} {'seats':>5} {'games/s':>10} {'moves/s':>12}")
    for name, engine in ENGINES.items():
        if args.game and name != args.game:
            continue
        if not getattr(engine, "max_players", 0):
            print(f"{name:<12} not built yet")
            continue
        players = 4 if engine.min_players <= 4 <= engine.max_players else engine.min_players
        games, moves, elapsed = measure(name, players, args.seconds)
        print(f"{name:<12} {players:>5} {games / elapsed:>10,.0f} {moves / elapsed:>12,.0f}")


if __name__ == "__main__":
    main()
