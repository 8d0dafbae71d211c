"""Sarg's entry form: the round's square of nine cards (or the two credited scores typed)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from games.engines.sarg import DECK, line_detail, score_round

from ..calculators.sarg import ROUNDS
from ..faces import JOKER_TEXT, SUIT_NAMES, SUIT_SYMBOL, card_label, rank_letter
from ..numbers import form_int
from .common import DraftError, int_or_text

GAME = "sarg"
SEAT_LABELS = (gettext_lazy("Queen (rows)"), gettext_lazy("King (columns)"))
AT_END = False
KEYS: tuple[str, ...] = ()
TEMPLATE = "scoring/_entry_sarg.html"
# Picker layouts, derived from the engine's own deck.
RANKS = list(dict.fromkeys(card[:-1] for card in DECK if card != "JK"))
SUITS = list(dict.fromkeys(card[-1] for card in DECK if card != "JK"))
COUNT = Counter(DECK)
CELLS = 9
EMPTY = {"mode": "grid", "cells": [""] * CELLS, "cursor": 0, "rank": "", "queen": "", "king": ""}


def draft(post, names: list[str]) -> dict[str, Any]:
    cells = [(post.get(f"cell-{i}") or "").strip().upper() for i in range(CELLS)]
    cells = [c if c in COUNT else "" for c in cells]
    cursor = form_int(post.get("cursor"), CELLS - 1, default=0)
    rank = post.get("rank", "") if post.get("rank", "") in RANKS else ""
    mode = "typed" if post.get("mode") == "typed" else "grid"
    kind, _, value = post.get("pick", "").partition(":")
    queen, king = int_or_text(post.get("queen", "")), int_or_text(post.get("king", ""))
    if kind == "mode":
        mode = "typed" if value == "typed" else "grid"
        if mode == "typed" and queen == "" and king == "":
            queen, king = _credited(cells, queen, king)
    elif kind == "cell" and form_int(value, CELLS - 1) is not None:
        cursor, rank = form_int(value, CELLS - 1), ""
    elif kind == "rank" and value in RANKS:
        rank = value
    elif kind == "suit" and rank and value in SUITS:
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
        "queen": queen,
        "king": king,
    }


def _credited(cells: list[str], queen, king):
    """The scores the square gives each role: switching a full square to typed scores shows
    the round's scores to change, not empty fields."""
    if not all(cells):
        return queen, king
    try:
        scored = score_round([cells[0:3], cells[3:6], cells[6:9]])
    except ValueError:  # not a square the rules take: nothing to carry over
        return queen, king
    return scored["queen"], scored["king"]


def _next_empty(cells: list[str], cursor: int) -> int:
    for step in range(1, CELLS + 1):
        i = (cursor + step) % CELLS
        if not cells[i]:
            return i
    return cursor


def entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    if draft["mode"] == "typed":
        for role in ("queen", "king"):
            if not isinstance(draft[role], int):
                raise DraftError(gettext("Type the score as a whole number."), role)
        return {"queen": draft["queen"], "king": draft["king"]}
    placed = sum(1 for c in draft["cells"] if c)
    if placed < CELLS:
        raise DraftError(
            gettext("Place all nine cards first (%(placed)d of 9 placed).") % {"placed": placed},
            "grid",
        )
    cells = draft["cells"]
    return {"grid": [cells[0:3], cells[3:6], cells[6:9]]}


def draft_from_entry(entry: dict[str, Any] | None, names: list[str]) -> dict[str, Any]:
    if entry is None:
        return {**EMPTY, "cells": [""] * CELLS}
    if "grid" in entry:
        cells = [card for row in entry["grid"] for card in row]
        return {**EMPTY, "cells": cells}
    return {
        **EMPTY,
        "mode": "typed",
        "cells": [""] * CELLS,
        "queen": entry.get("queen", ""),
        "king": entry.get("king", ""),
    }


def sheet(
    base: dict[str, Any], roles: dict[str, str], options: dict[str, Any], entries: list[dict]
) -> dict[str, Any]:
    """The sheet JSON: who is Queen and King, the 1000-point variant, the rounds."""
    base["roles"] = dict(roles)
    if options.get("to_1000"):
        base["to_1000"] = True
    base["rounds"] = list(entries)
    return base


