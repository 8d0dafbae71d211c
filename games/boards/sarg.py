"""Sarg's board: the 3x3 coffin, the viewer's hand, and each legal move as one cell button.

Built from ``engine.view(state, seat)`` and the viewer's ``legal_moves`` only. A move is a card
and a cell; the page lets a player pick a card (radio buttons) and then shows, in each open
cell, the button that posts exactly that ``{"card", "cell"}`` dict.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.template import engines
from django.utils.html import format_html
from django.utils.safestring import SafeString
from markupsafe import Markup

from sarco.drawing_language import gettext as _
from sarco.drawing_language import keeps_words, language
from scoring.faces import card_face
from scoring.views.sheet_context import explained_square

from .common import EVENTS_SHOWN, Lazy, lines_total, move_json

NAIL = (1, 1)


# The parts of the board every viewer sees alike, drawn once a version and language
# (games.shared_parts): Jinja2 templates, in games/jinja2/.
SHARED_PARTS = {
    "head": "games/sarg/_head.html",
    "round_end": "games/sarg/_round_end.html",
    "coffin": "games/sarg/_coffin.html",
    "roles": "games/sarg/_roles.html",
    "tail": "games/sarg/_tail.html",
    "events": "games/_events.html",
}
# The board values read by the parts that change once a round, not once a move: drawn again
# only when one of them changed (games.shared_parts; tests/games/test_shared_parts.py holds
# each list to what its template reads).
SHARED_PART_INPUTS = {
    "round_end": ("round_end",),
    "roles": ("queen", "king"),
    "tail": ("rounds", "round_end", "result", "queen", "king"),
}


def board(view: dict[str, Any], moves: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    hand = [{"pick": i, "face": card_face(card)} for i, card in enumerate(view["hand"])]
    roles = view["roles"]
    return {
        "view": view,
        "names": names,
        "hand": hand,
        "hidden_hands": _hidden_hands(view, names),
        # Drawn by the player to move alone (it holds their moves): every other viewer's
        # board shows the coffin drawn once a version (games.shared_parts).
        "coffin": Lazy(_coffin, view, hand, moves),
        "labels": _labels(language()),
        "can_move": bool(moves),
        "queen": {"seat": roles["queen"], "name": names[roles["queen"]]},
        "king": {"seat": roles["king"], "name": names[roles["king"]]},
        "seat_roles": {roles["queen"]: _("♛ Queen · rows"), roles["king"]: _("♚ King · columns")},
        # Drawn once a version for every viewer from the spectator's board: a seat's own
        # board works them out only where it draws them itself (the replay).
        "rounds": Lazy(_round_table, view),
        "round_end": Lazy(_round_end, view, names),
        "events": Lazy(lambda: _events(view, names)[::-1]),
        # every event is a line, and a finished game adds its final scores
        "events_total": lines_total(view, len(view["events"]) + (view["result"] is not None)),
        "result": Lazy(_result, view, names),
    }


def _last_play(view: dict[str, Any]) -> list[int] | None:
    for event in reversed(view["events"]):
        if event["kind"] == "play":
            return event["cell"]
        if event["kind"] in ("deal", "round"):
            return None
    return None


def _rows(view, hand, moves) -> list[list[Markup]]:
    """The coffin's cells, row by row, each drawn (``_cell``)."""
    open_cells = {tuple(cell) for cell in view["open_cells"]}
    last = tuple(_last_play(view) or ())
    legal = {(move["card"], tuple(move["cell"])) for move in moves}
    words, can_move = language(), bool(moves)
    rows = []
    for r, row in enumerate(view["grid"]):
        cells = []
        for c, card in enumerate(row):
            place = (r, c)
            is_open = place in open_cells
            if can_move and is_open:  # the player's own moves: seldom the same twice
                buttons = [
                    _move_button(words, item["pick"], item["face"]["card"], r, c)
                    for item in hand
                    if (item["face"]["card"], place) in legal
                ]
                cells.append(_cell_with_moves(words, r, c, card, buttons))
            else:
                cells.append(_cell(words, r, c, card, is_open, place == last))
        rows.append(cells)
    return rows


@keeps_words
@lru_cache(maxsize=4096)  # every card at every place, just played or not, the empty cells
def _cell(words: str | None, r: int, c: int, card: str, is_open: bool, last: bool) -> Markup:
    """A coffin cell without moves, drawn once per language and look: a version changes
    only a few of the nine cells, and drawing each cell's words, classes and card was half
    of drawing a coffin."""
    return _drawn_cell(words, r, c, card, is_open, last, False, ())


