"""Online play under load: real daphne, real websocket clients, moves posted or sent on the
table's socket (issue 16, issue 28).

Run: .venv/bin/python bench/online.py [--tables 1,50,200] [--seconds 20]
         [--modes paced,flat] [--setups sqlite,pg1,pg2] [--game sarg] [--via socket,post]

Each run gets a fresh database (copied from a migrated template), N started Sarg tables
(to 1000, so games outlast the run) of two people, one websocket per seat and one client
task per table that sends a legal move as the seat to act and waits until every seat's
socket shows the new version. ``--via post``: the move is an HTTP POST to ``play:move``, as a
page without a live socket sends it; ``--via socket``: one frame on the mover's own table
socket, as a live page's ``ws-send`` sends the move's form. Each ``--via`` is a row.
``paced``: each table a move every 0.8-1.2 s, as the peer paces; ``flat``: the next move as
soon as the last one arrived everywhere. ``--game`` plays another game instead
(``GAMES``: Sacrifice with two people, Sarcophagus and Sarkophag with four). Setups:
``sqlite`` (one daphne, in-memory channel layer: the embedded default), ``pg1`` / ``pg2``
(PostgreSQL + Redis, one or two daphne processes; seats and posts alternate between them).

Per run it prints round trip p50/p95/p99 (posted until every seat's socket has the version),
moves/s, server CPU ms per move (all daphne processes), peak RSS, errors, and where the rest
of the two cores went: the clients' CPU ms per move (this process) and the whole machine's
(servers, clients, PostgreSQL, Redis). A measurement, not a test: take figures on a quiet
machine (bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import CSRF_TOKEN, VERSION, Daphne, connect, read_answer, servers  # noqa: E402
from bench.machine_cpu import machine_busy_seconds, services_busy_seconds  # noqa: E402
from bench.online_peer import print_ratios, run_peer  # noqa: E402

PG_SERVER = os.environ.get("SARCO_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("SARCO_BENCH_REDIS", "redis://127.0.0.1:6379/14")
TEMPLATE = "sarco_bench_template"
RUN_DB = "sarco_bench_online"
ROUND_TRIP_LIMIT = 10.0  # seconds: slower than this counts as an error
OPEN_LIMIT = 180.0  # seconds to open every socket before the window starts anyway
# Per game: seats and options (long games where a game has a length to set).
GAMES = {
    "sarg": (2, {"to_1000": True}),
    "sacrifice": (2, {}),
    "sarcophagus": (4, {}),
    "sarkophag": (4, {"limit": 999}),
}
FLAT_GAMES = 20  # flat out, fewer than this many tables chain games so that one outlasts the run
# The servers run as in production (DEBUG off: no query log, no SQL quoting per query),
# over plain HTTP on the loopback, keeping database connections.
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "bench-only-" + "x" * 40,
    "SECURE_SSL_REDIRECT": "false",
    "SESSION_COOKIE_SECURE": "false",
    "CSRF_COOKIE_SECURE": "false",
    "CONN_MAX_AGE": "60",
}


# --- databases -------------------------------------------------------------------------------


def _psql(sql: str) -> None:
    subprocess.run(
        ["psql", f"{PG_SERVER}/postgres", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql],
        check=True,
        capture_output=True,
    )


def _migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, "DEBUG": "true", **env},
        check=True,
    )


def prepare_templates(setups: list[str], workdir: pathlib.Path) -> None:
    """Migrate once per backend; every run starts from a copy."""
    if "sqlite" in setups:
        _migrate({"SQLITE_PATH": str(workdir / "template.sqlite3")})
    if {"pg1", "pg2"} & set(setups):
        _psql(f"DROP DATABASE IF EXISTS {TEMPLATE}")
        _psql(f"CREATE DATABASE {TEMPLATE}")
        _migrate({"DATABASE_URL": f"{PG_SERVER}/{TEMPLATE}"})


def fresh_database(setup: str, workdir: pathlib.Path) -> dict[str, str]:
    if setup == "sqlite":
        path = workdir / "run.sqlite3"
        for leftover in workdir.glob("run.sqlite3*"):
            leftover.unlink()
        shutil.copy(workdir / "template.sqlite3", path)
        return {"SQLITE_PATH": str(path)}
    _psql(f"DROP DATABASE IF EXISTS {RUN_DB} WITH (FORCE)")
    _psql(f"CREATE DATABASE {RUN_DB} TEMPLATE {TEMPLATE}")
    return {"DATABASE_URL": f"{PG_SERVER}/{RUN_DB}"}


# --- one run (in a child process, Django configured for its database) -------------------------


def create_tables(count: int, game: str = "sarg") -> list[dict]:
    """Started tables of ``game``, their players' session ids, and the state the client
    mirrors."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sarco.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games import tables

    User = get_user_model()
    seats, options = GAMES[game]
    made = []
    for number in range(count):
        people = [User(username=f"bench{number}-{seat}") for seat in range(seats)]
        for person in people:
            person.set_unusable_password()
            person.save()
        table = tables.open_table(game, people[0], seats=seats, options=options)
        for person in people[1:]:
            tables.take_seat(table, person)
        table = tables.start(table, people[0])
        sessions = []
        for person in people:
            client = Client()
            client.force_login(person)
            sessions.append(client.cookies["sessionid"].value)
        made.append(
            {
                "public_id": str(table.public_id),
                "game": game,
                "version": table.version,
                "sessions": sessions,
            }
        )
        made[-1]["state"] = table.state()
    return made


