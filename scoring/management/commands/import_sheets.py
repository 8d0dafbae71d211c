"""`manage.py import_sheets FILE`: bring a club's old score sheets in, all or nothing.

FILE is a JSON list of sheets in the scorekeeper's format, each with a ``date`` and an
optional ``mode`` and ``id`` (docs/contracts/ratings-api.md). A bad sheet stops the import with its
index and field and writes nothing; otherwise one line of counts ends the run.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from scoring.bulk_import import ImportRefused, import_sheets

# Sheets are computed in this many processes (the calculators are pure Python).
WORKERS = min(os.cpu_count() or 1, 4)


class Command(BaseCommand):
    help = "Import a JSON list of score sheets (with dates) as finished sessions, all or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a JSON file: a list of sheets, each with a date")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise CommandError(f"{path} is not valid JSON: {exc}. Nothing was imported.") from None
        stream = self.stderr._out
        total = len(data) if isinstance(data, list) else 0
        with (
            tqdm(total=total, desc="reading", unit=" sheets", file=stream) as reading,
            tqdm(desc="rating", unit=" sessions", file=stream) as rating,
        ):
            try:
                counts = import_sheets(
                    data, reading=reading.update, rating=rating.update, workers=WORKERS
                )
            except ImportRefused as exc:
                reason = str(exc).rstrip(".")
                raise CommandError(f"Invalid {reason}. Nothing was imported.") from None
        self.stdout.write(counts.line())
