"""What a whole online move costs in process, counted in instructions rather than seconds.

Run: .venv/bin/python bench/move_instructions.py [--game sarg] [--moves 150] [--warm 400]
[--ends N] [--postgres]

The CPU time of the same moves swings by a third from run to run on a shared machine; the
instructions callgrind counts stay within a fraction of a percent, so a change of a few
percent shows in one run of each tree (run it in the tree before a change too, or in a
``git worktree`` of it). It re-runs itself under ``valgrind --tool=callgrind`` with counting
off, plays ``--warm`` random moves of ``--game`` (the same deals on every run, as
``bench/fragments_digest.py``) to fill the process's caches as a server's are, then counts
``--moves`` more, each as a server makes it with a socket for every seat in the process
(``games.local_viewers``): ``tables.play`` with the shared parts and every seat's frame
drawn ahead, and the mover's answer looked up. Not the socket, daphne or the event loop
(``bench/online.py`` measures those). Prints the instructions a move, in millions. A game's
end (its session recorded and rated) falls in the counted moves as it falls.
``--ends N`` counts only the moves that end a game (its session recorded and rated), the
first ``N`` after the warm-up, and prints the instructions a game's end. ``--postgres``
plays on a new PostgreSQL database (``bench/online.py``'s server) instead of SQLite: the
server process's side of the write (the driver, the connection), not PostgreSQL's own work.
About a minute a run; needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import re
import subprocess
import sys
import tempfile
from types import SimpleNamespace

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_parts import django_set_up, random_play  # noqa: E402
from bench.online import GAMES  # noqa: E402

UNDER_VALGRIND = "SARCO_UNDER_CALLGRIND"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="sarg")
    parser.add_argument("--moves", type=int, default=150, help="moves counted")
    parser.add_argument("--warm", type=int, default=400, help="moves played before counting")
    parser.add_argument("--ends", type=int, default=0, help="count only N games' last moves")
    parser.add_argument("--postgres", action="store_true", help="on PostgreSQL, not SQLite")
    args = parser.parse_args()
    if os.environ.get(UNDER_VALGRIND):
        play_counted(args.game, args.moves, args.warm, args.ends, args.postgres)
        return
    with tempfile.TemporaryDirectory(prefix="sarco-instructions-") as workdir:
        out = pathlib.Path(workdir) / "callgrind.out"
        command = [
            *("valgrind", "--tool=callgrind", "--instr-atstart=no"),
            f"--callgrind-out-file={out}",
            *(sys.executable, __file__, "--game", args.game),
            *("--moves", str(args.moves), "--warm", str(args.warm), "--ends", str(args.ends)),
            *(["--postgres"] if args.postgres else []),
        ]
        done = subprocess.run(
            command, env={**os.environ, UNDER_VALGRIND: "1"}, capture_output=True, text=True
        )
    counted = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or counted is None:
        sys.exit(f"callgrind failed ({done.returncode}):\n{done.stderr[-2000:]}")
    if args.ends:
        per_end = int(counted.group(1)) / args.ends / 1e6
        print(f"{args.game}: {per_end:.2f} M instructions a game's end ({args.ends} counted)")
        return
    per_move = int(counted.group(1)) / args.moves / 1e6
    print(f"{args.game}: {per_move:.2f} M instructions a move ({args.moves} moves counted)")


def play_counted(game: str, moves: int, warm: int, ends: int, postgres: bool) -> None:
    """Under callgrind: warm up, then count ``moves`` moves, or with ``ends`` only that many
    games' last moves (``callgrind_control`` turns the counting on and off for this
    process)."""
    with django_set_up(postgres, prefix="sarco-instructions-db-"):
        play_all(game, moves, warm, ends)


def play_all(game: str, moves: int, warm: int, ends: int) -> None:
    """Warm up, then count (see ``play_counted``)."""
    from django.contrib.auth import get_user_model

    from games import move_news

    move_news._send = lambda group, message: None  # no event loop here: see move_parts
    people = [
        get_user_model().objects.create_user(f"{game}-{n}", password="pw-count-12345")
        for n in range(GAMES[game][0])
    ]
    play = as_a_server_plays(people)
    for _ in random_play(game, people, random.Random(1), warm, play=play):
        pass
    if ends:
        count_ends(game, people, play, ends)
        return
    counting("on")
    for _ in random_play(game, people, random.Random(2), moves, play=play):
        pass
    counting("off")


def count_ends(game: str, people, play, ends: int) -> None:
    """Play on, counting only each move that ends its game, until ``ends`` were counted."""
    counted = 0

    def play_counting_ends(table, person, move, version):
        nonlocal counted
        engine, seat = table.engine, people.index(person)
        if not engine.is_over(engine.apply(table.state(), seat, move)):
            return play(table, person, move, version)
        counting("on")
        played = play(table, person, move, version)
        counting("off")
        counted += 1
        return played

    for _ in random_play(game, people, random.Random(2), 10**9, play=play_counting_ends):
        if counted >= ends:
            return


def as_a_server_plays(people):
    """``tables.play`` with a socket of every seat's person held in this process (each has
    drawn a view before, so the move's writer draws its next one ahead), and the mover's
    answer looked up as the mover's socket looks it up."""
    from games import local_viewers, rendering, tables

    def play(table, person, move, version):
        key = table.public_id.hex
        if not local_viewers.held(key):
            for position, someone in enumerate(people):
                socket = SimpleNamespace(
                    scope={"user": someone, "language": "en"}, last_key=("seat", position)
                )
                local_viewers.add(key, socket)
        played = tables.play(table, person, move, version)
        rendering.table_fragments(played, rendering.viewer_seat(played, person), user=person)
        return played

    return play


def counting(switch: str) -> None:
    subprocess.run(
        ["callgrind_control", f"--instr={switch}", str(os.getpid())],
        check=True,
        capture_output=True,
    )


if __name__ == "__main__":
    main()
