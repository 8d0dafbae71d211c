"""Each test's CPU, read in the worker that runs it: a pytest plugin, and a report of its files.

Run, from the project's root:
    .venv/bin/python -m pytest -m "not browser" -n 2 -p bench.per_test_cpu
    .venv/bin/python bench/per_test_cpu.py [--top 30]
and for the browser's share too, under ``bench/suite_cpu.py``:
    .venv/bin/python bench/suite_cpu.py -- .venv/bin/python -m pytest tests/browser -n 2 \
        -p bench.per_test_cpu

Why: pytest's ``--durations`` gives wall time, which on two busy cores says more about the
neighbours (and, in the niced PostgreSQL pass, about ``nice``) than about the test. This
reads the worker's own CPU around each test (``time.process_time``) and what the children it
reaped used meanwhile (``os.times``: a ``manage.py`` or a server it started and stopped).
A browser's CPU is not there (Chromium's renderers are not the worker's children):
``bench/suite_cpu.py`` counts it in a cgroup per worker (``SARCO_CHROMIUM_CGROUP``), which this
reads around each test when it is set. A test that stops its worker's Playwright (its driver
and Chromium reaped then) shows that Chromium's whole run among its children as well.

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


# This process's tests: id, CPU, children's CPU, its Chromium's CPU.
_ROWS: list[tuple[str, float, float, float]] = []


def _chromium_seconds() -> float:
    """CPU charged so far to this worker's Chromium (0 outside ``bench/suite_cpu.py``, or
    before the worker started one)."""
    group = os.environ.get("SARCO_CHROMIUM_CGROUP")
    if not group:
        return 0.0
    from bench.suite_cpu import charged_seconds  # the plugin's import; the report needs none

    try:
        return charged_seconds(Path(group) / os.environ.get("PYTEST_XDIST_WORKER", "main"))
    except OSError:
        return 0.0


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """The run's first process (xdist's controller, or the only one) drops the last run's
    figures before any worker starts."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        for path in OUT.glob("*.json"):
            path.unlink()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, before, chromium = time.process_time(), os.times(), _chromium_seconds()
    yield
    after = os.times()
    children = (after.children_user + after.children_system) - (
        before.children_user + before.children_system
    )
    _ROWS.append((item.nodeid, time.process_time() - cpu, children, _chromium_seconds() - chromium))


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
    own, children, chromium = (sum(r[n] for r in rows) for n in (1, 2, 3))
    print(
        f"{len(rows)} tests: {own:.0f} s of CPU in the tests, {children:.0f} s in children, "
        f"{chromium:.0f} s in Chromium"
    )
    by_file: collections.Counter[str] = collections.Counter()
    for nodeid, *seconds in rows:
        by_file[nodeid.split("::")[0]] += sum(seconds)
    print(f"\nfiles, CPU s (the {top} costliest):")
    for path, cpu in by_file.most_common(top):
        print(f"{cpu:8.1f}  {path}")
    print(f"\ntests, CPU s in the test + in its children + in Chromium (the {top} costliest):")
    for nodeid, cpu, reaped, browser in sorted(rows, key=lambda r: -sum(r[1:]))[:top]:
        print(f"{cpu:6.1f} + {reaped:5.1f} + {browser:5.1f}  {nodeid}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30)
    report(parser.parse_args().top)
