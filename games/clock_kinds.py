"""The paces a table can be played at, as the host picks them: no clock, a live clock per move
(with a small time bank for long thoughts) or turn-based ("daily") days per move.

A table keeps its choice in ``Table.clock`` as a small dict, the contract's shape:
``None``, ``{"kind": "live", "seconds": N}`` or ``{"kind": "daily", "days": D}``. This module
only names and checks the choices; ``games.clocks`` runs them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

LIVE = "live"
DAILY = "daily"

LIVE_SECONDS = (30, 60, 90, 120)
DAILY_DAYS = (1, 2, 3, 5, 7, 14)

# A live seat's time bank: used up only where a move takes longer than the move's seconds.
LIVE_BANK_SECONDS = 120
# Timeouts in a row after which a bot takes the seat for the rest of the game.
TIMEOUTS_TO_LEAVE = 3
# A turn-based table nobody moved in for its days times this is ended as abandoned.
ABANDON_AFTER_DAYS_TIMES = 3
# Vacation days a member may take a year; on vacation their turn-based clocks stop.
VACATION_DAYS_A_YEAR = 14

Clock = dict[str, Any] | None


class ClockError(ValueError):
    """A clock that is not one of the paces offered; the message is for people."""


def clean_clock(clock: Mapping[str, Any] | None) -> Clock:
    """``clock`` as stored, or ``ClockError`` when it is not one of the offered paces."""
    if not clock:
        return None
    if not isinstance(clock, Mapping):
        raise ClockError(_("Choose a pace from the list."))
    kind = clock.get("kind")
    if kind == LIVE:
        seconds = clock.get("seconds")
        if type(seconds) is not int or seconds not in LIVE_SECONDS:
            raise ClockError(_("Choose a live clock from the list."))
        return {"kind": LIVE, "seconds": seconds}
    if kind == DAILY:
        days = clock.get("days")
        if type(days) is not int or days not in DAILY_DAYS:
            raise ClockError(_("Choose the days a move from the list."))
        return {"kind": DAILY, "days": days}
    raise ClockError(_("Choose a pace from the list."))


def is_live(clock: Clock) -> bool:
    return bool(clock) and clock["kind"] == LIVE


def is_daily(clock: Clock) -> bool:
    return bool(clock) and clock["kind"] == DAILY


def describe(clock: Clock) -> str:
    """The pace in words, as the lobby and the table show it."""
    if is_live(clock):
        return _("%(seconds)d seconds a move") % {"seconds": clock["seconds"]}
    if is_daily(clock):
        days = clock["days"]
        return ngettext("%(days)d day a move", "%(days)d days a move", days) % {"days": days}
    return _("No clock")
