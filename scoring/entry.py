"""The entry forms of the four score sheets: what a phone posted -> a draft and an entry.

A *draft* is the state of a form as the person sees it (steppers, the card square with its
cursor, ticked tiles), posted back on every tap so the page can show the computed result
live. An *entry* is the part of it that goes into the score sheet JSON. No rule is decided
here: the sheet is computed by ``scoring.calculators`` from the entry.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from games.engines.sacrifice import DECK_COPIES, TROPHIES
from games.engines.sarcophagus import SUITS as TILE_SUITS
from games.engines.sarcophagus import TILES
from games.engines.sarg import DECK as SARG_DECK

# Picker layouts, derived from the engines' own card and tile lists.
SARG_RANKS = list(dict.fromkeys(card[:-1] for card in SARG_DECK if card != "JK"))
SARG_SUITS = list(dict.fromkeys(card[-1] for card in SARG_DECK if card != "JK"))
SARG_COUNT = Counter(SARG_DECK)
TILE_VALUES = list(dict.fromkeys(tile.split("-")[0] for tile in TILES))
TROPHY_CARDS = list(dict.fromkeys(TROPHIES))
TROPHY_COUNT = Counter(TROPHIES)
SACRIFICE_RANKS = SARG_RANKS
SACRIFICE_SUITS = SARG_SUITS
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
TILE_SUIT_SYMBOL = {"sun": "☀", "moon": "☾", "crown": "♛", "arms": "⚔"}
INT = re.compile(r"^-?\d{1,4}$")
STEP = re.compile(r"^step:(?P<seat>\d{1,2}):(?P<delta>-?\d{1,3})$")

assert set(TILE_SUITS) == set(TILE_SUIT_SYMBOL)
assert all(card in DECK_COPIES for card in TROPHIES)


class DraftError(Exception):
    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def _int_or_text(value: str) -> int | str:
    value = (value or "").strip()
    return int(value) if INT.match(value) else value


# --- Sarkophag --------------------------------------------------------------------------------


def sarkophag_draft(post, names: list[str]) -> dict[str, Any]:
    mode = post.get("mode") if post.get("mode") in ("heads", "cards") else "heads"
    if post.get("pick", "") in ("mode:heads", "mode:cards"):
        mode = post["pick"].split(":", 1)[1]
    heads = {name: _int_or_text(post.get(f"heads-{i}", "0")) for i, name in enumerate(names)}
    cards = {}
    for i, name in enumerate(names):
        cards[name] = sorted({int(c) for c in post.getlist(f"cards-{i}") if c.isdigit()})
    step = STEP.match(post.get("pick", ""))
    if step and int(step["seat"]) < len(names):  # anything else is not a stepper of this sheet
        name = names[int(step["seat"])]
        current = heads[name] if isinstance(heads[name], int) else 0
        heads[name] = current + int(step["delta"])
    return {"mode": mode, "heads": heads, "cards": cards}


def sarkophag_entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    if draft["mode"] == "cards":
        return {"cards": {name: draft["cards"][name] for name in names}}
    for name in names:
        if not isinstance(draft["heads"][name], int):
            raise DraftError("Heads must be a whole number.", f"heads.{name}")
    return {"heads": dict(draft["heads"])}


def sarkophag_draft_from_entry(entry: dict[str, Any], names: list[str]) -> dict[str, Any]:
    if "cards" in entry:
        cards = {name: sorted(entry["cards"].get(name, [])) for name in names}
        return {"mode": "cards", "heads": dict.fromkeys(names, 0), "cards": cards}
    return {
        "mode": "heads",
        "heads": {name: entry.get("heads", {}).get(name, 0) for name in names},
        "cards": {name: [] for name in names},
    }


# --- Sarg -------------------------------------------------------------------------------------


def sarg_draft(post) -> dict[str, Any]:
    cells = [(post.get(f"cell-{i}") or "").strip().upper() for i in range(9)]
    cells = [c if c in SARG_COUNT else "" for c in cells]
    try:
        cursor = min(max(int(post.get("cursor", 0)), 0), 8)
    except ValueError:
        cursor = 0
    rank = post.get("rank", "") if post.get("rank", "") in SARG_RANKS else ""
    mode = "typed" if post.get("mode") == "typed" else "grid"
    pick = post.get("pick", "")
    kind, _, value = pick.partition(":")
    if kind == "mode":
        mode = "typed" if value == "typed" else "grid"
    elif kind == "cell" and value.isdigit() and int(value) < 9:
        cursor, rank = int(value), ""
    elif kind == "rank" and value in SARG_RANKS:
        rank = value
    elif kind == "suit" and rank and value in SARG_SUITS:
        cells[cursor] = rank + value
        rank = ""
        cursor = _next_empty(cells, cursor)
    elif kind == "joker":
        cells[cursor] = "JK"
        rank = ""
        cursor = _next_empty(cells, cursor)
    elif kind == "clear":
        cells[cursor] = ""
        rank = ""
    return {
        "mode": mode,
        "cells": cells,
        "cursor": cursor,
        "rank": rank,
        "queen": _int_or_text(post.get("queen", "")),
        "king": _int_or_text(post.get("king", "")),
    }


def _next_empty(cells: list[str], cursor: int) -> int:
    for step in range(1, 10):
        i = (cursor + step) % 9
        if not cells[i]:
            return i
    return cursor


def sarg_entry(draft: dict[str, Any]) -> dict[str, Any]:
    if draft["mode"] == "typed":
        for role in ("queen", "king"):
            if not isinstance(draft[role], int):
                raise DraftError("Type the score as a whole number.", role)
        return {"queen": draft["queen"], "king": draft["king"]}
    placed = sum(1 for c in draft["cells"] if c)
    if placed < 9:
        raise DraftError(f"Place all nine cards first ({placed} of 9 placed).", "grid")
    cells = draft["cells"]
    return {"grid": [cells[0:3], cells[3:6], cells[6:9]]}


def sarg_draft_from_entry(entry: dict[str, Any]) -> dict[str, Any]:
    if "grid" in entry:
        cells = [card for row in entry["grid"] for card in row]
        return {"mode": "grid", "cells": cells, "cursor": 0, "rank": "", "queen": "", "king": ""}
    return {
        "mode": "typed",
        "cells": [""] * 9,
        "cursor": 0,
        "rank": "",
        "queen": entry.get("queen", ""),
        "king": entry.get("king", ""),
    }


def empty_sarg_draft() -> dict[str, Any]:
    return {"mode": "grid", "cells": [""] * 9, "cursor": 0, "rank": "", "queen": "", "king": ""}


# --- Sarcophagus ------------------------------------------------------------------------------


def sarcophagus_draft(post, names: list[str]) -> dict[str, Any]:
    held, buried, discard = {}, {}, {}
    for i, name in enumerate(names):
        held[name] = [t for t in TILES if t in post.getlist(f"held-{i}")]
        buried[name] = [t for t in TILES if t in post.getlist(f"sarc-{i}")]
        choice = post.get(f"discard-{i}", "")
        discard[name] = choice if choice in TILES else ""
    return {"tiles": held, "sarcophagus": buried, "discard": discard}


def sarcophagus_entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
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


def sarcophagus_draft_from_entry(entry: dict[str, Any], names: list[str]) -> dict[str, Any]:
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


# --- Sacrifice --------------------------------------------------------------------------------


def _counted(values: list[str]) -> list[str]:
    """Checkbox values like ``JK#2`` (the second joker) back to card notation."""
    return [v.split("#", 1)[0] for v in values]


