"""Game-specific highlights of each seat, read from the computed sheet (the calculators'
result), stored so the player page shows records without recomputing old sheets.

Sarg: most points in one round and the best line scored in a square (rows for the Queen,
columns for the King). Sarkophag: fewest heads taken in one round. Sacrifice: the points on
the altar. Sarcophagus' record, the most fame, is its best score (shown once, as such).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .calculators import SheetError, compute
from .models import PlaySession, Seat, SeatRecord
from .stored_sheets import seats_of, sheet_of


def highlights(game: str, role: str, name: str, result: dict[str, Any]) -> dict[str, int | None]:
    """The record values of the player called ``name`` (with ``role``) in a computed sheet."""
    rounds = result.get("rounds") or []
    if game == "sarg":
        lines = "rows" if role == "queen" else "columns"
        values = [
            line["value"]
            for r in rounds
            if r.get("explanation")
            for line in r["explanation"][lines]
        ]
        return {
            "best_round": max((r["credited"][name] for r in rounds), default=None),
            "best_line": max(values, default=None),
        }
    if game == "sarkophag":
        return {"fewest_heads": min((r["credited"][name] for r in rounds), default=None)}
    if game == "sacrifice":
        return {"altar": result["breakdown"][name]["sacrifices"]}
    return {}


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
        rows = records_of(session, seats, result)
    except (SheetError, KeyError, IndexError, TypeError, ValueError):
        return  # records are a nicety: a sheet they cannot read must not stop a finish
    SeatRecord.objects.bulk_create(rows)
