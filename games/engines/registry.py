"""Every game, declared once: the one place that knows which games there are.

Each game package beside its engine has a ``spec`` module whose ``SPEC`` (a ``GameSpec``) says
what the other layers need to know of the game without reading its rules: its slug and name,
its engine (and so its seat counts), its options and their words, its roles, the records a
player can hold in it and the words of its score. The registry finds those modules by their
name (``games.engines.<game>.spec``), so adding a game adds files and edits no list.

Every other layer finds its own part of a game by the game's slug in its own package
(``games.boards.<game>``, ``scoring.calculators.<game>``, ``scoring.entry.<game>``,
``games.recording.<game>``, ``games.bots.<game>``, ...) and asks this registry which games
there are: no layer branches on a game's name. Pure Python, no Django, like the engines, so
both online play and the scorekeeper may use it; the Django side translates the ``Text``
words (``sarco.engine_text.say``).
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from .base import Engine, Text


@dataclass(frozen=True)
class Option:
    """A table option as the engine takes it (a keyword of ``new_game``), with its words.

    ``kind`` is ``bool`` or ``int``; an ``int`` option may be left out (None: the engine's
    default) and is otherwise a whole number from ``low`` to ``high``, ``refused`` saying why
    another value is not (with ``%(max)d`` for ``high``) and ``not_a_number`` what a form
    says of typing that is no number. ``aliases`` are older names people or files still use
    for it.
    """

    name: str
    label: Text
    help: Text
    kind: type = bool
    low: int | None = None
    high: int | None = None
    refused: Text | None = None
    not_a_number: Text | None = None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Record:
    """A record a player can hold in the game: a ``SeatRecord`` column and its words;
    ``lowest`` when the smallest value is the record (fewest heads)."""

    field: str
    label: Text
    lowest: bool = False


def _no_words(options: Mapping[str, Any]) -> Text | None:
    return None


def _no_roles(state: Any, names: list[str]) -> dict[str, str]:
    return {}


def _not_over(options: Mapping[str, Any], count: int) -> Text:
    return Text("This game is not over yet.")


@dataclass(frozen=True)
class GameSpec:
    """What a game is, as every layer but its rules needs to know it.

    ``order`` places the game in menus and lists; ``lower_wins`` when a small score is good
    (Sarkophag's heads); ``playing_cards`` when its pieces are the French deck (suits drawn);
    ``roles`` the names of the roles the first seats take (Sarg's Queen and King), and
    ``roles_of(state, names)`` who took them in a played game; ``option_words(options)``
    the table's options in a few words (None: nothing worth saying); ``unfinished(options,
    count)`` why a sheet of ``count`` rounds cannot be finished yet, by the game's own end;
    ``ends_by_score`` when a finished sheet's edit may not leave the game unfinished (Sarg).
    """

    slug: str
    title: str
    engine: Engine
    pitch: Text
    kind: Text
    unit: Text
    order: int = 100
    lower_wins: bool = False
    playing_cards: bool = False
    ends_by_score: bool = False
    options: tuple[Option, ...] = ()
    roles: tuple[str, ...] = ()
    records: tuple[Record, ...] = ()
    option_words: Callable[[Mapping[str, Any]], Text | None] = _no_words
    roles_of: Callable[[Any, list[str]], dict[str, str]] = _no_roles
    unfinished: Callable[[Mapping[str, Any], int], Text] = _not_over

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.engine.max_players

    def option(self, name: str) -> Option | None:
        """The option called ``name`` (or one of its aliases); None if the game has none."""
        return next((o for o in self.options if name == o.name or name in o.aliases), None)

    def set_options(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The options set in ``data`` (a sheet, a row): a number given, a switch on."""
        chosen: dict[str, Any] = {}
        for option in self.options:
            value = data.get(option.name)
            if option.kind is bool and value:
                chosen[option.name] = True
            elif option.kind is not bool and value is not None:
                chosen[option.name] = value
        return chosen


_SPECS: dict[str, GameSpec] = {}


def _discover() -> None:
    """Every ``games.engines.<game>.spec`` module's ``SPEC``, found by its name."""
    package = import_module(__package__)
    for found in pkgutil.iter_modules(package.__path__):
        if not found.ispkg:
            continue
        try:
            module = import_module(f"{__package__}.{found.name}.spec")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.{found.name}.spec":
                raise
            continue
        register(module.SPEC)


def register(spec: GameSpec) -> GameSpec:
    """Add a game; a second game with a known slug is a mistake, not a replacement."""
    if spec.slug in _SPECS and _SPECS[spec.slug] is not spec:
        raise ValueError(f"A game called {spec.slug!r} is registered already")
    _SPECS[spec.slug] = spec
    return spec


def unregister(slug: str) -> None:
    """Forget a game (tests that registered one of their own)."""
    _SPECS.pop(slug, None)


@contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """A game known for the length of a ``with`` block (a test's own game)."""
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.slug)


def specs() -> list[GameSpec]:
    """Every game, in the order menus show them."""
    return sorted(_SPECS.values(), key=lambda spec: (spec.order, spec.slug))


def slugs() -> tuple[str, ...]:
    """Every game's slug, in the order menus show them."""
    return tuple(spec.slug for spec in specs())


def game_choices() -> list[tuple[str, str]]:
    """The games as a model field's choices: (slug, title), in menu order."""
    return [(spec.slug, spec.title) for spec in specs()]


def find(slug: Any) -> GameSpec | None:
    """The game called ``slug``, or None for a name no game has."""
    return _SPECS.get(slug) if isinstance(slug, str) else None


def spec_of(slug: str) -> GameSpec:
    """The game called ``slug``; a ``KeyError`` naming the known games otherwise."""
    spec = find(slug)
    if spec is None:
        raise KeyError(f"No game called {slug!r}; known games: {', '.join(slugs())}")
    return spec


def with_part(package: str) -> tuple[str, ...]:
    """The games that have a module in a layer's ``package``, without importing them (for a
    layer whose game modules import the layer's own package)."""
    return tuple(slug for slug in slugs() if find_spec(f"{package}.{slug}") is not None)


def parts(package: str) -> dict[str, Any]:
    """Each game's module in a layer's ``package`` (``games.boards``, ...), by the game's slug:
    the games without one are left out (they get that layer's generic part, if it has one)."""
    found: dict[str, Any] = {}
    for slug in slugs():
        try:
            found[slug] = import_module(f"{package}.{slug}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{slug}":
                raise
    return found


_discover()