class Poster:
    """One player's HTTP/1.1 connection to a server, kept alive between moves as a browser
    keeps it (a fresh connection per move cost the server an accept and a close each)."""

    def __init__(self, port: int, sessionid: str, path: str = "/play/{}/move/") -> None:
        self.port, self.sessionid, self.path = port, sessionid, path
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post_move(self, public_id: str, move: dict, version: int) -> int:
        """POST one move; the status code. A connection the server closed is opened again."""
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            try:
                return await self._post(public_id, move, version)
            except (ConnectionError, asyncio.IncompleteReadError, IndexError, ValueError):
                self.close()
                if attempt == 2:
                    raise ConnectionError("the server closed the connection") from None
        raise AssertionError("unreachable")

    async def _post(self, public_id: str, move: dict, version: int) -> int:
        body = urllib.parse.urlencode({"version": version, "move": json.dumps(move)}).encode()
        self.writer.write(
            (
                f"POST {self.path.format(public_id)} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Cookie: sessionid={self.sessionid}; csrftoken={CSRF_TOKEN}\r\n"
                f"X-CSRFToken: {CSRF_TOKEN}\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(body)}\r\n\r\n"
            ).encode()
            + body
        )
        await self.writer.drain()
        status, keep = await read_answer(self.reader)
        if not keep:
            self.close()
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Seat:
    """One player's websocket: the highest version it has been sent."""

    def __init__(self, socket):
        self.socket = socket
        self.version = -1
        self.changed = asyncio.Event()
        self.closed = False
        self.refused = False

    async def send_move(self, move: dict, version: int) -> None:
        """The move as htmx's ws-send sends its form: the fields as strings, and HEADERS."""
        fields = {"version": str(version), "move": json.dumps(move)}
        await self.socket.send(json.dumps({**fields, "HEADERS": {"HX-Request": "true"}}))

    async def listen(self) -> None:
        try:
            async for frame in self.socket:
                data = frame if isinstance(frame, bytes) else frame.encode()
                if b"data-refusal=" in data[:300]:
                    self.refused = True
                    self.changed.set()
                found = VERSION.search(data)
                if found:
                    self.version = max(self.version, int(found.group(1)))
                    self.changed.set()
        finally:
            self.closed = True
            self.changed.set()

    async def reached(self, version: int) -> None:
        while self.version < version:
            if self.closed:
                raise ConnectionError("socket closed")
            if self.refused:
                raise ValueError("move refused on the socket")
            self.changed.clear()
            await self.changed.wait()


class Results:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.errors = 0
        self.measuring = False
        self.ready = 0  # tables whose sockets are open and current


async def drive_tables(
    chain: list[dict], ports: list[int], mode: str, results: Results, stop, via: str = "post"
):
    """One client's tables, one after another: a game that ends before the window closes (one
    table flat out ends its game in seconds) hands over to the next."""
    for number, table in enumerate(chain):
        if stop.is_set():
            return
        if not await drive_table(table, ports, mode, results, stop, number == 0, via):
            return


