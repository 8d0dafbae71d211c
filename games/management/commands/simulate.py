"""`manage.py simulate GAME`: bots play many games; prints per-seat results and speed."""

from __future__ import annotations

import random
import time

from django.core.management.base import BaseCommand, CommandError

from games.bots import BOT_KINDS, get_bot
from games.engines import GAME_NAMES, get_engine
from games.progress import ProgressBar
from games.simulation import play_game


class Command(BaseCommand):
    help = "Let bots play many games of one game and report each seat's results."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=GAME_NAMES)
        parser.add_argument("--games", type=int, default=1000, help="how many games (1000)")
        parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
        parser.add_argument(
            "--bots",
            default="",
            help=f"comma-separated bot kind per seat ({', '.join(BOT_KINDS)}, search:N for "
            "the search bot capped at N iterations with no clock); default all random",
        )
        parser.add_argument("--seed", type=int, default=1, help="first game's seed (1)")
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a game option, e.g. --option limit=100 (integers are read as integers)",
        )

    def handle(self, *args, **opts):
        engine = get_engine(opts["game"])
        players = opts["players"] or engine.min_players
        if not engine.min_players <= players <= engine.max_players:
            raise CommandError(
                f"{engine.name} seats {engine.min_players} to {engine.max_players} players."
            )
        kinds = [k.strip() for k in opts["bots"].split(",") if k.strip()] or ["random"] * players
        if len(kinds) != players:
            raise CommandError(f"--bots names {len(kinds)} bots for {players} seats.")
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1.")
        try:
            bots = [Timed(get_bot(engine.name, kind)) for kind in kinds]
        except (ValueError, ModuleNotFoundError, AttributeError) as exc:
            raise CommandError(str(exc)) from exc
        options = dict(_parse_option(o) for o in opts["option"])

        games = opts["games"]
        totals = [0] * players
        wins = [0.0] * players
        moves = 0
        rng = random.Random(opts["seed"])
        progress = ProgressBar(games, label=f"{engine.name}", stream=self.stderr._out)
        started = time.perf_counter()
        for i in range(games):
            result = play_game(engine, bots, opts["seed"] + i, rng, **options)
            moves += result.moves
            for seat, score in enumerate(result.scores):
                totals[seat] += score
            for seat in result.winners:
                wins[seat] += 1 / len(result.winners)  # a shared win counts as a share
            if i % 50 == 0:
                progress.update(i)
        progress.finish()
        elapsed = time.perf_counter() - started

        self.stdout.write(f"{engine.name}: {games} games, {players} seats, seed {opts['seed']}")
        self.stdout.write(f"{'seat':>4}  {'bot':<12} {'avg score':>10} {'wins':>8} {'ms/move':>8}")
        for seat in range(players):
            self.stdout.write(
                f"{seat:>4}  {kinds[seat]:<12} {totals[seat] / games:>10.2f} "
                f"{wins[seat] / games:>8.1%} {bots[seat].ms_per_move():>8.2f}"
            )
        self.stdout.write(
            f"{games / elapsed:,.0f} playouts/s, {moves / elapsed:,.0f} moves/s "
            f"({elapsed:.1f}s in all; wins split evenly when shared)"
        )


class Timed:
    """A bot that also counts its decisions and the time they took (ms per move)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.calls = 0

    def choose(self, engine, state, seat, rng):
        started = time.perf_counter()
        move = self.bot.choose(engine, state, seat, rng)
        self.seconds += time.perf_counter() - started
        self.calls += 1
        return move

    def ms_per_move(self) -> float:
        return 1000 * self.seconds / self.calls if self.calls else 0.0


def _parse_option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise CommandError(f"--option wants KEY=VALUE, got {text!r}")
    if value.lstrip("-").isdigit():
        return key, int(value)
    if value.lower() in {"true", "false"}:
        return key, value.lower() == "true"
    return key, value
