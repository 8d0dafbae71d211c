"""The last moves since you looked: which of a table's log entries are new to its person.

Each seat keeps the table's version when its person last had the table open
(``TableSeat.looked_version``, written with presence, ``games.presence.mark_seen``). A
turn-based player comes back days later; the table page then marks the log's entries that
the moves since that version added. Engines' events carry no version, so the state at the
looked version is replayed (seed + move log up to it, spectator's view only): the difference
of the two views' ``events_total`` (every event ever logged) is what is new. Counting, not
comparing words: a log whose kept window reads the same after a move (the same words again)
still has a new entry. A view without the count falls back to comparing the events. This
runs for a page load of a seated person who missed moves, never for a socket's rendering, so
the shared renderings stay shared.
"""

from __future__ import annotations

from typing import Any

from .models import Table, TableMove
from .replay import replay_states

OVERLAP_SEARCH = 200  # events compared at most when the log was cut or restarted


def looked_version(table: Table, seat: int | None) -> int | None:
    """The version ``seat``'s person last looked at, as the seat was read (before this visit
    records a newer one); None for spectators."""
    if seat is None:
        return None
    for row in table.seat_list:
        if row.position == seat:
            return row.looked_version
    return None


def new_events(table: Table, looked: int) -> int:
    """How many of the table's newest events came from the moves after version ``looked``."""
    if table.state_json is None or looked >= table.version:
        return 0
    engine = table.engine
    now = engine.view(table.state(), None)
    moves = TableMove.objects.filter(table=table, number__lte=looked).order_by("number")
    state = None
    for state in replay_states(  # noqa: B007 - the last state is the one wanted
        table.game, len(table.seat_list), table.seed, table.options, moves
    ):
        pass
    return added(engine.view(state, None), now)


def added(then: dict[str, Any], now: dict[str, Any]) -> int:
    """How many of ``now``'s events came after ``then`` (two views of one table)."""
    shown = now.get("events", [])
    if "events_total" in then and "events_total" in now:
        return max(0, min(now["events_total"] - then["events_total"], len(shown)))
    return len(shown) - _overlap(then.get("events", []), shown)


def _overlap(then: list[Any], now: list[Any]) -> int:
    """The length of the longest end of ``then`` that starts ``now``: the events both saw.
    An engine that only appends gives all of ``then``; one that starts its log afresh
    (a new round) gives none, and all of ``now`` is new."""
    if now[: len(then)] == then:
        return len(then)
    for k in range(min(len(then), len(now), OVERLAP_SEARCH), 0, -1):
        if then[len(then) - k :] == now[:k]:
            return k
    return 0


def mark(context: dict[str, Any], table: Table, looked: int | None) -> None:
    """Have the page's log mark the entries new since ``looked`` (``new_events`` in the
    context). The page then draws its log itself rather than the shared one."""
    board = context.get("board")
    if looked is None or board is None or "events" not in board:
        return
    count = new_events(table, looked)
    if not count:
        return
    events = board["events"]
    shown = events() if callable(events) else events
    context["new_events"] = min(count, len(shown))
    context["shared"] = {name: html for name, html in context["shared"].items() if name != "events"}
