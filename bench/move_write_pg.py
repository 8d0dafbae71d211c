"""What a move's write costs PostgreSQL itself, with the move's parameters bound on the server
(as ``games.move_writes`` sends them) against bound into the statement by psycopg (Django's
default cursor), in the same run.

    .venv/bin/python bench/move_write_pg.py [--game sarg] [--moves 1500] [--rounds 3]

Plays random moves in process through ``tables.play`` on a new PostgreSQL database, in rounds
that alternate the two cursors, and prints per move the CPU of the PostgreSQL backend serving
the connection (user and system, from ``/proc/<pid>/stat``: the machine's other load is not in
it, so it holds on a busy machine better than wall time) and of this process. Needs the
PostgreSQL server on this machine (``SARCO_BENCH_POSTGRES``, as ``bench/online.py``). A game's
last move is played under the lock with more statements; both cursors meet about as many.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine_cpu import process_seconds  # noqa: E402
from bench.move_parts import django_set_up, no_group_messages, random_play  # noqa: E402
from bench.online import GAMES  # noqa: E402


def backend_cpu(pid: int) -> tuple[float, float]:
    """The backend's user and system CPU seconds so far."""
    _, user, system = process_seconds(pathlib.Path(f"/proc/{pid}/stat"))
    return user, system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="sarg", choices=sorted(GAMES))
    parser.add_argument("--moves", type=int, default=1500, help="moves per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each cursor")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with django_set_up(postgres=True, prefix="sarco-write-"):
        figures = measure(args.game, args.moves, args.rounds, random.Random(args.seed))
    print(f"{args.game}: {args.moves} moves a round, {args.rounds} rounds of each cursor")
    print(f"{'parameters':22} {'backend user us':>16} {'backend sys us':>15} {'process us':>11}")
    for name, rows in figures.items():
        for row in rows:
            print(f"{name:22} {row[0]:16.1f} {row[1]:15.1f} {row[2]:11.1f}")
        user, system, process = (statistics.median(column) for column in zip(*rows, strict=True))
        print(f"{name + ' (median)':22} {user:16.1f} {system:15.1f} {process:11.1f}")


def measure(game: str, moves: int, rounds: int, rng: random.Random) -> dict[str, list]:
    from django.contrib.auth import get_user_model
    from django.db import connection

    no_group_messages()
    people = [
        get_user_model().objects.create_user(f"{game}-w{n}", password="pw-write-12345")
        for n in range(GAMES[game][0])
    ]
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    on_server = connection.server_binding_cursor
    figures: dict[str, list] = {"on server": [], "in statement": []}
    played = random_play(game, people, rng, moves * (2 * rounds + 1), options=GAMES[game][1])
    for _ in range(moves):  # warm: the caches, the tables' pages, the connection
        next(played)
    for _ in range(rounds):
        for name in figures:
            chosen = on_server if name == "on server" else connection.cursor
            connection.server_binding_cursor = chosen  # what games.move_writes asks for
            before, started = backend_cpu(pid), time.process_time()
            for _ in range(moves):
                next(played)
            after, spent = backend_cpu(pid), time.process_time() - started
            per_move = [1e6 * (a - b) / moves for a, b in zip(after, before, strict=True)]
            figures[name].append((*per_move, 1e6 * spent / moves))
    connection.server_binding_cursor = on_server
    return figures


if __name__ == "__main__":
    main()