def _used(rounds, index: int) -> Counter:
    """Cards already in the squares of the other rounds dealt from the same deck (G2)."""
    start = index - index % ROUNDS
    used: Counter = Counter()
    for r in rounds[start : start + ROUNDS]:
        if r.number - 1 != index and "grid" in r.entry:
            used.update(card for row in r.entry["grid"] for card in row)
    return used


def _rank_keys(rank: str, suit_next: bool) -> str:
    """The keys that pick ``rank`` (aria-keyshortcuts): the letter on the reader's cards and
    the English one (B or J for a Jack in German), 0 or T for a 10. While a suit is awaited,
    a letter that is also a suit's key (D: Dame, or diamonds) is left to the suit."""
    if rank == "10":
        return "0 T"
    keys = dict.fromkeys([rank_letter(rank), rank])
    if suit_next:
        keys = {key: None for key in keys if key == rank or key not in SUITS}
    return " ".join(keys)


def form(context: dict[str, Any], seats, rounds) -> dict[str, Any]:
    """The square with its cursor, the rank and suit pickers, and each line's points."""
    draft = context["draft"]
    used = _used(rounds, context["index"])
    here = Counter(c for c in draft["cells"] if c)

    def available(card: str) -> bool:
        return used[card] + here[card] < COUNT[card]

    cells = [
        {"i": i, "row": i // 3 + 1, "col": i % 3 + 1, "current": i == draft["cursor"]}
        | card_label(card)
        for i, card in enumerate(draft["cells"])
    ]
    ranks = [
        {
            "rank": rank,
            "letter": rank_letter(rank),
            "keys": _rank_keys(rank, suit_next=bool(draft["rank"])),
            "selected": rank == draft["rank"],
            "disabled": not any(available(rank + s) for s in SUITS),
        }
        for rank in RANKS
    ]
    suits = [
        {
            "suit": s,
            "symbol": SUIT_SYMBOL[s],
            "name": SUIT_NAMES[s],
            "red": s in "HD",
            "disabled": not draft["rank"] or not available(draft["rank"] + s),
        }
        for s in SUITS
    ]
    grey = [card_label(card) for card in COUNT if used[card] and not available(card)]
    full = all(draft["cells"])
    explanation = (context.get("preview_round") or {}).get("explanation") if full else None
    rows_lines = [
        _line(draft["cells"][3 * r : 3 * r + 3], "row", explanation, "rows", r, "queen")
        for r in range(3)
    ]
    col_lines = [
        _line(draft["cells"][c::3], "column", explanation, "columns", c, "king") for c in range(3)
    ]
    roles = {seat.role: seat.player.name for seat in seats if seat.role}
    credited = (context.get("preview_round") or {}).get("credited", {})
    return {
        "cells": cells,
        "square_rows": [
            {"cells": cells[3 * r : 3 * r + 3], "line": rows_lines[r]} for r in range(3)
        ],
        "ranks": ranks,
        "draft_rank_letter": rank_letter(draft["rank"]),
        "suits": suits,
        "joker_disabled": not available("JK"),
        "joker_text": JOKER_TEXT,
        "used_cards": grey,
        "row_lines": rows_lines,
        "col_lines": col_lines,
        "queen": roles.get("queen"),
        "king": roles.get("king"),
        "queen_credit": credited.get(roles.get("queen")),
        "king_credit": credited.get(roles.get("king")),
        "level": (explanation or {}).get("level"),
        "placed": sum(1 for c in draft["cells"] if c),
    }


def _line(cards, axis, explanation, key, i, role):
    if explanation:
        line = explanation[key][i]
        return {**line, "credited": explanation["credited"][role] == i, "full": True}
    if all(cards):
        return {**line_detail(cards, axis), "credited": False, "full": True}
    return {"full": False}


def end_item(result: dict[str, Any]) -> dict[str, Any]:
    """Entered round by round: the sheet's rounds table says it all, no end breakdown."""
    return {}


def check_saved(entry: dict[str, Any], names: list[str]) -> None:
    """Every square the calculator takes is a real one: two vampires can leave both best
    lines at 0, so even a typed 0 and 0 is a possible round."""
