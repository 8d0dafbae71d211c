"""The scorekeeper's entry forms, one module per game, as in ``scoring.calculators``.

Each game module turns what a phone posted into a *draft* (the form as the person sees it)
and an *entry* (what goes into the sheet JSON), builds that game's part of the sheet JSON and
the context of its form. ``ENTRIES`` maps each registered game's name to its module here;
``form.entry_context`` is the part all four forms share.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.engines.registry import parts

from .common import DraftError


class GameEntry(Protocol):
    """What every module of this package provides (modules satisfy it as they are)."""

    GAME: str
    AT_END: bool  # entered once at the end of the game (kept as round 1), not round by round
    TEMPLATE: str  # the form's partial template
    KEYS: tuple[str, ...]  # the sheet keys of an end-of-game entry (none for a round game)
    SEAT_LABELS: tuple[str, ...]  # what the first seats get (Sarg's roles, Sacrifice's decks)

    def draft(self, post, names: list[str]) -> dict[str, Any]: ...

    def entry(self, draft: dict[str, Any], names: list[str]) -> dict[str, Any]: ...

    def check_saved(self, entry: dict[str, Any], names: list[str]) -> None:
        """DraftError for an entry no real game can produce (checked when saving only)."""

    def draft_from_entry(
        self, entry: dict[str, Any] | None, names: list[str]
    ) -> dict[str, Any]: ...

    def sheet(
        self, base: dict[str, Any], roles: dict[str, str], options: dict[str, Any], entries: list
    ) -> dict[str, Any]: ...

    def form(self, context: dict[str, Any], seats, rounds) -> dict[str, Any]: ...

    def end_item(self, result: dict[str, Any]) -> dict[str, Any]: ...


ENTRIES: dict[str, GameEntry] = parts(__name__)  # scoring.entry.<game>, by the registry
END_GAMES = tuple(game for game, module in ENTRIES.items() if module.AT_END)
ROUND_GAMES = tuple(game for game, module in ENTRIES.items() if not module.AT_END)


def entry_of(game: str) -> GameEntry:
    """The entry module of a game (KeyError for a game without one)."""
    return ENTRIES[game]


def build_sheet(
    game: str,
    players: list[str],
    roles: dict[str, str],
    options: dict[str, Any],
    entries: list[dict[str, Any]],
) -> dict[str, Any]:
    """A session's parts as the sheet JSON of docs/scorekeeper.md."""
    base: dict[str, Any] = {"game": game, "players": list(players)}
    return entry_of(game).sheet(base, roles, options, entries)


__all__ = [
    "END_GAMES",
    "ENTRIES",
    "ROUND_GAMES",
    "DraftError",
    "GameEntry",
    "build_sheet",
    "entry_of",
]
