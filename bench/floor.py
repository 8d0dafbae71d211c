"""The framework's floor: what daphne and Django cost a request before any of sarco's own work.

Run: .venv/bin/python bench/floor.py [--seconds 10] [--connections 20]

One daphne process (SQLite, DEBUG off, as ``bench/online.py`` runs it) serves three levels,
each measured flat out over kept-alive HTTP/1.1 connections:

- ``daphne``: a bare ASGI app (``bench/floor_site.bare``), no Django;
- ``django``: a view that does nothing, through sarco's middleware and ASGI handler;
- ``django + user``: the same reading ``request.user`` with a signed-in session cookie, as a
  move does before it starts;
- ``null move``: a move with everything around it and nothing in it (``bench/floor_asgi.py``):
  ``--tables`` tables of two signed-in sockets each, flat out, every table posting a form
  (CSRF, user, version) whose view sends the group message as ``tables.play`` does, and each
  socket then sending a tiny fragment; the client waits for both, as ``bench/online.py``
  does. Once on one daphne with the in-memory channel layer (the embedded default), and with
  ``--redis`` also on two daphne over Redis (a table's seats on different processes).
- ``null move on the socket``: the same with the move sent as a frame on the mover's own
  socket (``{"version": n}``) instead of posted: what moves over the open websocket would
  save, the first of the changes the README names for the targets.

It prints requests/s and the server's CPU ms per request (user + system time of the daphne
process, from /proc): one core's worth of requests is 1000 / that. A move needs this and
more (the move itself, the poster's rendering, each other seat's rendering and socket
frame), so the null move bounds what the stack can do with no table in it (issue 16's targets).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import Daphne, connect, read_answer, servers  # noqa: E402
from bench.machine_cpu import machine_busy_seconds  # noqa: E402
from bench.online import (  # noqa: E402
    PRODUCTION,
    REDIS_URL,
    Poster,
    Seat,
    hang_up,
)

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


async def null_moves(
    processes: list[Daphne], cookie: str, tables: int, seconds: float, *, on_socket: bool
):
    """Flat out over ``tables`` null tables (two sockets each, seat n's socket and posts on
    the n-th process, round robin) for ``seconds`` after a second's warm-up: moves/s, the
    servers' CPU ms a move, the whole machine's, and the p50 round trip in ms. A move is
    posted, or ``on_socket`` sent as a frame on the mover's socket."""
    ports = [p.port for p in processes]
    trips: list[float] = []
    measuring, stop = asyncio.Event(), asyncio.Event()

    async def table(number: int) -> None:
        seats, posters = [], []
        for position in range(2):
            port = ports[position % len(ports)]
            socket = await connect(f"ws://127.0.0.1:{port}", f"/ws/floor/{number}/", cookie)
            seats.append(Seat(socket))
            posters.append(Poster(port, cookie, path="/floor/{}/move/"))
        listeners = [asyncio.create_task(seat.listen()) for seat in seats]
        await asyncio.gather(*(seat.reached(0) for seat in seats))
        version = 0
        try:
            while not stop.is_set():
                started = time.perf_counter()
                if on_socket:
                    await seats[version % 2].socket.send(json.dumps({"version": version}))
                else:
                    status = await posters[version % 2].post_move(str(number), {}, version)
                    if status != 200:
                        raise RuntimeError(f"the null move answered {status}")
                await asyncio.gather(*(seat.reached(version + 1) for seat in seats))
                if measuring.is_set():
                    trips.append(time.perf_counter() - started)
                version += 1
        finally:
            await hang_up(listeners, seats, posters)

    drivers = [asyncio.create_task(table(number)) for number in range(tables)]
    await asyncio.sleep(1.0)
    cpu_before = sum(p.cpu_seconds() for p in processes)
    machine_before, started = machine_busy_seconds(), time.perf_counter()
    measuring.set()
    await asyncio.sleep(seconds)
    measuring.clear()
    elapsed = time.perf_counter() - started
    cpu = sum(p.cpu_seconds() for p in processes) - cpu_before
    machine = machine_busy_seconds() - machine_before
    stop.set()
    await asyncio.gather(*drivers)
    moves, p50 = len(trips), sorted(trips)[len(trips) // 2] if trips else 0.0
    return moves / elapsed, 1000 * cpu / moves, 1000 * machine / moves, 1000 * p50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--tables", type=int, default=50, help="null move: tables at once")
    parser.add_argument("--redis", action="store_true", help="null move on two daphne too")
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
        print(f"\nnull move, {args.tables} tables of two sockets, flat out:")
        print(
            f"{'setup':26} {'move':6} {'moves/s':>8} {'server cpu ms/mv':>16}"
            f" {'machine cpu ms/mv':>17} {'p50 ms':>7}"
        )
        setups = [("1 daphne, in-memory layer", 1, {})]
        if args.redis:
            redis = {"REDIS_URL": REDIS_URL, "CHANNEL_PREFIX": f"floor{os.getpid()}"}
            setups.append(("2 daphne, Redis", 2, redis))
        for name, count, extra in setups:
            processes = [
                Daphne(
                    {**env, **extra},
                    app="bench.floor_asgi:application",
                    log=pathlib.Path(workdir) / f"daphne-{n}.log",
                )
                for n in range(count)
            ]
            with servers(*processes):
                for how, on_socket in (("posted", False), ("socket", True)):
                    rate, cpu_ms, machine_ms, p50 = asyncio.run(
                        null_moves(
                            processes, cookie, args.tables, args.seconds, on_socket=on_socket
                        )
                    )
                    print(
                        f"{name:26} {how:6} {rate:>8.0f} {cpu_ms:>16.2f} {machine_ms:>17.2f}"
                        f" {p50:>7.1f}"
                    )


if __name__ == "__main__":
    main()
