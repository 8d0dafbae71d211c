"""Are the real PostgreSQL and Redis servers there? Used by fixtures and by `make test`.

`python -m tests.services postgres` exits 0 when the server answers, 1 otherwise.
"""

from __future__ import annotations

import os
import socket
import sys
from urllib.parse import urlparse

import pytest

POSTGRES_URL = os.environ.get("SARCO_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/sarco")
REDIS_URL = os.environ.get("SARCO_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
CHROMIUM = "/usr/bin/chromium"


def redis_layers(prefix: str, url: str = REDIS_URL) -> dict:
    """The ``CHANNEL_LAYERS`` setting as sarco/settings.py makes it from ``REDIS_URL``."""
    return {
        "default": {
            "BACKEND": "sarco.channel_layers.ReconnectingPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": url, "max_connections": 2000}], "prefix": prefix},
        }
    }


def _answers(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname, parsed.port), timeout=1):
            return True
    except OSError:
        return False


def available(service: str) -> tuple[bool, str]:
    """Whether a service is usable here, and what to say if it is not."""
    if service == "postgres":
        return _answers(POSTGRES_URL), f"PostgreSQL is not reachable at {POSTGRES_URL}"
    if service == "redis":
        return _answers(REDIS_URL), f"Redis is not reachable at {REDIS_URL}"
    if service == "browser":
        return os.access(CHROMIUM, os.X_OK), f"Debian's Chromium is not installed at {CHROMIUM}"
    raise ValueError(f"unknown service {service!r}")


def require(service: str) -> None:
    """Skip the test without the service, with the reason; fail instead under CI."""
    ok, reason = available(service)
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{reason}, and CI requires it.", pytrace=False)
    pytest.skip(f"{reason} (CI runs this test for real).")


if __name__ == "__main__":
    sys.exit(0 if available(sys.argv[1])[0] else 1)
