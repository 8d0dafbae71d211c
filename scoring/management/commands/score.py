"""`manage.py score FILE`: compute a score sheet in the import/export JSON format.

Prints the result as JSON on stdout; an invalid sheet prints a clear error on stderr and
exits 1. FILE may be `-` for standard input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.calculators import SheetError, compute


class Command(BaseCommand):
    help = "Compute a score sheet (JSON, see docs/scorekeeper.md) and print the result as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the sheet as a JSON file, or - for standard input")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
        try:
            sheet = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(
                f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
            ) from None
        try:
            result = compute(sheet)
        except SheetError as exc:
            where = f" [{exc.field}]" if exc.field else ""
            raise CommandError(f"Invalid sheet{where}: {exc.message}") from None
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
