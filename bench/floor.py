"""The framework's floor: what daphne and Django cost a request before any of sarco's own work.

Run: .venv/bin/python bench/floor.py [--seconds 10] [--connections 20]

One daphne process (SQLite, DEBUG off, as ``bench/online.py`` runs it) serves three levels,
each measured flat out over kept-alive HTTP/1.1 connections:

- ``daphne``: a bare ASGI app (``bench/floor_site.bare``), no Django;
- ``django``: a view that does nothing, through sarco's middleware and ASGI handler;
- ``django + user``: the same reading ``request.user`` with a signed-in session cookie, as a
  move does before it starts.

It prints requests/s and the server's CPU ms per request (user + system time of the daphne
process, from /proc): one core's worth of requests is 1000 / that. A move needs this and
more (the move itself, the poster's rendering, each other seat's rendering and socket
frame), so the last line bounds what one process can do (issue 16's targets).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import Daphne, read_answer, servers  # noqa: E402
from bench.online import PRODUCTION  # noqa: E402

SETTINGS = "bench.floor_site"
LEVELS = (
    ("daphne", "bench.floor_site:bare", "/nothing/", False),
    ("django", "sarco.asgi:application", "/nothing/", False),
    ("django + user", "sarco.asgi:application", "/who/", True),
)


def signed_in_session(env: dict[str, str]) -> str:
    """Migrate the database and sign a user in; the session id (in a child: Django set up
    for that database)."""
    code = (
        "import django; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "from django.contrib.auth import get_user_model\n"
        "from django.test import Client\n"
        "person = get_user_model().objects.create_user('floor', password='pw-floor-12345')\n"
        "client = Client(); client.force_login(person)\n"
        "print(client.cookies['sessionid'].value)\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return child.stdout.split()[-1]


async def hammer(port: int, path: str, cookie: str, seconds: float, connections: int) -> int:
    """GET ``path`` over ``connections`` kept-alive connections for ``seconds``; answers."""
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        + (f"Cookie: sessionid={cookie}\r\n" if cookie else "")
        + "\r\n"
    ).encode()
    deadline = time.monotonic() + seconds
    answered = 0

    async def one() -> None:
        nonlocal answered
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while time.monotonic() < deadline:
            writer.write(request)
            status, keep = await read_answer(reader)
            if status != 200 or not keep:
                raise RuntimeError(f"{path} answered {status} (connection kept: {keep})")
            answered += 1
        writer.close()

    await asyncio.gather(*(one() for _ in range(connections)))
    return answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sarco-floor-") as workdir:
        env = {
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": SETTINGS,
            "SQLITE_PATH": str(pathlib.Path(workdir) / "floor.sqlite3"),
            "SARCO_BOT_RUNNER": "false",
        }
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("REDIS_URL", None)
        cookie = signed_in_session(env)
        print(f"{'level':14} {'requests/s':>10} {'cpu ms/req':>10} {'one core, req/s':>15}")
        for name, app, path, signed_in in LEVELS:
            server = Daphne(env, app=app, log=pathlib.Path(workdir) / "daphne.log")
            sent = cookie if signed_in else ""
            with servers(server):
                asyncio.run(hammer(server.port, path, sent, 1.0, 4))  # warm up
                before = server.cpu_seconds()
                answered = asyncio.run(
                    hammer(server.port, path, sent, args.seconds, args.connections)
                )
                cpu_ms = 1000 * (server.cpu_seconds() - before) / answered
            print(
                f"{name:14} {answered / args.seconds:>10.0f} {cpu_ms:>10.2f} {1000 / cpu_ms:>15.0f}"
            )


if __name__ == "__main__":
    main()
