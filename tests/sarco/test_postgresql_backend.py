"""The site's PostgreSQL backend checks a kept connection at most once a second
(sarco/databases/postgresql): a connection that connected or passed a check within the
second is taken as it is; one idle longer is checked, and a dead one replaced."""

from __future__ import annotations

import dj_database_url
import pytest
from django.db import connections

from sarco.databases.postgresql import base
from tests.services import POSTGRES_URL


@pytest.fixture
def kept(postgres, monkeypatch, django_db_blocker):
    """A kept connection to the server's own ``postgres`` database (none of the tests'),
    its health checks counted."""
    url = POSTGRES_URL.rsplit("/", 1)[0] + "/postgres"
    settings_dict = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    settings_dict["ENGINE"] = "sarco.databases.postgresql"
    configured = connections.configure_settings({"default": settings_dict})["default"]
    wrapper = base.DatabaseWrapper(configured, alias="probe")
    checks = []
    is_usable = wrapper.is_usable
    monkeypatch.setattr(wrapper, "is_usable", lambda: checks.append(1) or is_usable())
    wrapper.checks = checks
    with django_db_blocker.unblock():
        yield wrapper
        wrapper.close()


def a_request(wrapper) -> int:
    """What Django (or Channels, around a consumer's database call) does for a request:
    release the connection as the last one ended, then query. The backend's pid."""
    wrapper.close_if_unusable_or_obsolete()
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_requests_within_the_second_are_not_checked(kept):
    first = a_request(kept)
    assert [a_request(kept) for _ in range(5)] == [first] * 5
    assert kept.checks == []


def test_a_connection_idle_longer_is_checked_once(kept, monkeypatch):
    a_request(kept)
    monkeypatch.setattr(base, "HEALTH_CHECK_INTERVAL", 0)
    a_request(kept)
    assert kept.checks == [1]
    monkeypatch.setattr(base, "HEALTH_CHECK_INTERVAL", 1.0)
    a_request(kept)
    assert kept.checks == [1]  # it passed: trusted for the next second


def test_a_dead_connection_is_replaced_at_its_check(kept, monkeypatch):
    first = a_request(kept)
    other = base.DatabaseWrapper(kept.settings_dict, alias="other")
    with other.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [first])
    other.close()
    monkeypatch.setattr(base, "HEALTH_CHECK_INTERVAL", 0)
    assert a_request(kept) != first
    assert kept.checks == [1]


def test_the_server_binding_cursor_sends_its_parameters_apart_from_the_statement(kept):
    with kept.server_binding_cursor() as cursor:
        cursor.execute(
            "SELECT query FROM pg_stat_activity WHERE pid = pg_backend_pid() AND %s = 'it''s'",
            ["it's"],
        )
        assert cursor.fetchone()[0].endswith("AND $1 = 'it''s'")


def test_the_server_binding_cursors_statements_are_logged_as_any_cursors(kept):
    kept.force_debug_cursor = True
    with kept.server_binding_cursor() as cursor:
        cursor.execute("SELECT %s + 1", [41])
        assert cursor.fetchone() == (42,)
    assert kept.queries[-1]["sql"] == "SELECT $1 + 1"  # as Django logs a server-bound one


def test_the_server_binding_cursor_reads_times_in_djangos_zone(kept):
    with kept.server_binding_cursor() as cursor:
        cursor.execute("SELECT %s::timestamptz", ["2026-12-05 12:00:00+01"])
        moment = cursor.fetchone()[0]
    assert moment.tzinfo == kept.timezone
    assert moment.isoformat() == "2026-12-05T11:00:00+00:00"
