"""What drawing the table's live frame costs a seat, in process, for every game.

Run: .venv/bin/python bench/frame_draw.py [--moves 150] [--repeat 5] [--language en|de]

Plays random games of each game of ``bench/online.py`` (the same deals on every run, as
``bench/fragments_digest.py``) and at each version, for every seat, builds the seat's context
(``rendering.table_context``) and draws the frame from it as the sockets do (out of band:
the banner, the clock, the seats, the board, the actions and the log), ``--repeat`` times,
keeping the least CPU time: the drawing alone, steadier than a whole move on a machine
shared with other work; the seat's board alone the same way (from the engine that has its
template). Prints the median ms a seat per game, and the frame's without the board.
Copied into a tree of the code before a change and run there too, it compares the two
(bench/README.md, "The table's frame in Jinja2").
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import tempfile
import time
from types import SimpleNamespace

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_parts import no_group_messages, random_play, setup_django  # noqa: E402
from bench.online import GAMES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=150, help="moves per game")
    parser.add_argument("--repeat", type=int, default=5, help="drawings kept the least of")
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sarco-frame-") as workdir:
        setup_django(workdir, False)
        from django.utils import translation

        translation.activate(args.language)
        medians = {game: run(game, args.moves, args.repeat) for game in GAMES}
    print(f"{args.language}: median CPU ms a seat, each the least of {args.repeat} drawings")
    print(f"{'game':12} {'frame':>7} {'board':>7} {'frame without the board':>24}")
    for game, median in medians.items():
        rest = median["frame"] - median["board"]
        print(f"{game:12} {median['frame']:>7.3f} {median['board']:>7.3f} {rest:>24.3f}")


def run(game: str, moves: int, repeat: int) -> dict[str, float]:
    from django.contrib.auth import get_user_model

    from games import rendering, tables
    from games.models import Table

    no_group_messages()
    rng = random.Random(7)
    tables.secrets = SimpleNamespace(randbits=random.Random(rng.random()).getrandbits)
    people = [
        get_user_model().objects.create_user(f"{game}-{n}", password="pw-frame-12345")
        for n in range(GAMES[game][0])
    ]
    frame = _template("games/_table_live.html")
    figures: dict[str, list[float]] = {"frame": [], "board": []}
    for table in random_play(game, people, rng, moves, options=GAMES[game][1]):
        table = Table.objects.with_seats().get(pk=table.pk)
        for position, person in enumerate(people):
            context = rendering.table_context(table, position, user=person)
            context["oob"] = True
            board = _template(context["board"]["template"])
            figures["frame"].append(_least(repeat, frame.render, context))
            figures["board"].append(_least(repeat, board.render, context))
    return {name: statistics.median(values) for name, values in figures.items()}


def _least(repeat: int, draw, context) -> float:
    best = None
    for _ in range(repeat):
        started = time.thread_time()
        draw(context)
        spent = 1000 * (time.thread_time() - started)
        best = spent if best is None else min(best, spent)
    return best


def _template(name: str):
    """``name`` from the engine that has it, Jinja2's first (the frame and Sarg's board since
    they moved; Sarg's Django board before is a bridge to the Jinja2 one)."""
    from django.template import TemplateDoesNotExist, engines

    for alias in ("jinja2", "django"):
        try:
            return engines[alias].get_template(name)
        except TemplateDoesNotExist:
            continue
    raise TemplateDoesNotExist(name)


if __name__ == "__main__":
    main()
