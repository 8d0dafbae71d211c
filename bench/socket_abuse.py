"""One hostile socket against a few normal tables: does a flood slow anyone else?

Run: .venv/bin/python bench/socket_abuse.py [--tables 4] [--seconds 15]

One daphne (the embedded default: SQLite, in-memory channel layer), ``--tables`` started Sarg
tables of two people playing a move a second each (``bench.online``'s clients: a move posted
over HTTP, timed until both seats' sockets show it), measured twice: alone, then while another
process floods a further table's socket with frames as fast as it can send them, every other
one oversized (64 KiB). The server refuses them and closes the socket (``sarco.socket_limits``);
the flooder reconnects at once and goes on. Prints the normal tables' round trip p50/p99 for
both runs and how many frames and connections the flooder got through. A measurement, not a
test (bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import Daphne, connect, servers  # noqa: E402
from bench.online import (  # noqa: E402
    PRODUCTION,
    create_tables,
    fresh_database,
    measure,
    prepare_templates,
)

OVERSIZED = "x" * 65536


async def flood(ws_base: str, public_id: str, seconds: float, tally) -> None:
    """Frames as fast as the socket takes them; a fresh socket whenever one is closed. The
    counts go to the parent's ``tally`` now and then (it ends this process when done)."""
    from websockets.exceptions import ConnectionClosed

    until = time.monotonic() + seconds
    counts = {"sockets": 0, "frames": 0}
    while time.monotonic() < until:
        try:
            async with connect(ws_base, f"/ws/play/{public_id}/") as socket:
                counts["sockets"] += 1
                tally.update(counts)
                while time.monotonic() < until:
                    frame = OVERSIZED if counts["frames"] % 2 else '{"resync": true}'
                    await socket.send(frame)
                    counts["frames"] += 1
                    if counts["frames"] % 1000 == 0:
                        tally.update(counts)
        except (ConnectionClosed, OSError):
            continue


def flood_process(ws_base: str, public_id: str, seconds: float, tally) -> None:
    """Its own process, so the flood does not take the measuring clients' event loop."""
    asyncio.run(flood(ws_base, public_id, seconds, tally))


def run(count: int, seconds: float, workdir: pathlib.Path, flooding: bool) -> dict:
    env = fresh_database("sqlite", workdir)
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    os.environ.update(env, DEBUG="true", SECRET_KEY=PRODUCTION["SECRET_KEY"])
    tables = create_tables(count + 1)
    chains, target = [[table] for table in tables[:count]], tables[count]
    server_env = {**env, **PRODUCTION, "DATABASE_URL": None, "REDIS_URL": None}
    server = Daphne(server_env, log=workdir / "daphne.log")
    tally = multiprocessing.Manager().dict(sockets=0, frames=0)
    with servers(server):
        flooder = None
        if flooding:
            flooder = multiprocessing.Process(
                target=flood_process,
                args=(server.ws_base, target["public_id"], seconds + 60, tally),
            )
            flooder.start()
        try:
            figures = asyncio.run(measure(chains, [server], "paced", seconds))
        finally:
            if flooder is not None:
                flooder.terminate()
                flooder.join(timeout=10)
    return {**figures, "flood_sockets": tally["sockets"], "flood_frames": tally["frames"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # child: "flood|quiet,workdir"
    args = parser.parse_args()
    if args.one:  # each run in its own process: Django set up for that run's database
        name, workdir = args.one.split(",", 1)
        figures = run(args.tables, args.seconds, pathlib.Path(workdir), name == "flood")
        print(json.dumps(figures))
        return
    with tempfile.TemporaryDirectory(prefix="socket-abuse-") as work:
        prepare_templates(["sqlite"], pathlib.Path(work))
        print(f"{'run':6} {'p50 ms':>8} {'p99 ms':>8} {'moves':>6} {'errors':>6} flood")
        for name in ("quiet", "flood"):
            child = subprocess.run(
                [sys.executable, __file__, "--tables", str(args.tables),
                 "--seconds", str(args.seconds), "--one", f"{name},{work}"],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            figures = json.loads(child.stdout.splitlines()[-1])
            print(
                f"{name:6} {figures['p50']:8.1f} {figures['p99']:8.1f} "
                f"{figures['moves']:6} {figures['errors']:6} "
                f"{figures['flood_frames']} frames over {figures['flood_sockets']} sockets",
                flush=True,
            )


if __name__ == "__main__":
    main()
