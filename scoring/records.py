"""Game-specific highlights of each seat, read from the computed sheet (the calculators'
result), stored so the player page shows records without recomputing old sheets.

Each game's calculator reads its own (``highlights``); the game's spec names them and says
which way is best (``games.engines.registry.Record``). A game without one (Sarcophagus: the
most fame is its best score, shown once as such) records none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from games.engines.registry import parts

from .calculators import SheetError, compute
from .models import PlaySession, Seat, SeatRecord
from .stored_sheets import seats_of, sheet_of

Highlights = Callable[[str, str, dict[str, Any]], dict[str, int | None]]

# Each game's highlights are its calculator's (``scoring.calculators.<game>.highlights``).
HIGHLIGHTS: dict[str, Highlights] = {
    game: module.highlights
    for game, module in parts("scoring.calculators").items()
    if hasattr(module, "highlights")
}


def highlights(game: str, role: str, name: str, result: dict[str, Any]) -> dict[str, int | None]:
    """The record values of the player called ``name`` (with ``role``) in a computed sheet."""
    found = HIGHLIGHTS.get(game)
    return found(role, name, result) if found is not None else {}


def records_of(
    session: PlaySession,
    seats: list[Seat],
    result: dict[str, Any],
    names: list[str] | None = None,
) -> list[SeatRecord]:
    """Unsaved SeatRecord rows of a computed session; ``names`` are the names the result
    uses, in seat order (the seats' player names by default)."""
    names = names or [seat.player.name for seat in seats]
    return [
        SeatRecord(
            session_id=session.pk,
            player_id=seat.player_id,
            game=session.game,
            **highlights(session.game, seat.role, name, result),
        )
        for seat, name in zip(seats, names, strict=True)
    ]


@transaction.atomic
def record_session(session: PlaySession) -> None:
    """Rewrite the session's records from its sheet (none unless it is finished)."""
    SeatRecord.objects.filter(session=session).delete()
    if session.status != PlaySession.Status.FINISHED or not session.rounds.exists():
        return
    seats = seats_of(session)
    try:
        result = compute(sheet_of(session, seats=seats))
    except (SheetError, KeyError, IndexError, TypeError, ValueError):
        return  # records are a nicety: a sheet they cannot read must not stop a finish
    write_records(session, seats, result)


def write_records(session: PlaySession, seats: list[Seat], result: dict[str, Any]) -> None:
    """Write the records of a finished session without any yet, from the calculators'
    result of its sheet (a new online game's, just computed to write it)."""
    try:
        rows = records_of(session, seats, result)
    except (KeyError, IndexError, TypeError, ValueError):
        return  # records are a nicety: a sheet they cannot read must not stop a finish
    SeatRecord.objects.bulk_create(rows)
