"""The leaderboard at club scale: a club of 500 players and 100,000 finished sessions.

Builds a fresh database (SQLite in a temporary file; PostgreSQL too when it answers at
``--postgres URL``), then measures:
- ``manage.py import_sheets`` of 100,000 sheets in the scorekeeper's format (target < 2 min),
  and a second import of the same file (everything skipped);
- ``manage.py rerate``: on ratings that are right (nothing written), and from nothing
  (ratings and events deleted first) (target < 1 min);
- pages, warm: median render time and query count of the standings, the overview, a player
  page (with the player's stats), the club's page, the home page, filtered standings, the
  league (a season of a fifth of the sessions) and the CSV of the league and of the
  standings (target < 100 ms, bounded queries);
- a player's stats and the club's figures computed afresh (what the first render after a
  ratings change pays).

Run: .venv/bin/python bench/leaderboard.py [--sessions 100000] [--players 500] [--postgres URL]
(``make bench-leaderboard``). A measurement, not a test; figures in bench/README.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import os
import pathlib
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GRID = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]
TILES = [
    f"{v}-{s}"
    for v in ("null", "ace", "2", "3", "4", "5")
    for s in ("sun", "moon", "crown", "arms")
]
SACRIFICE = [  # two valid end-of-game entries, one won by each seat
    {"trophies": {0: ["QS"], 1: ["KH", "JK"]}, "sacrificed": {0: [], 1: ["7D"]}},
    {"trophies": {0: ["KH", "JK"], 1: ["QS"]}, "sacrificed": {0: ["AS"], 1: []}},
]


def sheets(n: int, players: int, seed: int = 1) -> list[dict]:
    """``n`` valid finished sheets over five years, a quarter per game; stronger players
    (lower numbers) tend to do better; half carry an id, a fifth were played online."""
    rng = random.Random(seed)
    names = [f"Player {i:03d}" for i in range(players)]
    out = []
    for i in range(n):
        game = ("sarkophag", "sacrifice", "sarcophagus", "sarg")[i % 4]
        seats = {"sarkophag": rng.randint(3, 6), "sarcophagus": rng.randint(2, 4)}.get(game, 2)
        table = rng.sample(range(players), seats)
        who = [names[p] for p in table]
        strength = {names[p]: -p / players + rng.random() for p in table}  # higher is better
        sheet: dict = {"game": game, "players": who}
        if game == "sarkophag":
            weight = {n: 1.5 - strength[n] for n in who}  # the deck holds 93 heads in all
            total = rng.randint(30, 93) / sum(weight.values())
            sheet["rounds"] = [{"heads": {n: int(weight[n] * total) for n in who}}]
        elif game == "sarg":
            sheet["roles"] = {"queen": who[0], "king": who[1]}
            rounds = [{"queen": rng.randint(0, 60), "king": rng.randint(0, 60)} for _ in range(6)]
            if i % 10 == 3:
                rounds[0] = {"grid": GRID}
            sheet["rounds"] = rounds
        elif game == "sarcophagus":
            tiles = rng.sample(TILES, 3 * seats)
            sheet["tiles"] = {n: tiles[3 * k : 3 * k + 3] for k, n in enumerate(who)}
        else:
            entry = SACRIFICE[strength[who[0]] < strength[who[1]]]
            for key in ("trophies", "sacrificed"):
                sheet[key] = {who[k]: cards for k, cards in entry[key].items()}
        day = 1_600_000_000 + rng.randint(0, 5 * 365 * 86400)
        sheet["date"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(day))
        if rng.random() < 0.2:
            sheet["mode"] = "online"
        if i % 2:
            sheet["id"] = f"bench-{i}"
        out.append(sheet)
    return out


def timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def _cpu() -> float:
    """CPU seconds (user + system) of this process and its finished children (the import's
    workers): on a shared machine a steadier figure than the wall clock."""
    me, kids = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def step(label: str, fn) -> None:
    """Run ``fn`` and print its wall time, its CPU time and what it printed."""
    out = io.StringIO()
    cpu = _cpu()
    seconds = timed(lambda: fn(out))
    said = " ".join(out.getvalue().split())
    print(f"{label}: {seconds:.1f} s (CPU {_cpu() - cpu:.1f} s)" + (f"  ({said})" if said else ""))


def page_figures(urls: list[str], runs: int = 15) -> list[tuple[str, float, float, int, float]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="localhost")
    rows = []
    for url in urls:
        cold = timed(lambda u=url: client.get(u))
        for _ in range(2):
            client.get(url)
        times, cpu = [], []
        for _ in range(runs):
            started, used = time.perf_counter(), time.process_time()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            times.append(time.perf_counter() - started)
            cpu.append(
                time.process_time() - used
            )  # this process only: SQLite's work, not a server's
            assert response.status_code == 200, (url, response.status_code)
        median, cpu_median = statistics.median(times) * 1000, statistics.median(cpu) * 1000
        rows.append((url, median, cpu_median, len(queries), cold * 1000))
    return rows


def run(args) -> None:
    import django
    from django.core.management import call_command

    django.setup()
    from django.db import connection

    from scoring.models import Rating, RatingEvent, Season

    print(f"database: {connection.vendor}; {args.sessions:,} sessions, {args.players} players")
    call_command("migrate", verbosity=0)
    data = sheets(args.sessions, args.players)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(data, f)
    step("import_sheets", lambda out: call_command("import_sheets", f.name, stdout=out))
    step("import_sheets again", lambda out: call_command("import_sheets", f.name, stdout=out))
    os.unlink(f.name)
    step("rerate, ratings right", lambda out: call_command("rerate", stdout=out))
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    step("rerate from nothing", lambda out: call_command("rerate", stdout=io.StringIO()))

    best = Rating.objects.filter(game="sarg").order_by("-ordinal").first()
    # the league of the data's last year (a fifth of the sessions), the latest season
    year = Season.objects.create(
        name="Bench year", start=dt.date(2024, 9, 1), end=dt.date(2025, 8, 31)
    )
    urls = [
        "/leaderboard/sarg/",
        "/leaderboard/sarkophag/?page=2",
        "/leaderboard/",
        f"/players/{best.player_id}/",
        "/",
        "/leaderboard/sarg/?period=year",
        "/leaderboard/sarkophag/?mode=online&min=10",
        "/leaderboard/league/",
        f"/leaderboard/league/{year.pk}/?format=csv",
        "/leaderboard/sarg/?format=csv",
        "/leaderboard/club/",
    ]
    print(f"{'page':<45} {'median ms':>10} {'CPU ms':>7} {'queries':>8} {'first ms':>9}")
    for url, median, cpu, queries, cold in page_figures(urls):
        print(f"{url:<45} {median:>10.1f} {cpu:>7.1f} {queries:>8} {cold:>9.0f}")
    stats_figures(best.player_id)


def stats_figures(player_id: int, runs: int = 5) -> None:
    """The player's stats and the club's figures without the cache: median of ``runs``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.leaderboard import club_stats, stats
    from scoring.models import Player

    player = Player.objects.get(pk=player_id)
    for label, fn in (
        (f"player {player_id}'s stats, computed", lambda: stats.compute_player_stats(player)),
        ("the club's figures, computed", club_stats.compute_club_stats),
    ):
        times = []
        for _ in range(runs):
            with CaptureQueriesContext(connection) as queries:
                times.append(timed(fn))
        print(f"{label:<45} {statistics.median(times) * 1000:>10.1f} ms, {len(queries)} queries")


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432/sarco_bench_leaderboard",
        help="a PostgreSQL database to (re)create and measure as well, if the server answers",
    )
    parser.add_argument("--only", choices=["sqlite", "postgres"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only:
        now = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
        print(f"{now} UTC, {_load()}, {os.cpu_count()} cores")
        run(args)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"done, {_load()}; peak memory of the process {peak:,.0f} MB")
        return
    base = {**os.environ, "DJANGO_SETTINGS_MODULE": "sarco.settings", "DEBUG": "true"}
    base.pop("DATABASE_URL", None)
    common = [sys.executable, __file__, "--sessions", str(args.sessions)]
    common += ["--players", str(args.players)]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**base, "SQLITE_PATH": str(pathlib.Path(tmp) / "bench.sqlite3")}
        subprocess.run([*common, "--only", "sqlite"], env=env, check=True)
    if _recreate_postgres(args.postgres):
        env = {**base, "DATABASE_URL": args.postgres}
        subprocess.run([*common, "--only", "postgres"], env=env, check=True)
    else:
        print("PostgreSQL: not reachable, skipped")


def _recreate_postgres(url: str) -> bool:
    try:
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return True
    except Exception as exc:  # the server is optional here
        print(f"PostgreSQL: {exc}")
        return False


if __name__ == "__main__":
    main()
