"""The CPU a command uses, counted by the kernel: the whole of it, and Chromium's share apart.

Run (as root, on a machine with cgroup v1's cpuacct or cgroup v2):
    .venv/bin/python bench/suite_cpu.py -- make test CI=true
    .venv/bin/python bench/suite_cpu.py --label browser -- .venv/bin/pytest tests/browser -n 2

Why: ``make test``'s target (10 minutes on 2 cores) is a matter of CPU seconds, and the ways
used before to count them each missed something. ``/proc/stat`` counts the whole machine (its
idle services, a neighbour's work); ``os.times()`` in the test process counts a child only
once it is reaped, so Chromium's processes land on whichever test ends them. A cgroup holds
the command and everything it starts, and the kernel charges their CPU to it as it is used.

Chromium is started through a small wrapper (``SARCO_CHROMIUM``, which the browser tests
read) that first moves itself into a second cgroup, so the browser's processes are counted
apart from the tests, their live servers and Playwright's driver. Under pytest-xdist each
worker's Chromium gets a group of its own inside that one (named after the worker), whose
path the command finds in ``SARCO_CHROMIUM_CGROUP``: ``bench/per_test_cpu.py`` reads it
around each test. PostgreSQL's server
processes are children of its postmaster, not of the command, so they are outside both; the
figure printed for them is the postmaster's reaped children over the run (close enough on a
machine where nothing else uses that server).

Prints one line: core-seconds outside Chromium, in Chromium, in the PostgreSQL server, their
sum, and the wall time; the command's exit code is this script's.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pathlib
import subprocess
import sys
import tempfile
import time

CHROMIUM = os.environ.get("SARCO_CHROMIUM", "/usr/bin/chromium-headless-shell")
V1 = pathlib.Path("/sys/fs/cgroup/cpuacct")
V2 = pathlib.Path("/sys/fs/cgroup")
POSTMASTER_PIDS = pathlib.Path("/var/run/postgresql")


def charged_seconds(path: pathlib.Path) -> float:
    """Core-seconds charged so far to the cgroup at ``path`` and the groups inside it."""
    usage = path / "cpuacct.usage"  # cgroup v1's cpuacct
    if usage.exists():
        return int(usage.read_text()) / 1e9
    for line in (path / "cpu.stat").read_text().splitlines():  # cgroup v2
        name, value = line.split()
        if name == "usage_usec":
            return int(value) / 1e6
    return 0.0


class Group:
    """One cgroup that counts CPU, made for this run and removed after it."""

    def __init__(self, name: str):
        if V1.is_dir():
            self.path = V1 / name
        elif (V2 / "cgroup.controllers").exists():
            self.path = V2 / name
        else:
            sys.exit("No cgroup that counts CPU here (cgroup v1 cpuacct or cgroup v2).")
        self.path.mkdir(exist_ok=True)
        self.start = self.used()

    def used(self) -> float:
        """Core-seconds charged to the group so far."""
        return charged_seconds(self.path)

    def since_start(self) -> float:
        return self.used() - self.start

    def remove(self) -> None:
        for inner in [path for path in self.path.iterdir() if path.is_dir()]:
            with contextlib.suppress(OSError):  # the workers' groups (cgroup v1 and v2 alike)
                inner.rmdir()
        with contextlib.suppress(OSError):  # a straggler still in it: left to the system
            self.path.rmdir()


def postmaster_children_seconds() -> float | None:
    """CPU of the PostgreSQL server's reaped children (its backends), or None without one."""
    for pid_file in POSTMASTER_PIDS.glob("*.pid"):
        try:
            pid = pid_file.read_text().split()[0]
            fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        ticks = sum(int(fields[n]) for n in (11, 12, 13, 14))  # utime stime cutime cstime
        return ticks / os.sysconf("SC_CLK_TCK")
    return None


def chromium_wrapper(group: Group, folder: str) -> str:
    """A script that joins Chromium's group (its worker's, under pytest-xdist), then becomes
    Chromium."""
    wrapper = pathlib.Path(folder) / "chromium"
    joined = f"{group.path}/${{PYTEST_XDIST_WORKER:-main}}"
    wrapper.write_text(
        f'#!/bin/sh\nmkdir -p "{joined}"\necho $$ > "{joined}/cgroup.procs"\nexec {CHROMIUM} "$@"\n'
    )
    wrapper.chmod(0o755)
    return str(wrapper)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--label", default="run", help="a name for the printed line")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="after --")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command after --")
    tag = f"sarco-cpu-{os.getpid()}"
    rest, chromium = Group(tag), Group(f"{tag}-chromium")
    pg_before = postmaster_children_seconds()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="sarco-cpu-") as folder:
        environment = dict(
            os.environ,
            SARCO_CHROMIUM=chromium_wrapper(chromium, folder),
            SARCO_CHROMIUM_CGROUP=str(chromium.path),
        )
        joined = f'echo $$ > {rest.path}/cgroup.procs && exec "$@"'
        code = subprocess.call(["sh", "-c", joined, "sh", *command], env=environment)
    wall = time.monotonic() - started
    pg_after = postmaster_children_seconds()
    outside, inside = rest.since_start(), chromium.since_start()
    server = pg_after - pg_before if pg_before is not None and pg_after is not None else 0.0
    print(
        f"{args.label}: {outside:.1f} core-s outside Chromium, {inside:.1f} in Chromium, "
        f"{server:.1f} in the PostgreSQL server; {outside + inside + server:.1f} in all, "
        f"{wall:.1f} s of wall time (exit code {code})"
    )
    rest.remove()
    chromium.remove()
    return code


if __name__ == "__main__":
    sys.exit(main())
