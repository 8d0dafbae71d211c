"""Django templates against Jinja2 for the live fragments every viewer shares (Sarg's parts).

Run: PYTHONPATH=<a folder holding jinja2 and markupsafe> .venv/bin/python bench/jinja_parts.py
[--moves 300] [--language en|de]

Jinja2 is not one of sarco's dependencies; this measures whether it would pay. It plays random
Sarg games in process (as ``bench/move_parts.py``), and at each version draws the shared
parts (``games.shared_parts.PARTS``: head, roles, coffin, rounds, log) from the spectator's
board once with Django's templates and once with the same markup written for Jinja2
(``bench/jinja/``) through Django's own Jinja2 backend (autoescape on, translations through
Django's gettext, the card face from the same ``pieces.card``), the board's lazy values
worked out beforehand for both. It prints the median CPU ms
per version of each, and per part how many versions came out identical (whitespace squeezed;
the rounds' explanation of the last square is not ported, so ``tail`` differs once a round
has ended).
"""

from __future__ import annotations

import argparse
import pathlib
import random
import re
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_parts import setup_django  # noqa: E402

PARTS = ("head", "roles", "coffin", "tail", "events")  # round_end: its square is not ported


def jinja_engine():
    from django.template.backends.jinja2 import Jinja2
    from django.utils import translation

    from games.templatetags.pieces import card

    engine = Jinja2(
        {
            "NAME": "jinja-bench",
            "DIRS": [str(ROOT / "bench" / "jinja")],
            "APP_DIRS": False,
            "OPTIONS": {"autoescape": True, "extensions": ["jinja2.ext.i18n"]},
        }
    )
    engine.env.install_gettext_callables(translation.gettext, translation.ngettext, newstyle=True)
    engine.env.globals["card"] = card
    return engine


def squeezed(html: str) -> str:
    return re.sub(r"\s+", " ", html).strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sarco-jinja-") as workdir:
        setup_django(workdir, False)
        run(args.moves, args.language)


def run(moves: int, language: str) -> None:
    from django.contrib.auth import get_user_model
    from django.template.loader import get_template
    from django.utils import translation

    from games import tables
    from games.boards import board_context
    from games.boards.common import Lazy
    from games.labels import seat_names
    from games.models import Table
    from games.shared_parts import PARTS as TEMPLATES

    tables._send = lambda group, message: None
    jinja = jinja_engine()
    django_parts = {name: get_template(TEMPLATES["sarg"][name]) for name in PARTS}
    jinja_parts = {name: jinja.get_template(TEMPLATES["sarg"][name]) for name in PARTS}
    people = [
        get_user_model().objects.create_user(f"j{n}", password="pw-jinja-12345") for n in (0, 1)
    ]
    rng = random.Random(1)
    django_ms, jinja_ms = [], []
    same = dict.fromkeys(PARTS, 0)
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
        if table.status != "playing":
            continue
        names = seat_names(list(table.seats.all()))
        board = board_context("sarg", table.engine.view(table.state(), None), [], names)
        board = {k: v() if isinstance(v, Lazy) else v for k, v in board.items()}  # not timed
        context = {"board": board, "version": table.version}
        drawn = {}
        for engine, parts, figures in (
            ("django", django_parts, django_ms),
            ("jinja", jinja_parts, jinja_ms),
        ):
            started = time.thread_time()
            drawn[engine] = [parts[name].render(context) for name in PARTS]
            figures.append(1000 * (time.thread_time() - started))
        for name, mine, theirs in zip(PARTS, drawn["django"], drawn["jinja"], strict=True):
            same[name] += squeezed(mine) == squeezed(theirs)
    d, j = statistics.median(django_ms), statistics.median(jinja_ms)
    print(f"{language}: {len(django_ms)} versions; parts {', '.join(PARTS)}")
    print(f"django {d:.3f} ms  jinja2 {j:.3f} ms  (median CPU per version; {d / j:.1f}x)")
    print(f"identical markup, versions of {len(django_ms)}: {same}")


if __name__ == "__main__":
    main()
