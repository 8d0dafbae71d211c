"""The demo club that `make run` loads, so a fresh install shows no empty page.

Idempotent: running it again changes nothing.
"""

from __future__ import annotations

from django.db import transaction

from .models import Player

DEMO_PLAYERS = ("Anna", "Ben", "Clara", "Daniel", "Henrik", "Nico", "Clemens", "Ron", "Amy")


@transaction.atomic
def load_demo_club() -> dict[str, int]:
    """Create what is missing of the demo club; returns how many of each thing were new."""
    created_players = 0
    for name in DEMO_PLAYERS:
        _, created = Player.objects.get_or_create(name__iexact=name, defaults={"name": name})
        created_players += created
    return {"players": created_players}
