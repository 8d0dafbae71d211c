"""The demo club that `make run` loads, so a fresh install shows no empty page.

Idempotent: running it again changes nothing.
"""

from __future__ import annotations

from django.db import transaction

from .models import Player, PlaySession
from .sheet_import import import_sheet

DEMO_SHEETS = (
    {
        "game": "sarkophag",
        "players": ["Anna", "Ben", "Clara"],
        "limit": 20,
        "rounds": [
            {"heads": {"Anna": 12, "Ben": 0, "Clara": 7}},
            {"cards": {"Anna": [22, 15], "Ben": [], "Clara": [9, 8, 36]}},
            {"heads": {"Anna": 3, "Ben": 9, "Clara": 2}},
        ],
    },
    {
        "game": "sarcophagus",
        "players": ["Ron", "Amy"],
        "tiles": {"Ron": ["5-sun", "2-moon"], "Amy": ["ace-sun", "null-arms"]},
        "sarcophagus": {"Amy": ["null-moon"]},
        "discard": {"Ron": "2-moon"},
    },
    {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]},
        "sacrificed": {"Anna": ["AS", "7D"], "Ben": ["KD"]},
    },
    {
        "game": "sarg",
        "players": ["Henrik", "Nico"],
        "roles": {"queen": "Henrik", "king": "Nico"},
        "rounds": [
            {"grid": [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]},
            {"queen": 38, "king": 30},
            {"queen": 21, "king": 45},
        ],
    },
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