def _cell_with_moves(
    words: str | None, r: int, c: int, card: str, buttons: list[SafeString]
) -> Markup:
    """An open cell of the player to move, its ``buttons`` set into the cell drawn around
    them (``_cell_around_moves``): the buttons change from move to move, the cell does not."""
    if not buttons:
        return _drawn_cell(words, r, c, card, True, False, True, ())
    before, between, after = _cell_around_moves(words, r, c, card)
    return Markup(before + between.join(buttons) + after)


# Two marks no drawing holds, set where the cell's template writes its buttons.
_FIRST_MOVE, _SECOND_MOVE = Markup("\x1ffirst move\x1f"), Markup("\x1fsecond move\x1f")


@keeps_words
@lru_cache(maxsize=64)  # the nine places, open, in each language
def _cell_around_moves(words: str | None, r: int, c: int, card: str) -> tuple[str, str, str]:
    """An open cell with moves drawn once per language and place, as three pieces: before
    its first button, between two buttons and after its last. Drawing the cell afresh for
    each frame of the player to move was a sixth of that frame's coffin; split where two
    marks stood for buttons, the pieces are exactly what the template writes around any
    number of them."""
    drawn = _drawn_cell(words, r, c, card, True, False, True, (_FIRST_MOVE, _SECOND_MOVE))
    before, rest = str(drawn).split(_FIRST_MOVE)
    between, after = rest.split(_SECOND_MOVE)
    return before, between, after


def _drawn_cell(
    words: str | None,
    r: int,
    c: int,
    card: str,
    is_open: bool,
    last: bool,
    can_move: bool,
    buttons: tuple[SafeString, ...],
) -> Markup:
    """A coffin cell drawn (``games/sarg/_cell.html``) in the language ``words``."""
    where = _("row %(row)s, column %(column)s") % {"row": r + 1, "column": c + 1}
    cell = {
        "row": r,
        "column": c,
        "face": card_face(card) if card else None,
        "nail": (r, c) == NAIL,
        "open": is_open,
        "last": last,
        "moves": buttons,
        "where": where,
    }
    cell["classes"] = _cell_classes(cell)
    if not cell["face"]:
        text = _("%(where)s: open") if is_open else _("%(where)s: empty")
        cell["text"] = text % {"where": where}
    return _cell_macro()(cell, _labels(words), can_move)


def _cell_macro():
    """The cell's macro, looked up for each cell drawn (a kept cell is not drawn again)."""
    return engines["jinja2"].env.get_template("games/sarg/_cell.html").module.coffin_cell


@keeps_words
@lru_cache(maxsize=4096)
def _move_button(words: str | None, pick: int, card: str, row: int, column: int) -> SafeString:
    """The button that plays ``card`` (the hand's ``pick``) at a cell, in the language
    ``words``: worked out once, as a player to move has a dozen or more on every frame (its
    move's JSON, its name in words and its escaping were 4% of a Sarg move)."""
    move = {"card": card, "cell": [row, column]}  # exactly the engine's legal move
    name = card_face(card)["name"]
    label = _("Play %(card)s at row %(row)s, column %(column)s")
    return format_html(
        '<button type="submit" name="move" value="{}" class="cell-button cell-move"'
        ' data-pick="{}" aria-label="{}" data-focus-after=".pick-input, #table-status">'
        '<span aria-hidden="true">{}</span></button>',
        move_json(move),
        pick,
        label % {"card": name, "row": row + 1, "column": column + 1},
        _labels(words)["here"],
    )


def _cell_classes(cell: dict[str, Any]) -> str:
    classes = f"at-r{cell['row'] + 1} at-c{cell['column'] + 1}"
    for flag, name in (("face", "filled"), ("open", "open"), ("nail", "nail"), ("last", "last")):
        if cell[flag]:
            classes += f" cell-{name}"
    return classes


def _coffin(view, hand, moves) -> list[dict[str, Any]]:
    """The coffin's rows as drawn: each with its header (the Queen's row, in words)."""
    label = _("Row %(row)s (Queen)")
    return [
        {"number": r, "label": label % {"row": r}, "cells": cells}
        for r, cells in enumerate(_rows(view, hand, moves), 1)
    ]


@keeps_words
@lru_cache(maxsize=16)
def _labels(language: str | None) -> dict[str, Any]:
    """The coffin's fixed words in one language, put in words once: the template's tags
    translating them afresh for every cell and button were half of drawing a coffin."""
    column = _("Column %(column)s (King)")
    return {
        "columns": [{"number": c, "label": column % {"column": c}} for c in (1, 2, 3)],
        "nail": _("nail"),
        "the_nail": _("(the nail)"),
        "just_played": _("(just played)"),
        "open": _("open"),
        "here": _("here"),
    }


