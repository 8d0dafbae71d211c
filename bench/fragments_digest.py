"""Every live fragment of whole random games, as digests: the proof that a change to how the
boards are drawn leaves their markup byte for byte as it was.

Run: .venv/bin/python bench/fragments_digest.py OUT [--moves 400] [--seed 7] [--full]
[--games sarg,sacrifice]
then the same on the changed code and ``diff`` the two files (``--full`` writes the HTML
itself instead of its digest, to see what differs).

For each game of ``bench/online.py`` it plays ``--moves`` random legal moves (new tables as
games end, the same deals on every run) and, at every version, draws
``rendering.table_fragments`` for each seat (the host's among them), a signed-in spectator
and an anonymous visitor, in English and German, and the first seat's live part of the
table's page (``_table_live.html`` drawn as the page draws it, not out of band). One line
per drawing: game, move, viewer, language, digest.
"""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import random
import sys
import tempfile
from datetime import UTC, datetime
from types import SimpleNamespace

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_parts import no_group_messages, random_play, setup_django  # noqa: E402
from bench.online import GAMES  # noqa: E402

LANGUAGES = ("en", "de")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--moves", type=int, default=400, help="moves per game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--full", action="store_true", help="the HTML, not its digest")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sarco-digest-") as workdir:
        setup_django(workdir, postgres=False)
        with args.out.open("w") as out:
            for game in args.games.split(","):
                for line in drawings(game, args.moves, random.Random(args.seed), args.full):
                    out.write(line + "\n")


def drawings(game: str, moves: int, rng: random.Random, full: bool):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import AnonymousUser
    from django.template.loader import render_to_string
    from django.utils import translation

    from games import rendering, tables
    from games.models import Table

    no_group_messages()
    _fixed_presence()
    deals = random.Random(rng.random())  # the same deals on every run
    tables.secrets = SimpleNamespace(randbits=deals.getrandbits)
    users = get_user_model().objects
    people = [
        users.create_user(f"{game}-d{n}", password="pw-digest-123") for n in range(GAMES[game][0])
    ]
    watcher = users.create_user(f"{game}-dw", password="pw-digest-123")
    played = random_play(game, people, rng, moves, options=GAMES[game][1])
    for number, table in enumerate(played):
        table = Table.objects.with_seats().get(pk=table.pk)
        viewers = [*enumerate(people), (None, watcher), (None, AnonymousUser())]
        for language in LANGUAGES:
            with translation.override(language):
                for position, person in viewers:
                    who = f"seat{position}" if position is not None else person.username or "anon"
                    html = rendering.table_fragments(table, position, user=person)
                    yield _line(game, number, who, language, _same_ids(html, table), full)
                context = rendering.table_context(table, 0, user=people[0])
                page = render_to_string("games/_table_live.html", context)
                yield _line(game, number, "page", language, _same_ids(page, table), full)


def _fixed_presence() -> None:
    """The second seat away since noon on every run: the host's tools for it are drawn, at
    the same time whenever the run takes place."""
    from games import presence

    noon = datetime(2026, 1, 2, 12, tzinfo=UTC)
    since_text = presence.since_text
    presence.away_seats = lambda table, now=None: {1: noon} if table.status == "playing" else {}
    presence.since_text = lambda moment, now=None: since_text(moment, now=noon)


def _same_ids(html: str, table) -> str:
    """The table's and its score sheet's ids (new on every run) put out of the way."""
    html = html.replace(str(table.public_id), "TABLE").replace(table.public_id.hex, "TABLE")
    if table.session_id:
        html = html.replace(str(table.session.public_id), "SHEET")
    return html


def _line(game, number, who, language, html, full) -> str:
    text = html if full else hashlib.sha1(html.encode()).hexdigest()
    return f"{game} {number} {who} {language} {text}"


if __name__ == "__main__":
    main()
