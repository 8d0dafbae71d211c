"""Soak: many websockets held open for a while with moves flowing (issue 16).

Run: .venv/bin/python bench/soak.py [--sockets 500] [--seconds 60] [--period 2]
         [--setup sqlite|pg1|pg2]        (or: make bench-soak)

A quarter of the sockets' count in started Sarg tables; each table has its two players'
sockets and two spectators' (logged out), all held for the whole run. Every table posts a
legal move every ``--period`` seconds (spread over the period) and waits until all four of its
sockets have the new version. Errors: a refused post, a socket closed by the server, a round
trip over 10 s. Memory: each daphne's resident size (VmRSS) sampled every few seconds; after a
warm-up the run should hold it flat. It prints the figures and a verdict line, and exits 1 when
there were errors or memory grew by more than ``--rss-growth`` (default 15%) after warm-up.
A measurement: the suite runs a short version (tests/games/test_soak.py).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import pathlib
import random
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.exceptions import WebSocketException  # noqa: E402

from bench.live import Daphne, connect, servers  # noqa: E402

ROUND_TRIP_LIMIT = 10.0
OPEN_LIMIT = 180.0  # seconds to open every socket (slow on a loaded machine)
SAMPLE_EVERY = 2.0  # seconds between memory samples
SOCKETS_PER_TABLE = 4  # two players, two spectators


def rss_mb(process: Daphne) -> float:
    for line in pathlib.Path(f"/proc/{process.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Soak:
    """Counters of one soak run."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.moves = 0
        self.sockets_open = 0
        self.frames = 0


async def _listen(socket, seen: dict[str, int], changed: asyncio.Event, soak: Soak) -> None:
    from bench.live import VERSION

    async for frame in socket:
        soak.frames += 1
        found = VERSION.search(frame if isinstance(frame, bytes) else frame.encode())
        if found:
            seen["version"] = max(seen["version"], int(found.group(1)))
            changed.set()


async def _table(table: dict, ports: list[int], period: float, stop, soak: Soak) -> None:
    from bench.online import Poster
    from games.engines import get_engine

    engine = get_engine("sarg")
    rng = random.Random(table["public_id"])
    state, version = table["state"], table["version"]
    path = f"/ws/play/{table['public_id']}/"
    whose = [*table["sessions"], None, None]  # the players, then two logged-out spectators
    sockets, listeners, seen = [], [], []
    posters = [
        Poster(ports[n % len(ports)], session) for n, session in enumerate(table["sessions"])
    ]
    try:
        for n, session in enumerate(whose):
            socket = await connect(f"ws://127.0.0.1:{ports[n % len(ports)]}", path, session)
            sockets.append(socket)
            soak.sockets_open += 1
            seen.append({"version": -1})
            changed = asyncio.Event()
            listeners.append(
                (asyncio.create_task(_listen(socket, seen[-1], changed, soak)), changed)
            )
        await asyncio.sleep(rng.random() * period)
        while not stop.is_set() and not engine.is_over(state):
            started = time.perf_counter()
            position = engine.to_act(state)[0]
            move = rng.choice(engine.legal_moves(state, position))
            status = await posters[position].post_move(table["public_id"], move, version)
            if status != 200:
                soak.errors.append(f"{table['public_id']}: HTTP {status}")
                return
            async with asyncio.timeout(ROUND_TRIP_LIMIT):
                for (task, changed), mine in zip(listeners, seen, strict=True):
                    while mine["version"] < version + 1:
                        if task.done():
                            raise ConnectionError("a socket was closed by the server")
                        changed.clear()
                        await changed.wait()
            soak.moves += 1
            state, version = engine.apply(state, position, move), version + 1
            await asyncio.sleep(max(0.0, period - (time.perf_counter() - started)))
    except (OSError, TimeoutError, ConnectionError, WebSocketException) as error:
        soak.errors.append(f"{table['public_id']}: {error!r}")
    finally:
        for task, _ in listeners:
            if task.done() and task.exception() and not stop.is_set():
                soak.errors.append(f"{table['public_id']}: {task.exception()!r}")
            task.cancel()
        for socket in sockets:
            await socket.close()
        for poster in posters:
            poster.close()


