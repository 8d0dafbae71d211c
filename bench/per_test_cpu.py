"""Each test's CPU, read in the worker that runs it: a pytest plugin, and a report of its files.

Run, from the project's root:
    .venv/bin/python -m pytest -m "not browser" -n 2 -p bench.per_test_cpu
    .venv/bin/python bench/per_test_cpu.py [--top 30]

Why: pytest's ``--durations`` gives wall time, which on two busy cores says more about the
neighbours (and, in the niced PostgreSQL pass, about ``nice``) than about the test. This
reads the worker's own CPU around each test (``time.process_time``) and what the children it
reaped used meanwhile (``os.times``: a ``manage.py`` or a server it started and stopped).
A browser's CPU is not here (Chromium's renderers are not the worker's children):
``bench/suite_cpu.py`` counts it apart.

Each worker writes ``.per_test_cpu/<worker>.json``; the report sums them by file and lists the
costliest tests.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import time
from pathlib import Path

import pytest

OUT = Path(".per_test_cpu")


_ROWS: list[tuple[str, float, float]] = []  # this process's tests: id, CPU, children's CPU


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """The run's first process (xdist's controller, or the only one) drops the last run's
    figures before any worker starts."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        for path in OUT.glob("*.json"):
            path.unlink()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, before = time.process_time(), os.times()
    yield
    after = os.times()
    children = (after.children_user + after.children_system) - (
        before.children_user + before.children_system
    )
    _ROWS.append((item.nodeid, time.process_time() - cpu, children))


def pytest_sessionfinish(session):
    if not _ROWS:
        return  # the controller of xdist's workers runs no test
    OUT.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (OUT / f"{worker}.json").write_text(json.dumps(_ROWS))


def report(top: int) -> None:
    rows = [row for path in sorted(OUT.glob("*.json")) for row in json.loads(path.read_text())]
    if not rows:
        raise SystemExit(f"nothing in {OUT}/: run pytest with -p bench.per_test_cpu first")
    own, children = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"{len(rows)} tests: {own:.0f} s of CPU in the tests, {children:.0f} s in children")
    by_file: collections.Counter[str] = collections.Counter()
    for nodeid, cpu, reaped in rows:
        by_file[nodeid.split("::")[0]] += cpu + reaped
    print(f"\nfiles, CPU s (the {top} costliest):")
    for path, cpu in by_file.most_common(top):
        print(f"{cpu:8.1f}  {path}")
    print(f"\ntests, CPU s in the test + in its children (the {top} costliest):")
    for nodeid, cpu, reaped in sorted(rows, key=lambda r: -(r[1] + r[2]))[:top]:
        print(f"{cpu:6.1f} + {reaped:5.1f}  {nodeid}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30)
    report(parser.parse_args().top)
