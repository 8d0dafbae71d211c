"""The lobby's lists: tables to join and to watch per game, and the viewer's own tables.

Read-only queries over ``Table``'s QuerySet methods; the lobby page and its socket both use it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from sarco.catalog import GAMES

from .clock_kinds import DAILY, LIVE, describe
from .labels import option_text, seat_name
from .models import Table

LIST_LIMIT = 20
NO_CLOCK = "none"
# The lobby's pace filter (a GET parameter): every table when it is empty or unknown.
PACES = {
    "": _("All"),
    LIVE: _("Live clock"),
    DAILY: _("Turn-based"),
    NO_CLOCK: _("No clock"),
}


def clean_pace(raw: object) -> str:
    """A pace filter as asked for, or "" (every table) for anything not offered."""
    return raw if isinstance(raw, str) and raw in PACES else ""


def of_pace(tables: QuerySet, pace: str) -> QuerySet:
    if pace == NO_CLOCK:
        return tables.filter(Q(clock__isnull=True) | Q(clock={}))
    if pace in (LIVE, DAILY):
        return tables.filter(clock__kind=pace)
    return tables


def table_item(table: Table, user=None, *, your_turn: bool = False) -> dict[str, Any]:
    seats = list(table.seats.all())
    return {
        "table": table,
        "public_id": table.public_id,
        "options": option_text(table.game, table.options),
        "pace": describe(table.clock),
        "seats": [
            {
                "name": seat_name(s),
                "free": s.is_free,
                "invite_only": s.invite_only,
                "bot": s.is_bot,
                "to_act": s.to_act,
            }
            for s in seats
        ],
        "free": sum(s.is_free and not s.invite_only for s in seats),
        "your_turn": your_turn,
        "status": table.get_status_display(),
    }


def lobby_lists(user, pace: str = "") -> dict[str, Any]:
    """Per game: the tables with a seat to take, the running tables to watch, of the ``pace``
    asked for (``PACES``); then "mine", all of them."""
    pace = clean_pace(pace)
    signed_in = bool(user is not None and user.is_authenticated)
    awaiting = set(Table.objects.awaiting(user).values_list("pk", flat=True))
    games = []
    for info in GAMES:
        waiting = of_pace(Table.objects.joinable(), pace).for_game(info.slug)
        running = of_pace(Table.objects.running(), pace).for_game(info.slug)
        waiting, running = (t.with_seats().newest_first() for t in (waiting, running))
        games.append(
            {
                "info": info,
                "waiting": [table_item(t) for t in waiting[:LIST_LIMIT]],
                "running": [table_item(t) for t in running[:LIST_LIMIT]],
            }
        )
    mine = []
    if signed_in:
        own = Table.objects.of_user(user).live().with_seats().newest_first()[:LIST_LIMIT]
        mine = [table_item(t, user, your_turn=t.pk in awaiting) for t in own]
        mine.sort(key=lambda item: not item["your_turn"])
    return {
        "games": games,
        "mine": mine,
        "your_turn_count": sum(item["your_turn"] for item in mine),
        "signed_in": signed_in,
        "pace": pace,
    }
