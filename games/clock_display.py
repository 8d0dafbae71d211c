"""A table's clock as its page shows it: whose clock runs, how much is left, in words.

Built from ``clocks.seat_clocks`` and the seats' names only. The fragment carries each
running clock's deadline (not only the seconds left): a rendering kept for its version and
sent again later still counts down right in the browser (``static/js/clock.js``), which
learns the server's time from the ``now`` each rendering carries.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import clocks
from .clock_kinds import describe, is_daily, is_live


def duration_words(seconds: int) -> str:
    """``seconds`` as people say it: the two largest units ("2 days 3 hours", "42 seconds")."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    units = [
        (days, ngettext("%(n)d day", "%(n)d days", days)),
        (hours, ngettext("%(n)d hour", "%(n)d hours", hours)),
        (minutes, ngettext("%(n)d minute", "%(n)d minutes", minutes)),
        (secs, ngettext("%(n)d second", "%(n)d seconds", secs)),
    ]
    first = next((i for i, (n, _words) in enumerate(units) if n), len(units) - 1)
    shown = [(n, words) for n, words in units[first : first + 2] if n or first == len(units) - 1]
    return " ".join(words % {"n": n} for n, words in shown)


def clock_signature(table) -> str:
    """What the clock part depends on besides the version: the seats' deadlines and time
    banks (a day given moves a deadline without a move) and, at a turn-based table, the day
    (vacations start and end with it). Empty for a table without a clock."""
    if not table.clock or table.status != "playing":
        return ""
    seats = ";".join(
        f"{s.position},{s.deadline.timestamp() if s.deadline else ''},{s.bank_seconds},"
        f"{s.left},{s.days_given}"
        for s in table.seat_list
    )
    day = timezone.localdate().isoformat() if is_daily(table.clock) else ""
    return f"{seats}|{day}"


def clock_context(table, names: list[str], seat: int | None, now=None) -> dict[str, Any]:
    """The clock part's context: the pace, each running clock (deadline, seconds left, the
    time bank of a live clock, in words), the seats on vacation, and the seats the viewer
    may give a day (a turn-based table, the viewer seated, not the seat's own and not
    given this turn already)."""
    clock = table.clock
    context: dict[str, Any] = {"pace": describe(clock), "shown": False}
    if not clock or table.status != "playing":
        return context
    now = now or timezone.now()
    name_of = {s.position: name for s, name in zip(table.seat_list, names, strict=False)}
    live = is_live(clock)
    running, away = [], []
    for c in clocks.seat_clocks(table, now):
        name = name_of.get(c.position, "")
        if c.on_vacation:
            away.append(
                _("%(name)s is on vacation: their turn-based clocks stop until they are back.")
                % {"name": name}
            )
        if c.running:
            running.append(_running(c, name, live))
    # What the clocks did lately: moves a bot made for a seat out of time in the last round
    # of turns, and the seats handed to a bot for good.
    since = table.version - len(table.seat_list)
    notes = [
        note["text"]
        for note in clocks.clock_notes(table)
        if note["number"] is None or note["number"] > since
    ]
    give = []
    if is_daily(clock) and seat is not None:
        given = {s.position: s.days_given for s in table.seat_list}
        give = [r for r in running if r["position"] != seat and seat not in given[r["position"]]]
    return {
        **context,
        "shown": True,
        "live": live,
        "daily": is_daily(clock),
        "running": running,
        "away": away,
        "notes": notes,
        "give": give,
        "now_ms": int(now.timestamp() * 1000),
        "day_format": _("%(days)d d %(clock)s"),
    }


def _running(c, name: str, live: bool) -> dict[str, Any]:
    left = max(0, int(c.seconds_left))
    bank = min(int(c.bank_seconds), left) if live else 0
    move_left = left - bank
    words = _("%(name)s's move: %(left)s left") % {
        "name": name,
        "left": duration_words(move_left if live else left),
    }
    if live and bank:
        words += " " + _("(time bank: %(bank)s)") % {"bank": duration_words(bank)}
    return {
        "position": c.position,
        "name": name,
        "words": words,
        "ten_left": _("%(name)s's move: 10 seconds left") % {"name": name},
        "seconds_left": left,
        "move_left": move_left,
        "bank": bank,
        "deadline_ms": int(c.deadline.timestamp() * 1000) if c.deadline else "",
        "clock_text": _clock_text(move_left if live else left, live),
        "bank_text": _clock_text(bank, True) if live else "",
    }


def _clock_text(seconds: int, live: bool) -> str:
    """The visible countdown as the script writes it: "1:05" live, "2 d 03:12" daily."""
    minutes, secs = divmod(max(0, seconds), 60)
    if live:
        return f"{minutes}:{secs:02d}"
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    clock = f"{hours:02d}:{minutes:02d}"
    return _("%(days)d d %(clock)s") % {"days": days, "clock": clock} if days else clock
