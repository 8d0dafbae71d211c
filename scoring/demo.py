"""The demo club that `make run` loads, so a fresh install shows no empty page.

Idempotent: running it again changes nothing.
"""

from __future__ import annotations

from django.db import transaction

from games.engines.registry import parts

from .models import Player, PlaySession
from .sheet_import import import_sheet

# One sheet per game, each from its calculator (``scoring.calculators.<game>.DEMO_SHEET``).
DEMO_SHEETS = tuple(
    module.DEMO_SHEET
    for module in parts("scoring.calculators").values()
    if hasattr(module, "DEMO_SHEET")
)

DEMO_PLAYERS = ("Anna", "Ben", "Clara", "Daniel", "Henrik", "Nico", "Clemens", "Ron", "Amy")


@transaction.atomic
def load_demo_club() -> dict[str, int]:
    """Create what is missing of the demo club; returns how many of each thing were new."""
    created_players = 0
    for name in DEMO_PLAYERS:
        _, created = Player.objects.get_or_create(name__iexact=name, defaults={"name": name})
        created_players += created
    created_sessions = 0
    for sheet in DEMO_SHEETS:
        # One demo session per game and player line-up: a second run finds it and adds nothing.
        seats = PlaySession.objects.filter(game=sheet["game"], created_by=None)
        if not any(
            [s.player.name for s in session.seats.all()] == sheet["players"]
            for session in seats.prefetch_related("seats__player")
        ):
            import_sheet(sheet, None)
            created_sessions += 1
    return {"players": created_players, "sessions": created_sessions}
