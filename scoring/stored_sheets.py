"""A stored session read back as a score sheet (the import/export JSON of docs/scorekeeper.md).

Reading only: the ratings' records, the exports and the sheet pages read a session this way,
and ``scoring.sheets`` writes it. Kept apart from the writing so that what the ratings read
does not import what calls the ratings.
"""

from __future__ import annotations

from typing import Any

from .entry import build_sheet
from .models import PlaySession, Round, Seat


def seats_of(session: PlaySession) -> list[Seat]:
    return list(session.seats.select_related("player").order_by("position"))


def rounds_of(session: PlaySession) -> list[Round]:
    return list(session.rounds.order_by("number"))


def roles_of(seats: list[Seat]) -> dict[str, str]:
    return {seat.role: seat.player.name for seat in seats if seat.role}


def names_of(seats: list[Seat]) -> list[str]:
    return [seat.player.name for seat in seats]


def entries_of(rounds: list[Round], seats: list[Seat]) -> list[dict[str, Any]]:
    """The rounds' entries in the sheet format: stored, they name seats, not players."""
    names = names_of(seats)
    return [r.entry_in(names) for r in rounds]


def sheet_of(session: PlaySession, seats=None, rounds=None) -> dict[str, Any]:
    """The session as a score sheet (the import/export JSON)."""
    seats = seats_of(session) if seats is None else seats
    rounds = rounds_of(session) if rounds is None else rounds
    return build_sheet(
        session.game, names_of(seats), roles_of(seats), session.options, entries_of(rounds, seats)
    )
