"""Online games written as scoring sessions, exactly as the scorekeeper writes a sheet.

``games.recording`` turns a finished table into score-sheet entries (docs/scorekeeper.md);
this module stores them through the scorekeeper's own path: ``create_session`` for the
seats and roles, then ``fill_session``, which computes totals and places with the calculators
and writes rounds and results as an import does. So an online session and the same game typed into
the scorekeeper are one and the same record, and the leaderboard cannot tell them apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from . import sheets
from .models import Player, PlaySession, Seat
from .ratings import leavers_last, session_changed
from .records import write_records
from .stored_sheets import seats_of


@transaction.atomic
def record_online_session(
    game: str,
    players: list[Player],
    *,
    roles: dict[str, str],
    options: dict[str, Any],
    entries: list[dict[str, Any]],
    created_by=None,
    finished_at=None,
    left: Iterable[int] = (),
) -> tuple[PlaySession, dict[str, Any]]:
    """A finished online session from its sheet entries, and the calculator's result.

    ``roles`` maps a role to a player's name (Sarg), ``entries`` are the rounds (Sarkophag,
    Sarg) or the one end-of-game entry (Sarcophagus, Sacrifice) in the sheet JSON format.
    A sheet the calculators refuse raises ``SheetError``: an online game is always complete,
    so that is a bug and must not be stored. ``left``: the positions of players who left
    (a bot finished for them): their seats say so and they are placed last, as the ratings
    rank them. Ratings are brought up to date.
    """
    session = sheets.create_session(
        game, created_by, players, options, roles, mode=PlaySession.Mode.ONLINE
    )
    seats = seats_of(session)
    result = sheets.fill_session(session, roles, entries, seats)
    if not result["finished"]:
        raise ValueError("An online game is recorded once it is over.")
    _mark_leavers(seats, set(left))
    session.status = PlaySession.Status.FINISHED
    session.finished_at = finished_at or timezone.now()
    session.save(update_fields=["status", "finished_at", "version"])
    write_records(session, seats, result)  # from the sheet just computed, not read back
    session_changed(session, records_written=True)
    return session, result


def _mark_leavers(seats: list[Seat], left: set[int]) -> None:
    """``seats``: the session's, in order, with the places just written."""
    if not left:
        return
    gone = [seat.position in left for seat in seats]
    places = leavers_last([seat.place or len(seats) for seat in seats], gone)
    for seat, place, is_gone in zip(seats, places, gone, strict=True):
        seat.place, seat.left = place, is_gone
    Seat.objects.bulk_update(seats, ["place", "left"])
