"""What the sheet page shows around the entry form: totals, rounds and the breakdown.

Shared by the views and the websocket consumer (which redraws the live part for watchers).
Each game's entry form and its pickers are in ``scoring.entry``.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from sarco.catalog import GAMES_BY_SLUG
from sarco.engine_text import say

from ..calculators import SheetError
from ..entry import build_sheet, entry_of
from ..entry.form import entry_context
from ..faces import card_label
from ..models import AuditEntry, PlaySession
from ..sheet_results import result_of
from ..stored_sheets import entries_of, roles_of, rounds_of, seats_of
from .undone import undone_for

ROLE_LABEL = {"queen": _("Queen · rows"), "king": _("King · columns")}


def live_context(session: PlaySession, can_edit: bool, result=None, seats=None, rounds=None):
    """The part every phone sees and the websocket redraws: totals, rounds, breakdown."""
    seats = seats_of(session) if seats is None else seats
    rounds = rounds_of(session) if rounds is None else rounds
    names = [s.player.name for s in seats]
    game = entry_of(session.game)
    if result is None and rounds:
        sheet = build_sheet(
            session.game, names, roles_of(seats), session.options, entries_of(rounds, seats)
        )
        try:
            result = result_of(sheet)
        except SheetError:
            result = None
    totals = (result or {}).get("totals", {})
    places = (result or {}).get("places", {})
    winners = (result or {}).get("winners", [])
    players = [
        {
            "name": s.player.name,
            "guest": s.player.is_guest,
            "role": ROLE_LABEL.get(s.role) or _seat_label(game, s.position),
            # a session with final scores only (BG Stats) shows its stored results
            "total": totals.get(s.player.name, s.score or 0),
            "place": places.get(s.player.name) if rounds else s.place,
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
            row["square"] = explained_square(explanation)
        if info.get("cards"):
            row["cards"] = [
                {"name": n, "cards": [c["card"] for c in info["cards"].get(n, [])]} for n in names
            ]
        table.append(row)
    breakdown = (result or {}).get("breakdown") or {}
    if breakdown.get("explanation"):  # Sarg's end bonus, in the engine's words
        breakdown = {**breakdown, "explanation": say(breakdown["explanation"])}
    end = []
    if game.AT_END and rounds:
        for n in names:
            b = breakdown.get(n, {})
            end.append({"name": n, **b, **game.end_item(b)})
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
        "at_end": game.AT_END,
        "has_rounds": bool(rounds),
        "can_swap": bool(game.SEAT_LABELS) and len(seats) == 2 and not rounds,
        "round_count": len(rounds),
        "game_over": bool(result and result.get("finished")),
        "ws_url": f"/ws/sheets/{session.public_id}/",
        "void": void_note(session),
        # For the keeper's phone: the sheet as the server has it, which the phone adds its
        # entries kept without a network to (provisional totals, static/js/offline-totals.js).
        "offline_sheet": build_sheet(
            session.game, names, roles_of(seats), session.options, entries_of(rounds, seats)
        )
        if can_edit and not session.is_finished
        else None,
    }


def void_note(session: PlaySession) -> dict[str, Any] | None:
    """When and why an organiser voided the session (the reason is kept in the audit trail
    only), so that a voided sheet never passes for a valid result; None when it counts."""
    if session.voided_at is None:
        return None
    entry = AuditEntry.objects.about(session).filter(action=AuditEntry.Action.VOID).first()
    return {"at": session.voided_at, "reason": entry.reason if entry else ""}


def _seat_label(game, position: int) -> str:
    """What a seat got at the start (Sacrifice's starter deck), if the game says."""
    return str(game.SEAT_LABELS[position]) if position < len(game.SEAT_LABELS) else ""


def _source(entry: dict) -> str:
    if "grid" in entry:
        return "cards"
    if "cards" in entry:
        return "cards taken"
    return "typed"


def explained_square(explanation: dict) -> dict[str, Any]:
    rows = explanation["rows"]
    columns = explanation["columns"]
    credited = explanation.get("credited", {})
    return {
        "rows": [
            {
                "cards": [card_label(c) for c in line["cards"]],
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


def sheet_context(
    request, session: PlaySession, number: int | None = None, refusal=None
) -> dict[str, Any]:
    can_edit = session.can_edit(request.user)
    seats = seats_of(session)
    rounds = rounds_of(session)
    context = live_context(session, can_edit, seats=seats, rounds=rounds)
    context["sheet_url"] = request.build_absolute_uri(reverse("sheet", args=[session.public_id]))
    if can_edit and not session.is_finished:
        context.update(
            entry_context(
                request, session, number=number, refusal=refusal, seats=seats, rounds=rounds
            )
        )
        # a game over needs no next round: the form only to change one, or the end entry
        context["shows_entry"] = bool(
            context["number"] or not context["game_over"] or context["at_end"]
        )
        context["undone"] = undone_for(request, session)
    return context