async def soak(tables: list[dict], processes: list[Daphne], seconds: float, period: float) -> dict:
    """Hold every table's sockets for ``seconds`` with moves flowing; the figures."""
    result, stop = Soak(), asyncio.Event()
    ports = [p.port for p in processes]
    drivers = [asyncio.create_task(_table(t, ports, period, stop, result)) for t in tables]
    deadline = time.perf_counter() + OPEN_LIMIT  # every socket open before the clock starts
    expected = SOCKETS_PER_TABLE * len(tables)
    while result.sockets_open < expected and time.perf_counter() < deadline:
        if any(driver.done() for driver in drivers):  # one ended before the clock: a failure
            break
        await asyncio.sleep(0.1)
    samples: list[float] = []
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        await asyncio.sleep(min(SAMPLE_EVERY, seconds))
        samples.append(sum(rss_mb(p) for p in processes))
    held = sum(1 for driver in drivers if not driver.done()) * SOCKETS_PER_TABLE
    stop.set()
    for outcome in await asyncio.gather(*drivers, return_exceptions=True):
        if isinstance(outcome, BaseException):  # what the driver did not expect, said
            result.errors.append(repr(outcome))
    warm = samples[min(len(samples) - 1, max(1, len(samples) // 4))]  # after the first quarter
    return {
        "sockets": held,
        "seconds": seconds,
        "moves": result.moves,
        "moves_per_s": result.moves / seconds,
        "frames": result.frames,
        "errors": len(result.errors),
        "error_examples": result.errors[:5],
        "rss_mb_warm": warm,
        "rss_mb_end": samples[-1],
        "rss_mb_peak": max(samples),
        "rss_mb_every_2s": [round(sample) for sample in samples],
        "rss_growth": (samples[-1] - warm) / warm if warm else 0.0,
    }


def raised_in(log: str) -> collections.Counter:
    """The last line of each traceback in a server log (the exception and its message)."""
    raised: collections.Counter = collections.Counter()
    for block in log.split("Traceback (most recent call last):")[1:]:
        lines = [line for line in block.splitlines() if line and not line.startswith(" ")]
        if lines:
            raised[lines[0]] += 1
    return raised


def main() -> None:
    from bench.online import (
        PRODUCTION,
        REDIS_URL,
        create_tables,
        fresh_database,
        prepare_templates,
    )

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--period", type=float, default=2.0, help="seconds between a table's moves")
    parser.add_argument("--setup", default="sqlite", choices=("sqlite", "pg1", "pg2"))
    parser.add_argument("--rss-growth", type=float, default=0.15)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="sarco-soak-") as workdir:
        work = pathlib.Path(workdir)
        prepare_templates([args.setup], work)
        env = fresh_database(args.setup, work)
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("REDIS_URL", None)
        os.environ.update(env)
        os.environ["DEBUG"] = "true"
        os.environ["SECRET_KEY"] = PRODUCTION["SECRET_KEY"]  # the servers read its sessions
        tables = create_tables(max(1, args.sockets // SOCKETS_PER_TABLE))
        server_env = {**env, **PRODUCTION}
        if args.setup == "sqlite":
            server_env |= {"DATABASE_URL": None, "REDIS_URL": None}
        else:
            server_env |= {"REDIS_URL": REDIS_URL, "CHANNEL_PREFIX": f"soak{os.getpid()}"}
        count = 2 if args.setup == "pg2" else 1
        processes = [Daphne(server_env, log=work / f"daphne-{n}.log") for n in range(count)]
        with servers(*processes):
            figures = asyncio.run(soak(tables, processes, args.seconds, args.period))
        for process in processes:  # the servers' side of any error
            log = process.log.read_text(errors="replace")
            if figures["errors"] and "Traceback" in log:
                print(log[log.rindex("Traceback") :][:3000], file=sys.stderr)
                print(f"{process.log.name}: what was raised, how often:", file=sys.stderr)
                for raised, times in raised_in(log).most_common(10):
                    print(f"  {times:5} {raised[:200]}", file=sys.stderr)
    print(json.dumps(figures, indent=2))
    flat = figures["rss_growth"] <= args.rss_growth
    print(
        f"{args.setup}: {figures['sockets']} sockets for {args.seconds:.0f} s, "
        f"{figures['moves']} moves ({figures['moves_per_s']:.1f}/s), {figures['errors']} errors, "
        f"RSS {figures['rss_mb_warm']:.0f} -> {figures['rss_mb_end']:.0f} MB "
        f"(peak {figures['rss_mb_peak']:.0f}): {'flat' if flat else 'GROWING'}"
    )
    sys.exit(0 if flat and not figures["errors"] else 1)


if __name__ == "__main__":
    main()
