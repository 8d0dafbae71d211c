"""The real settings, with the defaults a test run needs set before they load.

Tests run like the embedded default (DEBUG on, so no production secret is needed and no
HTTPS redirect), unless the environment says otherwise (the PostgreSQL pass sets
DATABASE_URL). pytest-django then switches DEBUG off for the tests themselves.
"""

import os

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API
os.environ.setdefault("SARCO_BOT_PAUSE", "0")  # bots move at once in tests
os.environ.setdefault("SARCO_BOT_RUNNER", "false")  # tests call games.botrunner directly

from sarco.settings import *  # noqa: F403

# A file, not SQLite's shared in-memory database: that one locks whole tables and ignores the
# busy timeout, so concurrent writers would fail in tests as they never do in production
# (WAL, IMMEDIATE transactions). Channels' live-server browser tests need a file too.
# SARCO_TEST_DB_SUFFIX keeps test runs that share one checkout (several developers' shells,
# a benchmark beside the suite) off each other's test databases.
_SUFFIX = os.environ.get("SARCO_TEST_DB_SUFFIX", "")
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f"test-db{_SUFFIX}.sqlite3")}  # noqa: F405
else:  # named, not left to Django: channels' live server takes the name from here
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}{_SUFFIX}"}  # noqa: F405
# The site's backends, their tables emptied faster between transactional tests, to the same
# effect (tests/databases/__init__.py).
DATABASES["default"]["ENGINE"] = {  # noqa: F405
    "django.db.backends.sqlite3": "tests.databases.sqlite3",
    "sarco.databases.postgresql": "tests.databases.postgresql",
}[DATABASES["default"]["ENGINE"]]  # noqa: F405

# Django's default hasher spends about half a second of CPU on each stored password (PBKDF2,
# a million rounds), on purpose: too slow for a suite that makes thousands of users. MD5 keeps
# every password check working as before (set, check, change, log in); the site keeps
# Django's slow default (tests/sarco/test_settings.py).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# WhiteNoise scans every static file when its middleware is made: once per process on the
# site, once per test Client in the suite (about 70 ms each). tests/static_files.py keeps the
# scan per process; requests are served as before.
MIDDLEWARE = [
    "tests.static_files.WhiteNoiseScannedOnce"
    if name == "whitenoise.middleware.WhiteNoiseMiddleware"
    else name
    for name in MIDDLEWARE  # noqa: F405
]