def _hidden_hands(view, names) -> list[dict[str, Any]]:
    """The other seats' hands as face-down cards: only their sizes are public."""
    return [
        {"seat": seat, "name": names[seat], "count": size, "backs": range(size)}
        for seat, size in enumerate(view["hand_sizes"])
        if seat != view["seat"] and size
    ]


def _round_table(view) -> list[dict[str, Any]]:
    queen_total = king_total = 0
    table = []
    for number, scores in enumerate(view["round_scores"], 1):
        queen_total += scores["queen"]
        king_total += scores["king"]
        table.append(
            {
                "number": number,
                "queen": scores["queen"],
                "king": scores["king"],
                "queen_total": queen_total,
                "king_total": king_total,
            }
        )
    return table


def _round_end(view, names) -> dict[str, Any] | None:
    """The last finished round explained. ``fresh`` while each player has yet to place their
    first card of the next round (so a bot that leads at once does not whisk it away); the
    page then shows it up front, later folded into the rounds table."""
    explanation = view["last_round"]
    if explanation is None:
        return None
    number = len(view["round_scores"])
    roles = view["roles"]
    return {
        "fresh": view["is_over"] or _plays_since_deal(view) < len(view["hand_sizes"]),
        "number": number,
        "square": explained_square(explanation),
        "text": _(
            "Round %(number)s: %(queen)s (Queen, rows) is credited %(queen_score)s, "
            "%(king)s (King, columns) %(king_score)s."
        )
        % {
            "number": number,
            "queen": names[roles["queen"]],
            "queen_score": explanation["queen"],
            "king": names[roles["king"]],
            "king_score": explanation["king"],
        },
    }


def _plays_since_deal(view) -> int:
    plays = 0
    for event in reversed(view["events"]):
        if event["kind"] == "deal":
            break
        plays += event["kind"] == "play"
    return plays


def _result(view, names) -> dict[str, Any] | None:
    result = view["result"]
    if result is None:
        return None
    roles = view["roles"]
    if result["bonus_to"] is None:
        bonus = _("The totals and the best round scores are level: nobody gains a bonus.")
    else:
        seat = roles[result["bonus_to"]]
        bonus = _("%(name)s gains an end bonus of %(bonus)s.") % {
            "name": names[seat],
            "bonus": result["bonus"],
        }
    return {
        "bonus": result["bonus"],
        "bonus_text": bonus,
        "before_bonus": [
            {"name": names[roles[role]], "total": result["totals"][role]}
            for role in ("queen", "king")
        ],
    }


def _events(view, names) -> list[str]:
    """The texts of the events shown (the last few): the others are never put in words. A
    finished game ends on its final scores, so they are read out with the rest."""
    texts = [_event_text(event, names) for event in view["events"][-EVENTS_SHOWN:]]
    if view["result"] is not None:
        texts.append(_final_scores(view, names))
    return texts


def _final_scores(view, names) -> str:
    result, roles = view["result"], view["roles"]
    return _("Final scores: %(queen)s (Queen) %(queen_score)s, %(king)s (King) %(king_score)s.") % {
        "queen": names[roles["queen"]],
        "queen_score": result["queen"],
        "king": names[roles["king"]],
        "king_score": result["king"],
    }


def _event_text(event, names) -> str:
    """One sentence; cards in words, as they are read out to whoever listens."""
    kind = event["kind"]
    who = names[event["seats"][0]] if event["seats"] else ""
    if kind == "deal":
        return _("%(name)s deals round %(round)s; the nail is %(card)s.") % {
            "name": who,
            "round": event["round"],
            "card": card_face(event["nail"])["name"],
        }
    if kind == "play":
        row, column = event["cell"]
        return _("%(name)s plays %(card)s at row %(row)s, column %(column)s.") % {
            "name": who,
            "card": card_face(event["card"])["name"],
            "row": row + 1,
            "column": column + 1,
        }
    if kind == "round":
        queen, king = event["seats"]
        return _(
            "Round %(round)s: %(queen)s (Queen) is credited %(queen_score)s, "
            "%(king)s (King) %(king_score)s."
        ) % {
            "round": event["round"],
            "queen": names[queen],
            "queen_score": event["queen"],
            "king": names[king],
            "king_score": event["king"],
        }
    if kind == "shuffle":
        return _("%(name)s shuffles the whole deck afresh.") % {"name": who}
    if kind == "end":
        if not event["seats"]:
            return _("The game is over; nobody gains a bonus.")
        return _("The game is over; %(name)s gains a bonus of %(bonus)s.") % {
            "name": who,
            "bonus": event["bonus"],
        }
    return event["text"]