async def drive_table(
    table: dict, ports: list[int], mode: str, results: Results, stop, first: bool, via: str
) -> bool:
    """Play one table until its game ends or the run stops (True), or an error (False)."""
    from games.engines import get_engine

    engine = get_engine(table["game"])
    rng = random.Random(table["public_id"])
    state, version = table["state"], table["version"]
    path = f"/ws/play/{table['public_id']}/"
    seats, listeners = [], []
    posters = [
        Poster(ports[position % len(ports)], session)
        for position, session in enumerate(table["sessions"])
    ]
    try:
        for position, session in enumerate(table["sessions"]):
            port = ports[position % len(ports)]
            socket = await connect(f"ws://127.0.0.1:{port}", path, session)
            seats.append(Seat(socket))
            listeners.append(asyncio.create_task(seats[-1].listen()))
        await asyncio.gather(*(seat.reached(version) for seat in seats))
        if first:
            results.ready += 1
            await asyncio.sleep(rng.random())  # paced tables spread over the second
        due = time.perf_counter()  # paced: when the next move is due
        while not stop.is_set() and not engine.is_over(state):
            started = time.perf_counter()
            position = engine.to_act(state)[0]
            move = rng.choice(engine.legal_moves(state, position))
            try:
                if via == "socket":
                    await seats[position].send_move(move, version)
                else:
                    status = await posters[position].post_move(table["public_id"], move, version)
                    if status != 200:
                        raise ValueError(f"HTTP {status}")
                async with asyncio.timeout(ROUND_TRIP_LIMIT):
                    await asyncio.gather(*(seat.reached(version + 1) for seat in seats))
            except (OSError, ValueError, TimeoutError, ConnectionError) as error:
                results.errors += 1  # also before and after the window: every one counts
                print(f"table {table['public_id']}: {error!r}", file=sys.stderr)
                return False  # this table's mirror may be off now: leave it
            took = time.perf_counter() - started
            if results.measuring:
                results.round_trips.append(took)
            state, version = engine.apply(state, position, move), version + 1
            if mode == "paced":
                # 0.8-1.2 s on, as the peer paces: exactly 1 s on, tables held up together
                # moved together ever after (bench/README.md, 2026-12-05). Late: no catching up.
                due = max(due, started) + 0.8 + 0.4 * rng.random()
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
        return True
    finally:
        await hang_up(listeners, seats, posters)


async def hang_up(listeners: list[asyncio.Task], seats: list[Seat], posters: list[Poster]) -> None:
    """A table's client done: stop listening, close its sockets and its connections."""
    for task in listeners:
        task.cancel()
    for seat in seats:
        await seat.socket.close()
    for poster in posters:
        poster.close()


async def measure(
    chains: list[list[dict]], processes: list[Daphne], mode: str, seconds: float, via: str = "post"
) -> dict:
    results, stop = Results(), asyncio.Event()
    ports = [p.port for p in processes]
    drivers = [
        asyncio.create_task(drive_tables(c, ports, mode, results, stop, via)) for c in chains
    ]
    # Every table's sockets open (slow on a loaded machine), then the first moves out.
    deadline = time.perf_counter() + OPEN_LIMIT
    while results.ready + results.errors < len(chains) and time.perf_counter() < deadline:
        await asyncio.sleep(0.2)
    await asyncio.sleep(2.0)
    cpu_before = sum(p.cpu_seconds() for p in processes)
    client_before, machine_before = time.process_time(), machine_busy_seconds()
    services_before = services_busy_seconds()
    results.measuring = True
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    results.measuring = False
    elapsed = time.perf_counter() - started
    cpu = sum(p.cpu_seconds() for p in processes) - cpu_before
    client, machine = time.process_time() - client_before, machine_busy_seconds() - machine_before
    services = services_busy_seconds() - services_before
    stop.set()
    await asyncio.gather(*drivers, return_exceptions=True)
    trips = sorted(results.round_trips)

    def pct(q: float) -> float:
        return 1000 * trips[min(len(trips) - 1, int(q * len(trips)))] if trips else float("nan")

    moves = len(trips)
    return {
        "p50": pct(0.50),
        "p95": pct(0.95),
        "p99": pct(0.99),
        "mean": 1000 * statistics.fmean(trips) if trips else float("nan"),
        "moves_per_s": moves / elapsed,
        "cpu_ms_per_move": 1000 * cpu / moves if moves else float("nan"),
        "client_ms_per_move": 1000 * client / moves if moves else float("nan"),
        "machine_ms_per_move": 1000 * machine / moves if moves else float("nan"),
        "services_ms_per_move": 1000 * services / moves if moves else float("nan"),
        "peak_rss_mb": max(p.peak_rss_mb() for p in processes),
        "errors": results.errors,
        "moves": moves,
    }


