"""WhiteNoise as the site runs it, its static files scanned once per test process.

WhiteNoise scans every static file (a stat, headers, compressed alternatives) when its
middleware is made, which in production is once per process. A test ``Client`` makes the
middleware anew for each client, so the suite scanned the ~200 files thousands of times:
about 70 ms a client, most of what a hostile-input example cost. This subclass keeps the
scan's result per process (keyed by every setting the scan reads) and hands it to each new
instance; a request is then served exactly as before.
"""

from __future__ import annotations

from typing import Any

from whitenoise.middleware import WhiteNoiseMiddleware

_SCANNED: dict[tuple, dict[str, Any]] = {}


class WhiteNoiseScannedOnce(WhiteNoiseMiddleware):
    def add_files(self, root, prefix=None) -> None:
        self._scan_once(
            ("root", str(root), prefix), lambda: super(type(self), self).add_files(root, prefix)
        )

    def add_files_from_finders(self) -> None:
        self._scan_once(("finders",), super().add_files_from_finders)

    def _scan_once(self, what: tuple, scan) -> None:
        if self.autorefresh:  # nothing scanned: files are looked up per request
            scan()
            return
        key = (what, self.static_prefix, self.max_age, self.allow_all_origins, self.charset)
        if key not in _SCANNED:
            before = dict(self.files)
            scan()
            _SCANNED[key] = {url: f for url, f in self.files.items() if before.get(url) is not f}
        self.files.update(_SCANNED[key])
