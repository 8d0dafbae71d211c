"""Sarcophagus sheets: the tiles each player holds at the end, traps and gods, fame."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engines.sarcophagus import end_of_game, parse_tile, ranking
from sarco.engine_text import refusal

from .common import SheetError, canonical, names_of, parsed_per_player, per_player, places
from .common import name_list as as_list

# The sarcophagus is built from the two nulls and four 5s of the set-up (seed 002), three
# of which end up inside it.
SARCOPHAGUS_SIZE = 3
KEYS = ("tiles", "sarcophagus", "discard")


def compute(sheet: dict[str, Any], players: list[str]) -> dict[str, Any]:
    held = parsed_per_player(sheet.get("tiles"), players, "tiles", parse_tile)
    buried = parsed_per_player(sheet.get("sarcophagus"), players, "sarcophagus", parse_tile)
    _check_each_tile_once(players, held, buried)
    _check_sarcophagus(players, buried)
    choices = per_player(sheet.get("discard"), players, "discard", required=False)

    breakdown: dict[str, dict[str, Any]] = {}
    for name in players:
        wanted = choices.get(name)
        discards = [wanted] if isinstance(wanted, str) else as_list(wanted, f"discard.{name}")
        try:
            discards = [canonical(parse_tile, tile, f"discard.{name}") for tile in discards]
            # How many tiles the traps take does not depend on which: choices beyond that
            # (a choice for a trap that never bit) are reported, not refused.
            biting = len(end_of_game(held[name], buried[name])["discarded"])
            breakdown[name] = end_of_game(held[name], buried[name], discards[:biting])
        except ValueError as exc:
            raise SheetError(refusal(exc), f"discard.{name}") from None
        breakdown[name]["unused_discards"] = discards[biting:]

    fames = [breakdown[name]["fame"] for name in players]
    counts = [breakdown[name]["tile_count"] for name in players]
    return {
        "totals": {name: breakdown[name]["fame"] for name in players},
        "winners": names_of(ranking(fames, counts), players),
        "places": places(
            players, key=lambda n: (-breakdown[n]["fame"], breakdown[n]["tile_count"])
        ),
        "finished": True,
        "rounds": [],
        "breakdown": breakdown,
    }


def _check_each_tile_once(
    players: list[str], held: dict[str, list[str]], buried: dict[str, list[str]]
) -> None:
    """A piecepack has one of each tile: nobody can hold a tile twice or share one."""
    owner: dict[str, str] = {}
    for field, tiles in (("tiles", held), ("sarcophagus", buried)):
        for name in players:
            for tile in tiles[name]:
                if tile in owner:
                    if owner[tile] == name:
                        message = _(
                            "The %(tile)s tile is listed twice; the set has one of each tile."
                        )
                    else:
                        message = _(
                            "The %(tile)s tile is listed for %(name)s already; the set has one of "
                            "each tile."
                        )
                    raise SheetError(
                        message % {"tile": tile, "name": owner[tile]},
                        f"{field}.{name}",
                    )
                owner[tile] = name


def _check_sarcophagus(players: list[str], buried: dict[str, list[str]]) -> None:
    for name in players:
        for tile in buried[name]:
            if not tile.startswith(("null-", "5-")):
                raise SheetError(
                    _("%(tile)s cannot lie in the sarcophagus: it holds only null and 5 tiles.")
                    % {"tile": tile},
                    f"sarcophagus.{name}",
                )
    if sum(len(tiles) for tiles in buried.values()) > SARCOPHAGUS_SIZE:
        raise SheetError(
            _("The sarcophagus holds only %(n)d tiles.") % {"n": SARCOPHAGUS_SIZE}, "sarcophagus"
        )


# A sheet of this game for the demo club (scoring.demo): a fresh install shows one.
DEMO_SHEET = {
    "game": "sarcophagus",
    "players": ["Ron", "Amy"],
    "tiles": {"Ron": ["5-sun", "2-moon"], "Amy": ["ace-sun", "null-arms"]},
    "sarcophagus": {"Amy": ["null-moon"]},
    "discard": {"Ron": "2-moon"},
}
