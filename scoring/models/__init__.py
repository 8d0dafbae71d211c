"""The scoring domain's models, one module per concept; Django finds them all here.

``players`` (players and members' mail), ``seasons``, ``audit`` (the organisers' trail),
``sessions`` (play sessions, seats, rounds, the club's calendar day), ``ratings`` (ratings
and per-seat records), ``origins`` (a bulk import's sheet, an offline edit's key).
"""

from .audit import AuditEntry, AuditEntryQuerySet
from .origins import AppliedEdit, SheetImport
from .players import MemberProfile, Player, PlayerQuerySet
from .ratings import Rating, RatingEvent, RatingLedger, SeatRecord
from .seasons import Season, SeasonQuerySet
from .sessions import (
    PlaySession,
    PlaySessionQuerySet,
    Round,
    Seat,
    at_club_midnight,
    club_date,
    club_today,
    played_label,
)

__all__ = [
    "AppliedEdit",
    "AuditEntry",
    "AuditEntryQuerySet",
    "MemberProfile",
    "PlaySession",
    "PlaySessionQuerySet",
    "Player",
    "PlayerQuerySet",
    "Rating",
    "RatingEvent",
    "RatingLedger",
    "Round",
    "Season",
    "SeasonQuerySet",
    "Seat",
    "SeatRecord",
    "SheetImport",
    "at_club_midnight",
    "club_date",
    "club_today",
    "played_label",
]
