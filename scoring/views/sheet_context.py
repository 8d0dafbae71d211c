"""What the sheet templates show: the computed sheet and the entry form with its pickers.

Shared by the views and the websocket consumer (which redraws the live part for watchers).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.urls import reverse

from games.catalog import GAMES_BY_SLUG
from games.engines.sarcophagus import TILES
from games.engines.sarg import line_detail
from games.engines.sarkophag import mummy_heads

from .. import entry as forms
from ..calculators import SheetError, compute
from ..models import PlaySession
from ..sheets import END_GAMES, build_sheet, roles_of, rounds_of, seats_of

ROLE_LABEL = {"queen": "Queen · rows", "king": "King · columns"}


def _card_label(card: str) -> dict[str, Any]:
    if not card:
        return {"card": "", "text": "", "red": False, "name": "empty"}
    if card == "JK":
        return {"card": card, "text": "🃏", "red": False, "name": "joker (vampire)"}
    rank, suit = card[:-1], card[-1]
    return {
        "card": card,
        "text": f"{rank}{forms.SUIT_SYMBOL[suit]}",
        "red": suit in "HD",
        "name": f"{rank} of {forms.SUIT_NAME[suit]}",
    }


def _tile_label(tile: str) -> str:
    value, suit = tile.split("-")
    short = {"null": "0", "ace": "A"}.get(value, value)
    return f"{short}{forms.TILE_SUIT_SYMBOL[suit]}"


def live_context(session: PlaySession, can_edit: bool, result=None, seats=None, rounds=None):
    """The part every phone sees and the websocket redraws: totals, rounds, breakdown."""
    seats = seats_of(session) if seats is None else seats
    rounds = rounds_of(session) if rounds is None else rounds
    names = [s.player.name for s in seats]
    if result is None and rounds:
        sheet = build_sheet(
            session.game, names, roles_of(seats), session.options, [r.entry for r in rounds]
        )
        try:
            result = compute(sheet)
        except SheetError:
            result = None
    totals = (result or {}).get("totals", {})
    places = (result or {}).get("places", {})
    winners = (result or {}).get("winners", [])
    players = [
        {
            "name": s.player.name,
            "guest": s.player.is_guest,
            "role": ROLE_LABEL.get(s.role, ""),
            "total": totals.get(s.player.name, 0),
            "place": places.get(s.player.name) if rounds else None,
            "winner": s.player.name in winners and bool(rounds),
        }
        for s in seats
    ]
    computed = (result or {}).get("rounds") or []
    table = []
    for i, r in enumerate(rounds):
        info = computed[i] if i < len(computed) else {}
        cells = [
            {
                "credited": (info.get("credited") or {}).get(n, "–"),
                "running": (info.get("running") or {}).get(n, "–"),
            }
            for n in names
        ]
        row = {"number": r.number, "cells": cells, "source": _source(r.entry)}
        explanation = info.get("explanation")
        if explanation:
            row["square"] = _square(explanation)
        if info.get("cards"):
            row["cards"] = [
                {"name": n, "cards": [c["card"] for c in info["cards"].get(n, [])]} for n in names
            ]
        table.append(row)
    breakdown = (result or {}).get("breakdown") or {}
    end = []
    if session.game in END_GAMES and rounds:
        for n in names:
            b = breakdown.get(n, {})
            item = {"name": n, **b}
            if session.game == "sarcophagus":
                item["kept_labels"] = [_tile_label(t) for t in b.get("kept", [])]
                item["discarded_labels"] = [_tile_label(t) for t in b.get("discarded", [])]
                item["sets"] = (b.get("breakdown") or {}).get("sets", {})
            else:
                item["card_rows"] = [
                    {**_card_label(c["card"]), "points": c["points"]} for c in b.get("cards", [])
                ]
            end.append(item)
    return {
        "session": session,
        "game_info": GAMES_BY_SLUG[session.game],
        "can_edit": can_edit,
        "players": players,
        "names": names,
        "table": table,
        "result": result,
        "breakdown": breakdown,
        "end": end,
        "has_rounds": bool(rounds),
        "game_over": bool(result and result.get("finished")),
        "ws_url": f"/ws/sheets/{session.public_id}/",
    }


def _source(entry: dict) -> str:
    if "grid" in entry:
        return "cards"
    if "cards" in entry:
        return "cards taken"
    return "typed"


def _square(explanation: dict) -> dict[str, Any]:
    rows = explanation["rows"]
    columns = explanation["columns"]
    credited = explanation.get("credited", {})
    return {
        "rows": [
            {
                "cards": [_card_label(c) for c in line["cards"]],
                "line": line,
                "credited": credited.get("queen") == i,
            }
            for i, line in enumerate(rows)
        ],
        "columns": [
            {**line, "credited": credited.get("king") == i} for i, line in enumerate(columns)
        ],
        "level": explanation.get("level", 1),
    }


def sheet_context(request, session: PlaySession, number: int | None = None) -> dict[str, Any]:
    can_edit = session.can_edit(request.user)
    seats = seats_of(session)
    rounds = rounds_of(session)
    context = live_context(session, can_edit, seats=seats, rounds=rounds)
    context["sheet_url"] = request.build_absolute_uri(reverse("sheet", args=[session.public_id]))
    if can_edit and not session.is_finished:
        context.update(entry_context(request, session, number=number, seats=seats, rounds=rounds))
    return context


# --- the entry form ---------------------------------------------------------------------------


def _local_error(field: str | None, index: int | None, names: list[str], message: str):
    """A sheet error placed on the form: ``key`` (heads, grid, tiles...) and ``player``."""
    local = field or ""
    prefix = f"rounds.{index}" if index is not None else None
    if prefix and local.startswith(prefix + "."):
        local = local[len(prefix) + 1 :]
    elif local.startswith("rounds") or local == prefix:
        local = ""
    parts = local.split(".") if local else []
    player = parts[-1] if parts and parts[-1] in names else None
    return {"message": message, "key": parts[0] if parts else "", "player": player}


def entry_context(
    request,
    session: PlaySession,
    *,
    number: int | None = None,
    post=None,
    refusal=None,
    seats=None,
    rounds=None,
) -> dict[str, Any]:
    seats = seats_of(session) if seats is None else seats
    rounds = rounds_of(session) if rounds is None else rounds
    names = [s.player.name for s in seats]
    game = session.game
    if game in END_GAMES:
        number = None
        index = 0
        stored = rounds[0].entry if rounds else None
    else:
        if number is not None and not 1 <= number <= len(rounds):
            number = None
        index = number - 1 if number else len(rounds)
        stored = rounds[index].entry if number else None
    draft = forms.draft_from_post(game, post, names) if post is not None else None
    if draft is None:
        draft = forms.draft_from_entry(game, stored, names)
    error = None
    preview = None
    draft_entry = None
    try:
        draft_entry = forms.entry_from_draft(game, draft, names)
    except forms.DraftError as exc:
        if post is not None and post.get("action") == "save":
            error = _local_error(exc.field, None, names, exc.message)
    if draft_entry is not None:
        entries = [r.entry for r in rounds]
        if game in END_GAMES:
            entries = [draft_entry]
        elif number:
            entries[index] = draft_entry
        else:
            entries.append(draft_entry)
        sheet = build_sheet(game, names, roles_of(seats), session.options, entries)
        try:
            preview = compute(sheet)
        except SheetError as exc:
            error = _local_error(exc.field, index, names, exc.message)
    if refusal is not None:
        error = _local_error(refusal.field, index, names, refusal.message + " Nothing was saved.")
    context: dict[str, Any] = {
        "session": session,
        "names": names,
        "number": number,
        "index": index,
        "seen": session.version,
        "draft": draft,
        "draft_entry": draft_entry,
        "error": error or {"message": "", "key": "", "player": None},
        "has_error": bool(error),
        "entry_url": reverse("sheet-entry", args=[session.public_id]),
        "can_undo": bool(rounds),
        "round_count": len(rounds),
    }
    if preview and game not in END_GAMES and index < len(preview.get("rounds", [])):
        context["preview_round"] = preview["rounds"][index]
    context["preview"] = preview
    builder = {
        "sarkophag": _sarkophag_form,
        "sarg": _sarg_form,
        "sarcophagus": _sarcophagus_form,
        "sacrifice": _sacrifice_form,
    }[game]
    context.update(builder(context, seats, rounds))
    return context


def _sarkophag_form(context, seats, rounds) -> dict[str, Any]:
    draft = context["draft"]
    credited = (context.get("preview_round") or {}).get("credited", {})
    running = (context.get("preview_round") or {}).get("running", {})
    taken: dict[int, str] = {}
    for name, cards in draft["cards"].items():
        for card in cards:
            taken.setdefault(card, name)
    rows = []
    for i, name in enumerate(context["names"]):
        mine = set(draft["cards"][name])
        chips = [
            {
                "n": n,
                "heads": mummy_heads(n),
                "checked": n in mine,
                "taken": n in taken and taken[n] != name,
            }
            for n in range(1, 61)
        ]
        rows.append(
            {
                "i": i,
                "name": name,
                "heads": draft["heads"][name],
                "chips": chips,
                "credited": credited.get(name),
                "running": running.get(name),
                "error": context["error"]["message"] if context["error"]["player"] == name else "",
            }
        )
    limit = context["session"].options.get("limit")
    return {"rows": rows, "limit": limit}


def _sarg_used(rounds, index: int) -> Counter:
    """Cards already in the squares of the other rounds dealt from the same deck (G2)."""
    start = index - index % 6
    used: Counter = Counter()
    for r in rounds[start : start + 6]:
        if r.number - 1 != index and "grid" in r.entry:
            used.update(card for row in r.entry["grid"] for card in row)
    return used


def _sarg_form(context, seats, rounds) -> dict[str, Any]:
    draft = context["draft"]
    used = _sarg_used(rounds, context["index"])
    here = Counter(c for c in draft["cells"] if c)

    def available(card: str) -> bool:
        return used[card] + here[card] < forms.SARG_COUNT[card]

    cells = []
    for i, card in enumerate(draft["cells"]):
        cells.append(
            {"i": i, "row": i // 3 + 1, "col": i % 3 + 1, "current": i == draft["cursor"]}
            | _card_label(card)
        )
    ranks = [
        {
            "rank": rank,
            "selected": rank == draft["rank"],
            "disabled": not any(available(rank + s) for s in forms.SARG_SUITS),
        }
        for rank in forms.SARG_RANKS
    ]
    suits = [
        {
            "suit": s,
            "symbol": forms.SUIT_SYMBOL[s],
            "name": forms.SUIT_NAME[s],
            "red": s in "HD",
            "disabled": not draft["rank"] or not available(draft["rank"] + s),
        }
        for s in forms.SARG_SUITS
    ]
    grey = [
        _card_label(card)
        for card in dict.fromkeys(forms.SARG_COUNT)
        if used[card] and not available(card)
    ]
    rows_lines, col_lines = [], []
    full = all(draft["cells"])
    explanation = (context.get("preview_round") or {}).get("explanation") if full else None
    for r in range(3):
        line = draft["cells"][3 * r : 3 * r + 3]
        rows_lines.append(_line(line, "row", explanation, "rows", r, "queen"))
    for c in range(3):
        line = [draft["cells"][c], draft["cells"][c + 3], draft["cells"][c + 6]]
        col_lines.append(_line(line, "column", explanation, "columns", c, "king"))
    roles = roles_of(seats)
    credited = (context.get("preview_round") or {}).get("credited", {})
    return {
        "cells": cells,
        "square_rows": [
            {"cells": cells[3 * r : 3 * r + 3], "line": rows_lines[r]} for r in range(3)
        ],
        "ranks": ranks,
        "suits": suits,
        "joker_disabled": not available("JK"),
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


def _sarcophagus_form(context, seats, rounds) -> dict[str, Any]:
    draft = context["draft"]
    breakdown = (context.get("preview") or {}).get("breakdown") or {}
    owner: dict[str, list[str]] = {}
    for key in ("tiles", "sarcophagus"):
        for name, tiles in draft[key].items():
            for t in tiles:
                owner.setdefault(t, []).append(name)
    players = []
    for i, name in enumerate(context["names"]):

        def grid(key, field, name=name):
            mine = set(draft[key][name])
            return [
                {
                    "value": value,
                    "tiles": [
                        {
                            "tile": f"{value}-{suit}",
                            "label": _tile_label(f"{value}-{suit}"),
                            "checked": f"{value}-{suit}" in mine,
                            "taken": any(o != name for o in owner.get(f"{value}-{suit}", [])),
                        }
                        for suit in forms.TILE_SUIT_SYMBOL
                    ],
                }
                for value in forms.TILE_VALUES
            ]

        b = breakdown.get(name, {})
        buried = draft["sarcophagus"][name]
        has_trap = any(t.startswith("null-") for t in buried)
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
                "held": grid("tiles", "held"),
                "sarc": grid("sarcophagus", "sarc"),
                "sarc_count": len(buried),
                "held_count": len(draft["tiles"][name]),
                "has_trap": has_trap,
                "discard_options": [
                    {"tile": t, "label": _tile_label(t), "selected": t == chosen} for t in numbers
                ],
                "chosen_default": not draft["discard"][name],
                "fame": b.get("fame"),
                "tiles_fame": (b.get("breakdown") or {}).get("tiles"),
                "sets": (b.get("breakdown") or {}).get("sets", {}),
                "bonus": (b.get("breakdown") or {}).get("bonus"),
                "tile_count": b.get("tile_count"),
                "discarded": [_tile_label(t) for t in b.get("discarded", [])],
                "error": context["error"]["message"] if context["error"]["player"] == name else "",
                "error_key": context["error"]["key"] if context["error"]["player"] == name else "",
            }
        )
    return {"entry_players": players, "suits": forms.TILE_SUIT_SYMBOL}


def _sacrifice_form(context, seats, rounds) -> dict[str, Any]:
    draft = context["draft"]
    breakdown = (context.get("preview") or {}).get("breakdown") or {}
    names = context["names"]

    def chips(key, name, cards):
        mine = Counter(draft[key][name])
        others = Counter(c for n in names if n != name for c in draft[key][n])
        out = []
        for card in cards:
            copies = forms.TROPHY_COUNT[card] if key == "trophies" else (2 if card == "JK" else 1)
            for k in range(1, copies + 1):
                out.append(
                    {
                        **_card_label(card),
                        "value": f"{card}#{k}" if copies > 1 else card,
                        "checked": mine[card] >= k,
                        "taken": others[card] + min(mine[card], k - 1) >= copies,
                    }
                )
        return out

    all_cards = [r + s for s in forms.SACRIFICE_SUITS for r in forms.SACRIFICE_RANKS] + ["JK"]
    players = []
    for i, name in enumerate(names):
        b = breakdown.get(name, {})
        players.append(
            {
                "i": i,
                "name": name,
                "trophies": chips("trophies", name, forms.TROPHY_CARDS),
                "sacrificed": chips("sacrificed", name, all_cards),
                "trophy_points": b.get("trophies"),
                "sacrifice_points": b.get("sacrifices"),
                "total": b.get("total"),
                "error": context["error"]["message"] if context["error"]["player"] == name else "",
                "error_key": context["error"]["key"] if context["error"]["player"] == name else "",
            }
        )
    return {"entry_players": players}