def sacrifice_draft(post, names: list[str]) -> dict[str, Any]:
    return {
        "trophies": {n: _counted(post.getlist(f"trophies-{i}")) for i, n in enumerate(names)},
        "sacrificed": {n: _counted(post.getlist(f"sacrificed-{i}")) for i, n in enumerate(names)},
    }


def sacrifice_entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {
        "trophies": {name: draft["trophies"][name] for name in names},
        "sacrificed": {name: draft["sacrificed"][name] for name in names},
    }


def sacrifice_draft_from_entry(entry: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {
        key: {name: list((entry.get(key) or {}).get(name, [])) for name in names}
        for key in ("trophies", "sacrificed")
    }


# --- one entry point per game -----------------------------------------------------------------


def draft_from_post(game: str, post, names: list[str]) -> dict[str, Any]:
    if game == "sarkophag":
        return sarkophag_draft(post, names)
    if game == "sarg":
        return sarg_draft(post)
    if game == "sarcophagus":
        return sarcophagus_draft(post, names)
    return sacrifice_draft(post, names)


def entry_from_draft(game: str, draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    if game == "sarkophag":
        return sarkophag_entry(draft, names)
    if game == "sarg":
        return sarg_entry(draft)
    if game == "sarcophagus":
        return sarcophagus_entry(draft, names)
    return sacrifice_entry(draft, names)


def draft_from_entry(game: str, entry: dict[str, Any] | None, names: list[str]) -> dict[str, Any]:
    if game == "sarkophag":
        if entry is None:
            return sarkophag_draft_from_entry({"heads": dict.fromkeys(names, 0)}, names)
        return sarkophag_draft_from_entry(entry, names)
    if game == "sarg":
        return empty_sarg_draft() if entry is None else sarg_draft_from_entry(entry)
    if game == "sarcophagus":
        return sarcophagus_draft_from_entry(entry or {}, names)
    return sacrifice_draft_from_entry(entry or {}, names)
