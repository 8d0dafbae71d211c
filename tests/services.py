"""Are the real PostgreSQL and Redis servers there? Used by fixtures and by `make test`.

`python -m tests.services postgres` exits 0 when the server answers, 1 otherwise.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from urllib.parse import urlparse

import pytest

from bench.live import free_port, wait_until

POSTGRES_URL = os.environ.get("SARCO_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/sarco")
REDIS_URL = os.environ.get("SARCO_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
# Debian's headless shell of Chromium (package chromium-headless-shell): the same Blink as
# /usr/bin/chromium without the desktop browser around it, as Playwright itself runs headless
# tests. A third to two fifths less CPU a browser test (docs/testing.md); SARCO_CHROMIUM
# names another build, e.g. /usr/bin/chromium (package chromium) to compare.
CHROMIUM = os.environ.get("SARCO_CHROMIUM", "/usr/bin/chromium-headless-shell")


def redis_layers(prefix: str, url: str = REDIS_URL) -> dict:
    """The ``CHANNEL_LAYERS`` setting as sarco/settings.py makes it from ``REDIS_URL``, its
    prefix made this process's own: parallel workers (and other runs) share the one Redis."""
    return {
        "default": {
            "BACKEND": "sarco.pubsub_layer.PubSubChannelLayer",
            "CONFIG": {"hosts": [url], "prefix": f"{prefix}-{os.getpid()}"},
        }
    }


class PrivateRedis:
    """A redis-server of a test's own, on a free port, with nothing persisted: a test can stop
    and start it without touching the shared one."""

    def __init__(self, password: str = "") -> None:
        self.port = free_port()
        self.password = password
        self.dir = tempfile.mkdtemp(prefix="sarco-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        secret = f":{self.password}@" if self.password else ""
        return f"redis://{secret}127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", self.dir,
             *(["--requirepass", self.password] if self.password else [])],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_until(self.answers, 10, "the private redis-server to answer")

    def answers(self) -> bool:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 1):
            return True
        return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


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
