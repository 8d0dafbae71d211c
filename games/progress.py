"""A plain-text progress bar for long commands (simulations, imports, recomputes)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """Redraws one line on a terminal; prints a line per tenth of the work otherwise."""

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, width: int = 30):
        self.total = max(total, 1)
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.started = time.perf_counter()
        self.interactive = getattr(self.stream, "isatty", lambda: False)()
        self._last_tenth = -1

    def update(self, done: int) -> None:
        fraction = min(done / self.total, 1.0)
        if self.interactive:
            filled = int(fraction * self.width)
            bar = "#" * filled + "-" * (self.width - filled)
            elapsed = time.perf_counter() - self.started
            self.stream.write(
                f"\r{self.label} [{bar}] {done}/{self.total} {fraction:4.0%} {elapsed:6.1f}s"
            )
            self.stream.flush()
            return
        tenth = int(fraction * 10)
        if tenth != self._last_tenth:
            self._last_tenth = tenth
            self.stream.write(f"{self.label} {done}/{self.total} ({fraction:.0%})\n")
            self.stream.flush()

    def finish(self) -> None:
        self.update(self.total)
        if self.interactive:
            self.stream.write("\n")
            self.stream.flush()
