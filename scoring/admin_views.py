"""Parts of the organisers' admin pages kept out of ``scoring.admin`` (a long module): the
round correction's new totals, the merge undo and the bulk delete with a reason."""

from __future__ import annotations

from typing import Any


def new_results(entry: dict[str, Any], seats) -> list[dict[str, Any]]:
    """Per seat, what the corrected round would make of the game: the round's credit and the
    running total after it (games entered round by round), the new total and place, and the
    total now. Empty while the form holds no entry the rules can compute."""
    preview = entry.get("preview")
    if not preview:
        return []
    round_ = entry.get("preview_round") or {}
    credited, running = round_.get("credited") or {}, round_.get("running") or {}
    return [
        {
            "name": seat.player.name,
            "credited": credited.get(seat.player.name),
            "running": running.get(seat.player.name),
            "total": preview["totals"].get(seat.player.name),
            "place": preview["places"].get(seat.player.name),
            "was": seat.score,
        }
        for seat in seats
    ]
