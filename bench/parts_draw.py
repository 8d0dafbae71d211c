"""What drawing Sarg's shared parts costs a version (``games.shared_parts``), in process.

Run: .venv/bin/python bench/parts_draw.py [--moves 300] [--language en|de]

Plays random two-seat Sarg games (as ``bench/move_parts.py``) and at each version draws the
parts every viewer shares (head, round end, coffin, roles, rounds, log) from the spectator's
board, as the move's process does (``shared_parts._draw``, no cache asked), and prints the
median CPU ms a version. Copied into a tree of the code before a change and run there too, it
compares the two: it measured Django's templates against Jinja2 for these parts
(bench/README.md, "Sarg's shared parts in Jinja2").
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import tempfile
import time
from functools import partial

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_parts import no_group_messages, setup_django  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sarco-parts-") as workdir:
        setup_django(workdir, False)
        run(args.moves, args.language)


def run(moves: int, language: str) -> None:
    from django.contrib.auth import get_user_model
    from django.utils import translation

    from games import shared_parts, tables
    from games.labels import seat_names
    from games.models import Table

    no_group_messages()
    people = [
        get_user_model().objects.create_user(f"p{n}", password="pw-parts-12345") for n in (0, 1)
    ]
    rng = random.Random(1)
    figures = []
    table = None
    translation.activate(language)
    for _ in range(moves):
        if table is None or table.status != "playing":
            table = tables.open_table("sarg", people[0], seats=2)
            tables.take_seat(table, people[1])
            table = tables.start(table, people[0])
        table = Table.objects.with_seats().get(pk=table.pk)
        state = table.state()
        seat = rng.choice(table.engine.to_act(state))
        move = rng.choice(table.engine.legal_moves(state, seat))
        table = tables.play(table, people[seat], move, table.version)
        state = table.state()
        names = seat_names(list(table.seats.all()))
        templates = shared_parts.PARTS["sarg"]
        started = time.thread_time()
        shared_parts._draw(table, templates, names, partial(table.engine.view, state, None))
        figures.append(1000 * (time.thread_time() - started))
    print(
        f"{language}: {len(figures)} versions, median {statistics.median(figures):.3f} ms "
        "CPU a version (the spectator's board and every shared part)"
    )


if __name__ == "__main__":
    main()
