"""Sarcophagus: the engine and the rule functions other code calls (docs/contracts/rules-api.md).

``pyramid`` holds the geometry, ``tiles`` the notation and fame, ``state`` the game state and
its set-up, ``view`` what one seat may see, ``engine`` the protocol. Only the names below are
public.
"""

from .engine import ENGINE, layout_game
from .pyramid import free_sides
from .tiles import (
    SUITS,
    TILES,
    end_of_game,
    fame,
    fame_breakdown,
    least_costly_discard,
    parse_tile,
    ranking,
)

__all__ = [
    "ENGINE",
    "SUITS",
    "TILES",
    "end_of_game",
    "fame",
    "fame_breakdown",
    "free_sides",
    "layout_game",
    "least_costly_discard",
    "parse_tile",
    "ranking",
]
