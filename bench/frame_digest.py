"""The table's frame in the states ``bench/fragments_digest.py``'s random games never reach,
as digests: the proof, with it, that a change to how the frame is drawn leaves its markup
byte for byte as it was.

Run: .venv/bin/python bench/frame_digest.py OUT [--full]
then the same on the changed code and ``diff`` the two files.

For each game of ``bench/online.py``, at a fixed time: an open table (a free seat, one kept
for the invite link, then a guest seated, then a bot, ready to start), a table with a
turn-based clock and one with a live clock (each after a move), a seat handed to a bot, a
cancelled and an abandoned table. For each it draws ``rendering.table_fragments`` for the
host, a seated guest, a signed-in stranger and an anonymous visitor, and the whole table
page for each of them (through Django's test client: the page's CSRF tokens, the invite
link, the log in and sign up links), in English and German. One line per drawing.
"""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import random
import re
import sys
import tempfile
from datetime import UTC, datetime
from types import SimpleNamespace

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.fragments_digest import _fixed_presence, _same_ids  # noqa: E402
from bench.move_parts import no_group_messages, setup_django  # noqa: E402
from bench.online import GAMES  # noqa: E402

LANGUAGES = ("en", "de")
STATIC = "django.contrib.staticfiles.storage.StaticFilesStorage"
NOON = datetime(2026, 1, 2, 12, tzinfo=UTC)
# Different on every request: the CSRF tokens (a page's forms) and a script's nonce.
RANDOM = re.compile(r'(csrfmiddlewaretoken" value="|X-CSRFToken": "|nonce=")[^"]*')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--full", action="store_true", help="the HTML, not its digest")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sarco-frame-") as workdir:
        setup_django(workdir, postgres=False)
        from django.conf import settings
        from django.test.utils import override_settings, setup_test_environment

        setup_test_environment()  # the test client's host is allowed
        plain = {**settings.STORAGES, "staticfiles": {"BACKEND": STATIC}}  # nothing collected
        with override_settings(STORAGES=plain), args.out.open("w") as out:
            for game in GAMES:
                for line in drawings(game, args.full):
                    out.write(line + "\n")


def drawings(game: str, full: bool):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games import tables
    from games.models import Table

    timezone.now = lambda: NOON
    no_group_messages()
    _fixed_presence()
    tables.secrets = SimpleNamespace(randbits=random.Random(7).getrandbits)
    count, options = GAMES[game]
    users = get_user_model().objects
    host, guest, stranger = (
        users.create_user(f"{game}-f{n}", password="pw-frame-123") for n in range(3)
    )
    staff = users.create_user(f"{game}-fs", password="pw-frame-123", is_staff=True)
    others = [users.create_user(f"{game}-o{n}", password="pw-frame-123") for n in range(count)]

    def fresh(table):
        return Table.objects.with_seats().get(pk=table.pk)

    def open_one(**kwargs):
        return tables.open_table(game, host, seats=count, options=options, **kwargs)

    def filled(table):
        tables.take_seat(table, guest, 1)
        for position, person in zip(range(2, count), others, strict=False):
            tables.take_seat(table, person, position)
        return tables.start(fresh(table), host)

    def one_move(table):
        state = table.state()
        seat = table.engine.to_act(state)[0]
        person = [host, guest, *others][seat]
        return tables.play(table, person, table.engine.legal_moves(state, seat)[0], table.version)

    table = open_one(invite_only=[count - 1])
    yield from _views(game, "open", fresh(table), host, guest, stranger, full)
    tables.take_seat(table, guest, 1)
    yield from _views(game, "open-guest", fresh(table), host, guest, stranger, full)
    for position in range(2, count):
        tables.seat_bot(fresh(table), position)
    yield from _views(game, "open-ready", fresh(table), host, guest, stranger, full)
    tables.cancel(fresh(table), host)
    yield from _views(game, "cancelled", fresh(table), host, guest, stranger, full)

    for clock in ({"kind": "daily", "days": 3}, {"kind": "live", "seconds": 60}):
        table = one_move(filled(open_one(clock=clock)))
        yield from _views(game, clock["kind"], fresh(table), host, guest, stranger, full)

    table = filled(open_one())
    tables.hand_to_bot(fresh(table), 1, host)
    yield from _views(game, "handed", fresh(table), host, guest, stranger, full)
    tables.abandon(fresh(table), staff)
    yield from _views(game, "abandoned", fresh(table), host, guest, stranger, full)


def _views(game, label, table, host, guest, stranger, full):
    from django.contrib.auth.models import AnonymousUser
    from django.test import Client
    from django.utils import translation

    from games import rendering

    viewers = (("host", host), ("guest", guest), ("stranger", stranger), ("anon", None))
    for language in LANGUAGES:
        with translation.override(language):
            for who, person in viewers:
                seat = table.seat_of(person) if person else None
                html = rendering.table_fragments(table, seat, user=person or AnonymousUser())
                yield _line(game, label, who, language, "live", _same_ids(html, table), full)
        for who, person in viewers:
            client = Client(HTTP_ACCEPT_LANGUAGE=language)
            if person:
                client.force_login(person)
            page = client.get(f"/play/{table.public_id}/", HTTP_ACCEPT_LANGUAGE=language)
            assert page.status_code == 200, (game, label, who, language, page.status_code)
            html = RANDOM.sub(r"\1TOKEN", page.content.decode())
            yield _line(game, label, who, language, "page", _same_ids(html, table), full)


def _line(game, label, who, language, kind, html, full) -> str:
    text = html if full else hashlib.sha1(html.encode()).hexdigest()
    return f"{game} {label} {who} {language} {kind} {text}"


if __name__ == "__main__":
    main()
