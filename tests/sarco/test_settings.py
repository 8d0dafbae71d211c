"""Settings come from the environment; each case loads them in a fresh interpreter."""

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-long-random-test-secret-" + "x" * 40,
    "ALLOWED_HOSTS": "club.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://club.example.org",
    "DATABASE_URL": "postgres://sarco:pw@db.internal:5432/sarco",
    "REDIS_URL": "redis://cache.internal:6379/0",
}
# The settings the server would start with, read without ``django.setup()``: loading every
# app is most of a fresh interpreter's work and changes none of the values read here. The
# databases get Django's defaults filled in, as setting up fills them.
PROBE = """
import json
from django.conf import settings
from django.db import connections
connections.settings
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "DB": settings.DATABASES["default"],
    "LAYER": settings.CHANNEL_LAYERS["default"],
    "CACHE": settings.CACHES["default"]["BACKEND"],
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": settings.CSRF_TRUSTED_ORIGINS,
    "STORAGE": settings.STORAGES["staticfiles"]["BACKEND"],
    "MIDDLEWARE": settings.MIDDLEWARE,
    "HASHER": settings.PASSWORD_HASHERS[0],
}, default=str))
"""


def run_python(env: dict[str, str], code: str) -> subprocess.CompletedProcess:
    unset = {*PRODUCTION, "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    clean["DJANGO_SETTINGS_MODULE"] = "sarco.settings"
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def load(env: dict[str, str]) -> dict:
    """The settings a fresh interpreter loads from ``env``; each environment is loaded once per
    test process (a fresh interpreter is about a second), the tests read copies."""
    return json.loads(_loaded(frozenset(env.items())))


@functools.cache
def _loaded(env: frozenset[tuple[str, str]]) -> str:
    result = run_python(dict(env), PROBE)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_embedded_default_is_sqlite_in_wal_mode_with_in_memory_layer():
    loaded = load({"DEBUG": "true"})
    assert loaded["DB"]["ENGINE"] == "django.db.backends.sqlite3"
    assert "journal_mode=WAL" in loaded["DB"]["OPTIONS"]["init_command"]
    assert loaded["LAYER"]["BACKEND"] == "sarco.channel_layers.SweepingInMemoryChannelLayer"


def test_database_url_selects_postgresql():
    loaded = load(PRODUCTION)
    db = loaded["DB"]
    assert db["ENGINE"] == "sarco.databases.postgresql"
    assert (db["NAME"], db["USER"], db["HOST"], db["PORT"]) == (
        "sarco",
        "sarco",
        "db.internal",
        5432,
    )


def test_redis_url_selects_the_redis_channel_layer_and_cache():
    loaded = load(PRODUCTION)
    assert loaded["LAYER"]["BACKEND"] == "sarco.pubsub_layer.PubSubChannelLayer"
    assert loaded["LAYER"]["CONFIG"]["hosts"] == ["redis://cache.internal:6379/0"]
    assert loaded["CACHE"] == "sarco.redis_cache.SharedPoolRedisCache"


def test_one_channel_prefix_names_the_groups_and_the_cache_keys_on_a_shared_redis():
    """Two sites (or two test servers) on one Redis must not read each other's cached pages."""
    probe = (
        "import json; from django.conf import settings; "
        "print(json.dumps([settings.CHANNEL_LAYERS['default']['CONFIG']['prefix'], "
        "settings.CACHES['default']['KEY_PREFIX']]))"
    )
    for env, prefix in (({}, "sarco"), ({"CHANNEL_PREFIX": "club-b"}, "club-b")):
        result = run_python({**PRODUCTION, **env}, probe)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == [prefix, prefix]


def test_hosts_and_trusted_origins_come_from_the_environment():
    loaded = load(PRODUCTION)
    assert loaded["DEBUG"] is False
    assert loaded["ALLOWED_HOSTS"] == ["club.example.org"]
    assert loaded["CSRF_TRUSTED_ORIGINS"] == ["https://club.example.org"]


def test_static_files_go_through_whitenoise():
    loaded = load(PRODUCTION)
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in loaded["MIDDLEWARE"]
    assert loaded["STORAGE"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_passwords_are_stored_with_a_slow_hash():
    """The tests store passwords with a fast hash (tests/settings.py); the site must not."""
    loaded = load(PRODUCTION)
    assert loaded["HASHER"] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_missing_secret_key_without_debug_stops_start_up_with_a_clear_error():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    result = run_python(env, PROBE)
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize("value", ["1", "true", "True", "yes", "on"])
def test_debug_accepts_the_usual_true_spellings(value):
    assert load({"DEBUG": value})["DEBUG"] is True


def test_check_deploy_is_clean_under_production_settings():
    result = run_python(
        PRODUCTION,
        "import sys; from django.core.management import execute_from_command_line; "
        "execute_from_command_line(['manage.py', 'check', '--deploy', '--fail-level', 'WARNING'])",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_manage_py_says_one_clear_line_when_secret_key_is_missing():
    """As docs/admin.md runs createorganizer without DEBUG: the reason, not a traceback."""
    env = {k: v for k, v in PRODUCTION.items() if k not in ("SECRET_KEY", "DEBUG")}
    result = run_python(
        env,
        "import sys, runpy; sys.argv = ['manage.py', 'createorganizer', 'olga', "
        "'--password-stdin']; runpy.run_path('manage.py', run_name='__main__')",
    )
    assert result.returncode == 1
    assert result.stderr.startswith("manage.py: SECRET_KEY is not set.")
    assert len(result.stderr.strip().splitlines()) == 1
