"""Search bot strength: one search seat against heuristic seats, the search seat rotated.

    nice -n 19 .venv/bin/python bench/search_strength.py sarkophag --players 4 --games 1000 \
        --iterations 400
    nice -n 19 .venv/bin/python bench/search_strength.py sarcophagus --players 3 --games 1000 \
        --iterations 24

Game i puts the search bot at seat ``i % players`` (so every seat gets the same share) and
uses seed ``seed + i``. Prints the search seat's average score against the average heuristic
seat's, its win share, and the milliseconds per search move. With ``--iterations`` and no
``--budget`` every move is a fixed amount of work (deterministic; the figures do not depend
on the machine's load, only the ms per move do). A measurement, not a test: run it niced.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import get_bot
from games.bots.search import SearchBot
from games.engines import get_engine


class Timed:
    """Wraps a bot to count its moves and the seconds it spent choosing them."""

    def __init__(self, bot):
        self.bot, self.name = bot, bot.name
        self.moves, self.seconds = 0, 0.0

    def choose(self, engine, state, seat, rng):
        started = time.perf_counter()
        move = self.bot.choose(engine, state, seat, rng)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=200, help="cap per move (200)")
    parser.add_argument("--budget", type=float, default=None, help="seconds per move (none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="heuristic")
    args = parser.parse_args()

    engine = get_engine(args.game)
    n = args.players
    search = Timed(SearchBot(args.game, budget=args.budget, iterations=args.iterations))
    others = [get_bot(args.game, args.opponent) for _ in range(n)]
    mine = theirs = wins = rounds = 0.0
    started = time.perf_counter()
    for i in range(args.games):
        seat = i % n
        bots = [search if s == seat else others[s] for s in range(n)]
        search.bot.memory.clear()  # a new game: nothing remembered from the last one
        rng = random.Random(args.seed + i)
        state = engine.new_game(n, args.seed + i)
        while not engine.is_over(state):
            for s in engine.to_act(state):
                state = engine.apply(state, s, bots[s].choose(engine, state, s, rng))
        scores = engine.scores(state)
        winners = engine.winners(state)
        mine += scores[seat]
        theirs += sum(scores) - scores[seat]
        wins += 1 / len(winners) if seat in winners else 0
        rounds += getattr(state, "round", 1)
        if (i + 1) % max(1, args.games // 10) == 0:
            done = i + 1
            print(
                f"  {done} games, {time.perf_counter() - started:.0f}s: search "
                f"{mine / done:.2f}, {args.opponent} {theirs / done / (n - 1):.2f}, ratio "
                f"{mine / theirs * (n - 1):.3f}, "
                f"{search.seconds / search.moves * 1000:.0f} ms/move",
                file=sys.stderr,
                flush=True,
            )
    games = args.games
    own = mine / games
    rival = theirs / games / (n - 1)
    print(
        f"{args.game}: {games} games, {n} seats, search seat rotated, seed {args.seed}, "
        f"{args.iterations} iterations" + (f", budget {args.budget}s" if args.budget else "")
    )
    several = rounds != games  # games of several rounds (Sarkophag with a head limit)
    own_round = f" (per round {mine / rounds:.2f})" if several else ""
    rival_round = f" (per round {theirs / rounds / (n - 1):.2f})" if several else ""
    print(f"search seat   average score {own:.2f}{own_round}")
    print(f"{args.opponent:<13} average score {rival:.2f}{rival_round}")
    print(f"search / {args.opponent}: {own / rival:.3f} ({own / rival - 1:+.1%})")
    print(f"search wins {wins / games:.1%} (an even share: {1 / n:.1%})")
    print(
        f"{search.seconds / search.moves * 1000:.1f} ms per search move over {search.moves} moves,"
        f" {time.perf_counter() - started:.0f}s in all"
    )


if __name__ == "__main__":
    main()
