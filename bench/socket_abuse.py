"""One hostile socket against a few normal tables: does a flood slow anyone else?

Run: .venv/bin/python bench/socket_abuse.py [--tables 4] [--seconds 15] [--rounds 1]

One server process (the embedded default: SQLite, in-memory channel layer), ``--tables``
started Sarg tables of two people playing a move a second each (``bench.online``'s clients: a
move posted over HTTP, timed until both seats' sockets show it), measured alone and while
another process, from another address (127.0.0.2), floods a further table's socket with frames
as fast as it can send them, every other one oversized (64 KiB), reconnecting at once whenever
it is closed or refused. Each round runs four times back to back, so the machine's load is
the same for all four: plain daphne (the consumer's limits only, ``sarco.socket_limits``)
quiet and flooded, then the production command ``python -m sarco.serve`` (the wire limits of
``sarco.wire_limits`` as well) quiet and flooded. Prints the normal tables' round trip
p50/p99 for each, the server's CPU time per move, and what the flooder got through: frames
sent, sockets opened, handshakes refused. The flooder runs at the lowest priority (nice 19):
an attacker's CPU is not the server's, but here they share two cores. A measurement, not a
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

from bench.live import DAPHNE, SERVE, Daphne, servers  # noqa: E402
from bench.online import (  # noqa: E402
    PRODUCTION,
    create_tables,
    fresh_database,
    measure,
    prepare_templates,
)

OVERSIZED = "x" * 65536
FLOODER_ADDRESS = "127.0.0.2"  # loopback too, but another client address than the tables'
COMMANDS = {"daphne": (str(DAPHNE),), "serve": SERVE}


async def flood(ws_base: str, public_id: str, seconds: float, tally) -> None:
    """Frames as fast as the socket takes them; a fresh socket whenever one is closed or
    refused, at once. The counts go to the parent's ``tally`` now and then (it ends this
    process when done)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    until = time.monotonic() + seconds
    counts = {"sockets": 0, "frames": 0, "refused": 0}
    while time.monotonic() < until:
        try:
            async with connect(
                f"{ws_base}/ws/play/{public_id}/",
                origin="http://127.0.0.1",
                open_timeout=20,
                max_size=None,
                local_addr=(FLOODER_ADDRESS, 0),
            ) as socket:
                counts["sockets"] += 1
                tally.update(counts)
                while time.monotonic() < until:
                    frame = OVERSIZED if counts["frames"] % 2 else '{"resync": true}'
                    await socket.send(frame)
                    counts["frames"] += 1
                    if counts["frames"] % 1000 == 0:
                        tally.update(counts)
        except InvalidHandshake:
            counts["refused"] += 1
            if counts["refused"] % 100 == 0:
                tally.update(counts)
        except (ConnectionClosed, OSError, TimeoutError):
            continue
    tally.update(counts)


def flood_process(ws_base: str, public_id: str, seconds: float, tally) -> None:
    """Its own process, so the flood does not take the measuring clients' event loop."""
    os.nice(19)
    asyncio.run(flood(ws_base, public_id, seconds, tally))


def run(count: int, seconds: float, workdir: pathlib.Path, flooding: bool, command: str) -> dict:
    env = fresh_database("sqlite", workdir)
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    os.environ.update(env, DEBUG="true", SECRET_KEY=PRODUCTION["SECRET_KEY"])
    tables = create_tables(count + 1)
    chains, target = [[table] for table in tables[:count]], tables[count]
    server_env = {**env, **PRODUCTION, "DATABASE_URL": None, "REDIS_URL": None}
    server = Daphne(server_env, log=workdir / "daphne.log", command=COMMANDS[command])
    tally = multiprocessing.Manager().dict(sockets=0, frames=0, refused=0)
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
    flood = {f"flood_{name}": tally[name] for name in ("sockets", "frames", "refused")}
    return {**figures, **flood}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # child: "command,flood|quiet,workdir"
    args = parser.parse_args()
    if args.one:  # each run in its own process: Django set up for that run's database
        command, name, workdir = args.one.split(",", 2)
        flooding = name == "flood"
        figures = run(args.tables, args.seconds, pathlib.Path(workdir), flooding, command)
        print(json.dumps(figures))
        return
    with tempfile.TemporaryDirectory(prefix="socket-abuse-") as work:
        prepare_templates(["sqlite"], pathlib.Path(work))
        print(time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()), load_average(), flush=True)
        heads = ("p50 ms", "p99 ms", "moves", "errors", "cpu/move")
        print(f"{'server':7} {'run':6} " + " ".join(f"{h:>8}" for h in heads) + " flood")
        for _ in range(args.rounds):
            for command, name in (
                ("daphne", "quiet"), ("daphne", "flood"), ("serve", "quiet"), ("serve", "flood")
            ):  # fmt: skip
                child = subprocess.run(
                    [sys.executable, __file__, "--tables", str(args.tables),
                     "--seconds", str(args.seconds), "--one", f"{command},{name},{work}"],
                    capture_output=True, text=True,
                )  # fmt: skip
                if child.returncode:  # say why, and go on with the other runs
                    print(f"{command:7} {name:6} failed (exit {child.returncode}):", flush=True)
                    for line in child.stderr.strip().splitlines()[-12:]:
                        print(f"  {line}", flush=True)
                    continue
                figures = json.loads(child.stdout.splitlines()[-1])
                for line in [x for x in child.stderr.splitlines() if x.startswith("table ")][:3]:
                    print(f"  ({command} {name}) {line}", flush=True)
                flood = (
                    f"{figures['flood_frames']} frames, {figures['flood_sockets']} sockets, "
                    f"{figures['flood_refused']} refused"
                    if name == "flood"
                    else ""
                )
                print(
                    f"{command:7} {name:6} {figures['p50']:8.1f} {figures['p99']:8.1f} "
                    f"{figures['moves']:8} {figures['errors']:8} "
                    f"{figures['cpu_ms_per_move']:8.1f} {flood}",
                    flush=True,
                )
        print(time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()), load_average(), flush=True)


def load_average() -> str:
    return "load average " + " ".join(f"{n:.1f}" for n in os.getloadavg())


if __name__ == "__main__":
    main()
