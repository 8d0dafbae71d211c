"""The real settings, with the defaults a test run needs set before they load.

Tests run like the embedded default (DEBUG on, so no production secret is needed and no
HTTPS redirect), unless the environment says otherwise (the PostgreSQL pass sets
DATABASE_URL). pytest-django then switches DEBUG off for the tests themselves.
"""

import os

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API

from sarco.settings import *  # noqa: F403

# A file, not SQLite's shared in-memory database: that one locks whole tables and ignores the
# busy timeout, so concurrent writers would fail in tests as they never do in production
# (WAL, IMMEDIATE transactions). Channels' live-server browser tests need a file too.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}  # noqa: F405
