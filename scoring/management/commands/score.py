"""`manage.py score FILE`: compute a score sheet in the import/export JSON format.

Prints the result as JSON on stdout; an invalid sheet prints a clear error on stderr and
exits 1, never a traceback (the same reader and checks as the import page). FILE may be `-`
for standard input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.calculators import SheetError, compute
from scoring.sheet_text import MAX_SHEET_BYTES, read_sheet_json, too_large


class Command(BaseCommand):
    help = "Compute a score sheet (JSON, see docs/scorekeeper.md) and print the result as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the sheet as a JSON file, or - for standard input")

    def handle(self, *args, **options):
        path = options["file"]
        raw = self._read(path)
        try:
            result = compute(read_sheet_json(raw))
        except SheetError as exc:
            where = f" [{exc.field}]" if exc.field else ""
            raise CommandError(f"Invalid sheet{where}: {exc.message}") from None
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))

    def _read(self, path: str) -> bytes:
        """At most one byte more than a sheet may have (enough to say it is too large)."""
        try:
            if path == "-":
                raw = sys.stdin.buffer.read(MAX_SHEET_BYTES + 1)
            else:
                if Path(path).stat().st_size > MAX_SHEET_BYTES:
                    raise CommandError(f"{path}: {too_large(Path(path).stat().st_size).message}")
                with open(path, "rb") as file:
                    raw = file.read(MAX_SHEET_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
        return raw
