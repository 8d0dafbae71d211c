"""Score sheets computed: a sheet in the import/export JSON format in, totals out.

``compute(sheet)`` validates a sheet and returns its result; impossible input raises
``SheetError`` naming the field it concerns. Every rule comes from ``games.engines``: this
package only checks what a person typed and adds the rule functions' answers up.

Result keys: ``game``, ``players``, ``totals`` ({name: int}), ``winners`` ([name]: the
leaders while a game is still going, see ``finished``), ``places`` ({name: place}, 1 = best,
ties share a place), ``finished``, ``rounds`` (Sarkophag, Sarg) and ``breakdown`` (per game);
a Sacrifice game lost by running out of cards adds ``lost_by_cards`` (the loser's name) and
``outcome`` (that, in words).
Field paths count from 0: ``rounds.2.grid`` is the third round's square.

A sheet copied from paper may carry the ``totals`` written on it ({name: int}, some or all
players): each is checked against the computed total, and a sum that differs is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from django.utils.translation import gettext as _

from games.engines.registry import with_part

from .common import check_keys, check_players, check_written_totals
from .errors import SheetError
from .shape import check_shape

GAMES = with_part(__name__)  # each game's calculator is its module here, named by its slug


def compute(sheet: Any) -> dict[str, Any]:
    """The result of a score sheet, or ``SheetError`` saying what is wrong with it."""
    if not isinstance(sheet, dict):
        raise SheetError(_("A score sheet is a JSON object with a game and its players."))
    check_shape(sheet)
    game = sheet.get("game")
    if game not in GAMES:
        raise SheetError(
            _("Unknown game %(game)r; a sheet is for one of %(games)s.")
            % {"game": game, "games": ", ".join(GAMES)},
            "game",
        )
    module = import_module(f"{__name__}.{game}")
    allowed = ("game", "players", *module.KEYS, "totals")
    check_keys(sheet, allowed, _("a %(game)s sheet") % {"game": game})
    calculator: Callable[[dict, list[str]], dict] = module.compute
    players = check_players(sheet.get("players"), game)
    result = {"game": game, "players": players, **calculator(sheet, players)}
    check_written_totals(sheet.get("totals"), players, result["totals"])
    return result


__all__ = ["GAMES", "SheetError", "compute"]
