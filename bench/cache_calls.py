"""A cache read from a new task, as daphne serves each request: Django's Redis cache beside
sarco's shared-pool one (sarco/redis_cache.py), in the same run.

Run (Redis at SARCO_BENCH_REDIS, default redis://127.0.0.1:6379/14):
    .venv/bin/python bench/cache_calls.py [--reads 300]

Why: Django gives each thread and ASGI task a cache object of its own, each with its own
connection pool, so the first cache call of every request connected to Redis anew.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sarco.settings")
os.environ.setdefault("DEBUG", "true")
os.environ["REDIS_URL"] = os.environ.get("SARCO_BENCH_REDIS", "redis://127.0.0.1:6379/14")

import django

django.setup()

from django.core.cache import caches  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

BACKENDS = {
    "Django's RedisCache": "django.core.cache.backends.redis.RedisCache",
    "SharedPoolRedisCache": "sarco.redis_cache.SharedPoolRedisCache",
}


async def reads_in_new_tasks(count: int) -> tuple[float, float]:
    """Milliseconds of wall time and of CPU per read, each in a task (and thread) of its own."""

    async def request():
        return await asyncio.to_thread(lambda: caches["default"].get("bench-cache-calls"))

    for _ in range(20):  # warm up: imports, the server's first answers
        await asyncio.create_task(request())
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(count):
        await asyncio.create_task(request())
    return (time.perf_counter() - wall) / count * 1000, (time.process_time() - cpu) / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reads", type=int, default=300)
    args = parser.parse_args()
    print(f"{'cache':22} {'wall ms/read':>13} {'cpu ms/read':>12}")
    for name, backend in BACKENDS.items():
        default = {"BACKEND": backend, "LOCATION": os.environ["REDIS_URL"], "KEY_PREFIX": "bench"}
        with override_settings(CACHES={"default": default}):
            wall, cpu = asyncio.run(reads_in_new_tasks(args.reads))
        print(f"{name:22} {wall:13.2f} {cpu:12.2f}", flush=True)


if __name__ == "__main__":
    main()
