"""The rules of the four games, as pure Python (see docs/contracts/rules-api.md).

``ENGINES`` maps each game's name to its engine; ``get_engine(name)`` looks one up.
Each game is a package (``sarkophag/``, ``sacrifice/``, ``sarcophagus/``, ``sarg/``) whose
``__init__`` exposes ``ENGINE`` plus its own rule functions; ``base`` holds what they share.
"""

from importlib import import_module

from .base import Engine, IllegalMove, Move, PluralText, Text, View, seat_count

GAME_NAMES = ("sarkophag", "sacrifice", "sarcophagus", "sarg")

ENGINES: dict[str, Engine] = {
    name: import_module(f"{__name__}.{name}").ENGINE for name in GAME_NAMES
}


def get_engine(name: str) -> Engine:
    """The engine for a game name; a ``KeyError`` that names the known games otherwise."""
    try:
        return ENGINES[name]
    except KeyError:
        raise KeyError(f"No game called {name!r}; known games: {', '.join(GAME_NAMES)}") from None


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
