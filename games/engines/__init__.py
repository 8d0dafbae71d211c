"""The rules of the games, as pure Python (see docs/contracts/rules-api.md).

Each game is a package (``sarkophag/``, ``sacrifice/``, ``sarcophagus/``, ``sarg/``) whose
``__init__`` exposes ``ENGINE`` plus its own rule functions and whose ``spec`` declares the
game for the other layers; ``base`` holds what they share and ``registry`` knows which games
there are. ``ENGINES`` maps each game's name to its engine; ``get_engine(name)`` looks one up
(a game registered later, such as a test's own, included).
"""

from .base import Engine, IllegalMove, Move, PluralText, Text, View, seat_count
from .registry import slugs, spec_of

GAME_NAMES = slugs()

ENGINES: dict[str, Engine] = {name: spec_of(name).engine for name in GAME_NAMES}


def get_engine(name: str) -> Engine:
    """The engine for a game name; a ``KeyError`` that names the known games otherwise."""
    return spec_of(name).engine


__all__ = [
    "ENGINES",
    "GAME_NAMES",
    "Engine",
    "IllegalMove",
    "Move",
    "PluralText",
    "Text",
    "View",
    "get_engine",
    "seat_count",
]
