"""What one online move costs sarco's own code, in process, part by part, for every game.

Run: .venv/bin/python bench/move_parts.py [--moves 300] [--seed 1] [--clock wall|cpu]
[--postgres] [--watchers N]

No server and no sockets (``bench/floor.py`` measures those): on a fresh SQLite database (a
fresh PostgreSQL database on the benchmark's server with ``--postgres``) it
plays ``--moves`` random legal moves per game through ``games.tables.play`` as the seated
users, and after each move times, for every seat, what the socket would push it:

- ``play``: ``tables.play`` (the reads, the engine, the write, the commit, and at the
  commit the parts every viewer shares, drawn for the move's message; not the group
  message itself, which a server hands to its event loop without waiting and which here,
  with no loop running, would start one a move: ``no_group_messages``);
- ``context``: ``rendering.table_context``, the template's data from ``engine.view``;
- ``template``: rendering ``games/_table_live.html`` from that context;
- ``json``: ``json.dumps`` of the same seat's ``engine.view`` and legal moves, what a
  client that draws the board itself would be sent instead (issue 16's "what would close
  the gap");
- ``fragments``: ``rendering.table_fragments`` for every seat in turn, what the sockets
  really send (what the seats share drawn once a version), per seat and per move.

It prints medians in ms and the median size of each seat's HTML and JSON in bytes. ``--clock
cpu`` times the thread's CPU instead of the wall clock: steadier on a machine shared with
other work, but blind to waits (PostgreSQL's own work and its round trips count only on the
wall clock).
Then the ``fragments`` figures: per seat (the seat to move and the others apart) and per
move (all seats and ``--watchers`` signed-in spectators together).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.online import GAMES, PG_SERVER, PRODUCTION, _psql  # noqa: E402  (its seats, settings)

PARTS_DB = f"sarco_parts_{os.getpid()}"


def setup_django(workdir: str, postgres: bool) -> None:
    """Django as ``bench/online.py`` runs its servers (DEBUG off), on a new database."""
    os.environ.update(
        PRODUCTION,
        DJANGO_SETTINGS_MODULE="sarco.settings",
        SQLITE_PATH=str(pathlib.Path(workdir) / "parts.sqlite3"),
        SARCO_BOT_RUNNER="false",
    )
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    if postgres:
        _psql(f"CREATE DATABASE {PARTS_DB}")
        os.environ["DATABASE_URL"] = f"{PG_SERVER}/{PARTS_DB}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


@contextlib.contextmanager
def django_set_up(postgres: bool, prefix: str = "sarco-parts-") -> Iterator[None]:
    """``setup_django`` on a new working directory; on PostgreSQL its database dropped after,
    also after a failure."""
    try:
        with tempfile.TemporaryDirectory(prefix=prefix) as workdir:
            setup_django(workdir, postgres)
            yield
    finally:
        if postgres:
            from django.db import connections

            connections.close_all()
            _psql(f"DROP DATABASE IF EXISTS {PARTS_DB} WITH (FORCE)")


def no_group_messages() -> None:
    """The moves' group messages dropped: a server hands them to its event loop without
    waiting; here, with no loop running, each would start one in a thread of its own and be
    timed as part of the move."""
    from games import move_news

    move_news._send = lambda group, message: None


CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
clock = time.perf_counter  # ``--clock cpu``: this thread's CPU time, steadier on a shared machine


def timed(function, *args, **kwargs):
    started = clock()
    result = function(*args, **kwargs)
    return result, 1000 * (clock() - started)


def random_play(game, people, rng: random.Random, moves: int, options=None, play=None):
    """The table after each of ``moves`` random legal moves by ``people`` (a new table as each
    game ends; ``play`` stands in for ``tables.play``, e.g. to time it)."""
    from games import tables

    play = play or tables.play
    table = None
    for _ in range(moves):
        if table is None or table.status != "playing":
            table = tables.open_table(game, people[0], seats=len(people), options=options)
            for person in people[1:]:
                tables.take_seat(table, person)
            table = tables.start(table, people[0])
        state = table.state()
        seat = rng.choice(table.engine.to_act(state))
        move = rng.choice(table.engine.legal_moves(state, seat))
        table = play(table, people[seat], move, table.version)
        yield table


def measure(game: str, moves: int, rng: random.Random, watchers: int = 0) -> dict[str, list[float]]:
    """Play ``moves`` random moves of ``game`` (new tables as games end); the figures."""
    from django.contrib.auth import get_user_model
    from django.template.loader import render_to_string

    from games import rendering, tables
    from games.models import Table

    no_group_messages()  # see the docstring: ``play``

    people = [
        get_user_model().objects.create_user(f"{game}-{n}", password="pw-parts-12345")
        for n in range(GAMES[game][0])
    ]
    watching = [
        get_user_model().objects.create_user(f"{game}-watcher-{n}", password="pw-parts-12345")
        for n in range(watchers)
    ]
    figures: dict[str, list[float]] = {
        k: []
        for k in (
            *("play", "context", "template", "json", "html bytes", "json bytes"),
            *("mover ms", "other ms", "mover bytes", "other bytes", "move ms", "move bytes"),
            *("watcher ms", "watcher bytes"),
        )
    }

    def timed_play(*args):
        table, ms = timed(tables.play, *args)
        figures["play"].append(ms)
        return table

    for table in random_play(game, people, rng, moves, play=timed_play):
        table = Table.objects.with_seats().get(pk=table.pk)
        state = table.state()
        to_act = table.engine.to_act(state)
        total_ms = total_bytes = 0.0
        for position, person in enumerate(people):
            html, ms = timed(rendering.table_fragments, table, position, user=person)
            size = len(html.encode())
            who = "mover" if position in to_act else "other"
            figures[f"{who} ms"].append(ms)
            figures[f"{who} bytes"].append(size)
            total_ms += ms
            total_bytes += size
        for person in watching:
            html, ms = timed(rendering.table_fragments, table, None, user=person)
            figures["watcher ms"].append(ms)
            figures["watcher bytes"].append(len(html.encode()))
            total_ms += ms
            total_bytes += len(html.encode())
        figures["move ms"].append(total_ms)
        figures["move bytes"].append(total_bytes)
        for position, person in enumerate(people):
            context, ms = timed(rendering.table_context, table, position, user=person)
            figures["context"].append(ms)
            context["oob"] = True
            html, ms = timed(render_to_string, "games/_table_live.html", context)
            figures["template"].append(ms)
            engine = table.engine
            data = {
                "version": table.version,
                "view": engine.view(state, position),
                "moves": engine.legal_moves(state, position)
                if position in engine.to_act(state)
                else [],
            }
            text, ms = timed(json.dumps, data)
            figures["json"].append(ms)
            figures["html bytes"].append(len(html.encode()))
            figures["json bytes"].append(len(text.encode()))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300, help="moves per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL, not SQLite")
    parser.add_argument(
        "--watchers", type=int, default=0, help="signed-in spectators per table (in 'move')"
    )
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    rng = random.Random(args.seed)
    with django_set_up(args.postgres):
        report(args.moves, rng, args.watchers)


def report(moves: int, rng: random.Random, watchers: int) -> None:
    """One line of medians per game, then what the sockets send per seat and per move."""
    print(
        f"{'game':12} {'seats':>5} {'play ms':>8} {'context ms':>10} {'template ms':>11}"
        f" {'json ms':>8} {'html B':>7} {'json B':>7}   (medians; per seat but play)"
    )
    medians = {}
    for game, (seats, _options) in GAMES.items():
        figures = measure(game, moves, rng, watchers)
        median = {k: statistics.median(v) if v else 0.0 for k, v in figures.items()}
        medians[game] = median
        print(
            f"{game:12} {seats:>5} {median['play']:>8.2f} {median['context']:>10.2f}"
            f" {median['template']:>11.2f} {median['json']:>8.3f}"
            f" {median['html bytes']:>7.0f} {median['json bytes']:>7.0f}"
        )
    print(
        f"\n{'fragments':12} {'mover ms':>8} {'other ms':>8} {'mover B':>8} {'other B':>8}"
        f" {'move ms':>8} {'move B':>7} {'watch ms':>8}"
        "   (table_fragments, medians; move = all seats and watchers)"
    )
    for game, median in medians.items():
        print(
            f"{game:12} {median['mover ms']:>8.2f} {median['other ms']:>8.2f}"
            f" {median['mover bytes']:>8.0f} {median['other bytes']:>8.0f}"
            f" {median['move ms']:>8.2f} {median['move bytes']:>7.0f}"
            f" {median['watcher ms']:>8.2f}"
        )


if __name__ == "__main__":
    main()
