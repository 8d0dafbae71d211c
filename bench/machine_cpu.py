"""Where a benchmark's CPU went, read from ``/proc``: the whole machine's busy time, one
process's, and PostgreSQL's and Redis's together (the database's and the layer's share of a
move, apart from the servers and the clients)."""

from __future__ import annotations

import os
import pathlib

TICKS = os.sysconf("SC_CLK_TCK")
SERVICES = ("postgres", "redis-server")  # process names, as /proc/<pid>/stat gives them


def machine_busy_seconds() -> float:
    """CPU time all cores spent busy so far (``/proc/stat``): the servers, the clients,
    PostgreSQL, Redis and anything else running."""
    fields = [int(n) for n in pathlib.Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / TICKS  # up to steal; guests counted


def process_seconds(stat: pathlib.Path) -> tuple[str, float, float]:
    """A process's name and its user and system CPU seconds so far, from its ``stat`` file."""
    head, _, rest = stat.read_text().partition(") ")
    fields = rest.split()
    return head.split("(", 1)[1], int(fields[11]) / TICKS, int(fields[12]) / TICKS


def services_busy_seconds() -> float:
    """CPU time every PostgreSQL and Redis process on the machine spent so far."""
    busy = 0.0
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            name, user, system = process_seconds(stat)
        except OSError:
            continue  # gone meanwhile
        if name.startswith(SERVICES):
            busy += user + system
    return busy
