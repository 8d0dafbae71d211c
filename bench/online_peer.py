"""The boardgame.io peer beside ``bench/online.py``: run at the same sizes and modes in the
same run (its own ``run.sh``), and the ratios of our figures to its."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess

from bench.live import ROOT

# Beside the main checkout; a worktree elsewhere names it in SARCO_BENCH_PEER.
PEER = pathlib.Path(
    os.environ.get("SARCO_BENCH_PEER", ROOT.parent / "shared" / "peer" / "boardgameio")
)
PEER_MODES = {"flat": "fast", "paced": "paced"}


def run_peer(args) -> dict[tuple[int, str], dict]:
    """The boardgame.io peer (its own run.sh) at the same sizes and modes; rows by size, mode."""
    env = {
        **os.environ,
        "SIZES": args.tables.replace(",", " "),
        "MODES": " ".join(PEER_MODES[m] for m in args.modes.split(",")),
        "DELTA_ROW": "0",
        "PACED_MOVES": str(max(5, int(args.seconds))),
        "FAST_MOVES": str(max(24, int(args.seconds * 20))),
    }
    done = subprocess.run(
        ["bash", str(PEER / "run.sh")], env=env, capture_output=True, text=True, check=True
    )
    print("\nboardgame.io peer (../shared/peer/boardgameio/run.sh, same machine, same run):")
    print(done.stdout)
    path = next(
        line.split(":", 1)[1].strip()
        for line in done.stdout.splitlines()
        if line.startswith("results:")
    )
    rows = [json.loads(line) for line in pathlib.Path(path).read_text().splitlines() if line]
    return {(row["matches"], row["mode"]): row for row in rows}


def print_ratios(ours: dict, peer: dict) -> None:
    """Ours divided by the peer's: round trip p50 and p99, CPU per move; the peer's moves/s
    divided by ours (above 1: the peer is that many times better)."""
    print("ratios: sarco / boardgame.io (p50, p99, cpu/mv); boardgame.io / sarco (moves/s)")
    head = f"{'p50':>7} {'p99':>7} {'cpu/mv':>7} {'moves/s':>7}"
    print(f"{'setup':6} {'tables':>6} {'mode':5} {'via':6} {head}")
    for (setup, count, mode, via), figures in ours.items():
        theirs = peer.get((count, PEER_MODES[mode]))
        if not theirs or not theirs["bothMs"]["p50"] or not figures["moves_per_s"]:
            continue
        print(
            f"{setup:6} {count:>6} {mode:5} {via:6} "
            f"{figures['p50'] / theirs['bothMs']['p50']:7.1f} "
            f"{figures['p99'] / theirs['bothMs']['p99']:7.1f} "
            f"{figures['cpu_ms_per_move'] / (theirs['serverCpuMsPerMove'] or float('nan')):7.1f} "
            f"{theirs['movesPerS'] / figures['moves_per_s']:7.1f}"
        )
