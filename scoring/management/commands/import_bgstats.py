"""`manage.py import_bgstats FILE [--dry-run]`: a club's BG Stats history, all or nothing.

FILE is BG Stats' JSON export; the plays of Sarkophag, Sacrifice, Sarcophagus and Sarg come
in as finished sessions (scoring.bgstats). ``--dry-run`` lists what would be created
(sessions per game, new players, new locations) and writes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.bgstats import BgStatsRefused, import_bgstats, plan


class Command(BaseCommand):
    help = "Import a BG Stats export (JSON): the plays of the four games, all or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file", help="BG Stats' JSON export")
        parser.add_argument(
            "--dry-run", action="store_true", help="list what would be created; write nothing"
        )

    def handle(self, *args, **options):
        path = options["file"]
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise CommandError(f"{path} is not valid JSON: {exc}. Nothing was imported.") from None
        try:
            result = plan(data) if options["dry_run"] else import_bgstats(data)
        except BgStatsRefused as exc:
            raise CommandError(f"Invalid {exc}. Nothing was imported.") from None
        if options["dry_run"]:
            self.stdout.write("Dry run: nothing was written. Importing would give:")
        for line in result.lines():
            self.stdout.write(line)
