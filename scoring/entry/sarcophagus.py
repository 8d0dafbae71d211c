"""Sarcophagus's end-of-game form: each player's tiles, their sarcophagus and its discard."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engines.sarcophagus import TILES

from ..faces import TILE_SUIT_SYMBOL, per_language, suit_name, tile_label
from .common import player_error

GAME = "sarcophagus"
SEAT_LABELS: tuple[str, ...] = ()
AT_END = True
TEMPLATE = "scoring/_entry_sarcophagus.html"
KEYS = ("tiles", "sarcophagus", "discard")
TILE_VALUES = list(dict.fromkeys(tile.split("-")[0] for tile in TILES))


@per_language
def buried_name(tile: str) -> str:
    """A buried tile's accessible name, once per language and tile (a form has 36 a player)."""
    return _("sarcophagus %(tile)s") % {"tile": tile}


def draft(post, names: list[str]) -> dict[str, Any]:
    held, buried, discard = {}, {}, {}
    for i, name in enumerate(names):
        held[name] = [t for t in TILES if t in post.getlist(f"held-{i}")]
        buried[name] = [t for t in TILES if t in post.getlist(f"sarc-{i}")]
        choice = post.get(f"discard-{i}", "")
        discard[name] = choice if choice in TILES else ""
    return {"tiles": held, "sarcophagus": buried, "discard": discard}


def entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {"tiles": {name: draft["tiles"][name] for name in names}}
    buried = {name: draft["sarcophagus"][name] for name in names if draft["sarcophagus"][name]}
    if buried:
        entry["sarcophagus"] = buried
    discard = {
        name: draft["discard"][name]
        for name in names
        if draft["discard"][name] and any(t.startswith("null-") for t in buried.get(name, []))
    }
    if discard:
        entry["discard"] = discard
    return entry


def draft_from_entry(entry: dict[str, Any] | None, names: list[str]) -> dict[str, Any]:
    entry = entry or {}
    discard = {}
    for name in names:
        choice = (entry.get("discard") or {}).get(name, "")
        discard[name] = choice[0] if isinstance(choice, list) and choice else choice or ""
    return {
        "tiles": {name: list((entry.get("tiles") or {}).get(name, [])) for name in names},
        "sarcophagus": {
            name: list((entry.get("sarcophagus") or {}).get(name, [])) for name in names
        },
        "discard": discard,
    }


def sheet(
    base: dict[str, Any], roles: dict[str, str], options: dict[str, Any], entries: list[dict]
) -> dict[str, Any]:
    """The sheet JSON: the end-of-game entry's keys at the top level."""
    base.update(entries[0] if entries else {})
    return base


def end_item(result: dict[str, Any]) -> dict[str, Any]:
    """One player's part of the finished sheet's breakdown, with tiles drawn."""
    return {
        "kept_labels": [tile_label(t) for t in result.get("kept", [])],
        "discarded_labels": [tile_label(t) for t in result.get("discarded", [])],
        "sets": _named_sets(result),
    }


def _named_sets(result: dict[str, Any]) -> dict[str, int]:
    """The suit bonuses by the suit's name in the reader's language (not its key: "sun")."""
    sets = (result.get("breakdown") or {}).get("sets") or {}
    return {suit_name(suit): bonus for suit, bonus in sets.items()}


def form(context: dict[str, Any], seats, rounds) -> dict[str, Any]:
    """Per player: a grid of held tiles, one of buried tiles, the discard and the fame."""
    draft = context["draft"]
    breakdown = (context.get("preview") or {}).get("breakdown") or {}
    owner: dict[str, list[str]] = {}
    for key in ("tiles", "sarcophagus"):
        for name, tiles in draft[key].items():
            for t in tiles:
                owner.setdefault(t, []).append(name)

    def grid(key: str, name: str) -> list[dict[str, Any]]:
        mine = set(draft[key][name])
        return [
            {
                "value": value,
                "tiles": [
                    {
                        "tile": tile,
                        "label": tile_label(tile),
                        "aria": tile if key == "tiles" else buried_name(tile),
                        "checked": tile in mine,
                        "taken": any(o != name for o in owner.get(tile, [])),
                    }
                    for tile in (f"{value}-{suit}" for suit in TILE_SUIT_SYMBOL)
                ],
            }
            for value in TILE_VALUES
        ]

    players = []
    for i, name in enumerate(context["names"]):
        b = breakdown.get(name, {})
        buried = draft["sarcophagus"][name]
        numbers = [
            t
            for t in TILES
            if t in draft["tiles"][name] + buried and t.split("-")[0] not in ("null", "ace")
        ]
        chosen = draft["discard"][name] or ((b.get("discarded") or [""])[0])
        players.append(
            {
                "i": i,
                "name": name,
                "held": grid("tiles", name),
                "sarc": grid("sarcophagus", name),
                "sarc_count": len(buried),
                "held_count": len(draft["tiles"][name]),
                "has_trap": any(t.startswith("null-") for t in buried),
                "discard_options": [
                    {"tile": t, "label": tile_label(t), "selected": t == chosen} for t in numbers
                ],
                "chosen_default": not draft["discard"][name],
                "fame": b.get("fame"),
                "tiles_fame": (b.get("breakdown") or {}).get("tiles"),
                "sets": _named_sets(b),
                "bonus": (b.get("breakdown") or {}).get("bonus"),
                "tile_count": b.get("tile_count"),
                "discarded": [tile_label(t) for t in b.get("discarded", [])],
                **player_error(context, name),
            }
        )
    return {"entry_players": players, "suits": _named_suits()}


def _named_suits() -> dict[str, str]:
    """Each suit's symbol by the suit's name in the reader's language."""
    return {suit_name(suit): symbol for suit, symbol in TILE_SUIT_SYMBOL.items()}


def check_saved(entry: dict[str, Any], names: list[str]) -> None:
    """Nothing the calculator takes is impossible: ties can discard every tile, so even an
    entry where nobody holds anything can be a real game's end."""
