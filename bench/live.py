"""Real daphne processes and real clients for the online benchmark and the fault tests.

Nothing here imports Django at module level: the benchmark and the tests configure Django
themselves (the tests through pytest-django) and pass the database and Redis in as URLs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DAPHNE = ROOT / ".venv" / "bin" / "daphne"
# The production command (README): daphne with the wire limits of sarco.wire_limits.
SERVE = (str(ROOT / ".venv" / "bin" / "python"), "-m", "sarco.serve")
CSRF_TOKEN = "b" * 32  # any well-formed token works when the cookie and the header agree
VERSION = re.compile(rb'data-version="(\d+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


SERVER_APP_NAME = "sarco-live-daphne"


def database_env(settings_dict: dict) -> dict[str, str | None]:
    """The environment that points a server process at the database ``settings_dict`` names
    (None: leave the variable out)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return {"SQLITE_PATH": str(settings_dict["NAME"]), "DATABASE_URL": None}
    user = settings_dict.get("USER") or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return {
        "DATABASE_URL": f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}",
        # libpq names the servers' sessions, so a caller can wait for exactly those to end.
        "PGAPPNAME": SERVER_APP_NAME,
    }


class Daphne:
    """One daphne process on a free port, killed for sure by ``stop`` (also after a failure)."""

    def __init__(
        self,
        env: dict[str, str | None],
        port: int | None = None,
        log: Path | None = None,
        app: str = "sarco.asgi:application",
        command: tuple[str, ...] = (str(DAPHNE),),
    ):
        self.port = port or free_port()
        self.app = app
        self.command = command
        merged = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "sarco.settings",
            "DEBUG": "true",
            "SARCO_BOT_RUNNER": "true",
            "LOG_LEVEL": "WARNING",
            # a bench's many people all connect from this one machine
            "SARCO_SOCKETS_PER_MEMBER": "100000",
            "SARCO_SOCKETS_PER_ADDRESS": "100000",
            **env,
        }
        self.env = {name: value for name, value in merged.items() if value is not None}
        self.log = log or Path(tempfile.mkstemp(prefix="daphne-", suffix=".log")[1])
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> Daphne:
        out = open(self.log, "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [*self.command, "-b", "127.0.0.1", "-p", str(self.port), self.app],
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log.read_text(errors="replace")[-3000:]
                raise RuntimeError(f"daphne exited with {self.process.returncode}:\n{tail}")
            try:
                # An HTTP request, not just a TCP connect: the first request starts the runner.
                urllib.request.urlopen(f"{self.base}/play/", timeout=2).read()
                return self
            except urllib.error.HTTPError:
                return self  # it answered (with DEBUG off and no collectstatic, pages fail)
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"daphne did not answer on port {self.port} within {timeout} s")

    def kill(self) -> None:
        """``kill -9``: no shutdown, no flushing, exactly like a crash."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    def cpu_seconds(self) -> float:
        """User + system CPU time the process used so far (from /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return 0.0


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, bool]:
    """Read one HTTP/1.1 answer off a kept-alive connection: its status, and whether the
    server keeps the connection open (its body, sized, chunked or up to the close, is read)."""
    status = int((await reader.readline()).split()[1])
    length, chunked, keep = None, False, True
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        name, value = name.strip().lower(), value.strip().lower()
        if name == "content-length":
            length = int(value)
        elif name == "transfer-encoding" and "chunked" in value:
            chunked = True
        elif name == "connection" and value == "close":
            keep = False
    if chunked:
        while size := int((await reader.readline()).strip(), 16):
            await reader.readexactly(size + 2)
        await reader.readline()
    elif length is not None:
        await reader.readexactly(length)
    else:
        await reader.read()
        keep = False
    return status, keep


@contextlib.contextmanager
def servers(*processes: Daphne):
    """Start the processes; stop every one of them on the way out, whatever happened."""
    try:
        for process in processes:
            process.start()
        yield processes
    finally:
        for process in processes:
            process.stop()


def post_move(base: str, public_id, sessionid: str, move: dict, version: int) -> int:
    """POST one move as the browser would (session cookie, CSRF cookie + header); the status."""
    body = f"version={version}&move={urllib.parse.quote(json.dumps(move))}".encode()
    request = urllib.request.Request(
        f"{base}/play/{public_id}/move/",
        data=body,
        headers={
            "Cookie": f"sessionid={sessionid}; csrftoken={CSRF_TOKEN}",
            "X-CSRFToken": CSRF_TOKEN,
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def post_form(base: str, path: str, sessionid: str, fields: dict[str, str] | None = None) -> int:
    body = urllib.parse.urlencode(fields or {}).encode()
    request = urllib.request.Request(
        f"{base}{path}",
        data=body,
        headers={
            "Cookie": f"sessionid={sessionid}; csrftoken={CSRF_TOKEN}",
            "X-CSRFToken": CSRF_TOKEN,
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def connect(ws_base: str, path: str, sessionid: str | None = None):
    """A websocket as a browser opens it (Origin, session cookie)."""
    from websockets.asyncio.client import connect as ws_connect

    headers = {"Cookie": f"sessionid={sessionid}"} if sessionid else {}
    return ws_connect(
        f"{ws_base}{path}",
        origin="http://127.0.0.1",
        additional_headers=headers,
        open_timeout=20,
        max_size=None,
    )


async def wait_for_version(socket, wanted: Callable[[int], bool], timeout: float) -> int:
    """Read frames until one carries a version ``wanted`` accepts; that version."""
    async with asyncio.timeout(timeout):
        while True:
            frame = await socket.recv(decode=False)
            found = VERSION.search(frame)
            if found and wanted(int(found.group(1))):
                return int(found.group(1))


def wait_until(check: Callable[[], bool], timeout: float, what: str, every: float = 0.1) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)