def run_one(
    setup: str,
    count: int,
    mode: str,
    seconds: float,
    workdir: pathlib.Path,
    game: str = "sarg",
    via: str = "post",
) -> dict:
    env = fresh_database(setup, workdir)
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ.update(env)
    os.environ["DEBUG"] = "true"
    os.environ["SECRET_KEY"] = PRODUCTION["SECRET_KEY"]  # the servers must read its sessions
    per_client = 1 if mode == "paced" else max(1, FLAT_GAMES // count)
    tables = create_tables(count * per_client, game)
    chains = [tables[n * per_client : (n + 1) * per_client] for n in range(count)]
    server_env = {**env, **PRODUCTION, "SARCO_BOT_PAUSE": "0.7"}
    # Flat out a client sends a seat's moves faster than a person could: not a flood.
    server_env |= {"SARCO_SOCKET_FRAMES_PER_SECOND": "1000", "SARCO_SOCKET_FRAME_BURST": "1000"}
    if setup != "sqlite":
        server_env |= {"REDIS_URL": REDIS_URL, "CHANNEL_PREFIX": f"bench{os.getpid()}"}
    else:
        server_env |= {"DATABASE_URL": None, "REDIS_URL": None}
    count_servers = 2 if setup == "pg2" else 1
    processes = [Daphne(server_env, log=workdir / f"daphne-{n}.log") for n in range(count_servers)]
    with servers(*processes):
        return asyncio.run(measure(chains, processes, mode, seconds, via))


# --- the whole matrix ---------------------------------------------------------------------------

COLUMNS = ("p50", "p95", "p99", "moves_per_s", "cpu_ms_per_move", "peak_rss_mb", "errors")


def print_row(setup: str, count: int, mode: str, via: str, figures: dict) -> None:
    print(
        f"{setup:6} {count:>6} {mode:5} {via:6} "
        f"{figures['p50']:8.1f} {figures['p95']:8.1f} {figures['p99']:8.1f} "
        f"{figures['moves_per_s']:9.1f} {figures['cpu_ms_per_move']:9.2f} "
        f"{figures['peak_rss_mb']:8.1f} {figures['errors']:6} "
        f"{figures['client_ms_per_move']:9.2f} {figures['services_ms_per_move']:9.2f} "
        f"{figures['machine_ms_per_move']:9.2f}",
        flush=True,
    )


def run_child(args, setup: str, count: int, mode: str, via: str, workdir: str, ours: dict) -> None:
    """One row, in a child process (a fresh database, fresh servers)."""
    child = subprocess.run(
        [sys.executable, __file__, "--seconds", str(args.seconds), "--game", args.game,
         "--via", via, "--one", f"{setup},{count},{mode},{workdir}"],
        capture_output=True,
        text=True,
    )  # fmt: skip
    if child.returncode:
        print(f"{setup:6} {count:>6} {mode:5} {via:6} FAILED:\n{child.stderr[-2000:]}")
        return
    ours[setup, count, mode, via] = json.loads(child.stdout.splitlines()[-1])
    print_row(setup, count, mode, via, ours[setup, count, mode, via])
    errors = [x for x in child.stderr.splitlines() if x.startswith("table ")]
    for line in errors[:5]:
        print(f"    {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1", help="comma-separated, e.g. 1,50,200")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--modes", default="paced,flat")
    parser.add_argument("--setups", default="sqlite,pg1,pg2")
    parser.add_argument(
        "--peer", action="store_true", help="also run the boardgame.io peer and print ratios"
    )
    parser.add_argument("--game", default="sarg", choices=sorted(GAMES))
    parser.add_argument(
        "--via", default="socket,post", help="how moves go: socket, post or both (socket,post)"
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)  # child: "setup,tables,mode,workdir"
    args = parser.parse_args()
    vias = args.via.split(",")
    if any(via not in ("socket", "post") for via in vias):
        parser.error("--via takes socket, post or socket,post")

    if args.one:
        setup, count, mode, workdir = args.one.split(",", 3)
        figures = run_one(
            setup, int(count), mode, args.seconds, pathlib.Path(workdir), args.game, vias[0]
        )
        print(json.dumps(figures))
        return

    setups = args.setups.split(",")
    ours: dict[tuple[str, int, str, str], dict] = {}
    with tempfile.TemporaryDirectory(prefix="sarco-bench-") as workdir:
        prepare_templates(setups, pathlib.Path(workdir))
        print(
            f"{'setup':6} {'tables':>6} {'mode':5} {'via':6} {'p50 ms':>8} {'p95 ms':>8} "
            f"{'p99 ms':>8} {'moves/s':>9} {'cpu ms/mv':>9} {'rss MB':>8} {'errors':>6} "
            f"{'client/mv':>9} {'db+lyr/mv':>9} {'all/mv':>9}"
        )
        for setup in setups:
            for count in (int(n) for n in args.tables.split(",")):
                for mode in args.modes.split(","):
                    for via in vias:
                        run_child(args, setup, count, mode, via, workdir, ours)
    if args.peer:
        print_ratios(ours, run_peer(args))


if __name__ == "__main__":
    main()
