"""Per-game view models for the board: a registry keyed by game name.

A game's board is the template ``games/<game>/_board.html``. If that template needs the view
reshaped, the game adds a small module here, named by its slug, with
``board(view, moves, names) -> dict``: ``BOARDS`` finds it through the registry. A game
without a board of its own gets the generic one: the view's public facts and one button per
legal move, so every engine is playable before it gets its board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engines.registry import find, parts
from scoring.faces import card_face

from .common import EVENTS_SHOWN, lines_total, move_json, named

BoardBuilder = Callable[[dict[str, Any], list[dict[str, Any]], list[str]], dict[str, Any]]

BOARD_MODULES = parts(__name__)  # games.boards.<game>, for the games that have one
BOARDS: dict[str, BoardBuilder] = {game: module.board for game, module in BOARD_MODULES.items()}

GENERIC_TEMPLATE = "games/_board_generic.html"


def board_context(
    game: str, view: dict[str, Any], moves: list[dict[str, Any]], names: list[str]
) -> dict[str, Any]:
    """The board's template context for one viewer: built from ``view`` and their legal moves."""
    builder = BOARDS.get(game) or generic_board
    template = f"games/{game}/_board.html" if game in BOARDS else GENERIC_TEMPLATE
    return {"template": template, **builder(view, moves, names)}


def generic_board(
    view: dict[str, Any], moves: list[dict[str, Any]], names: list[str]
) -> dict[str, Any]:
    """Any engine's view without a board of its own: its events and one button per move."""
    events = [named(event.get("text", ""), names) for event in view.get("events", [])]
    return {
        "view": view,
        "move_list": [{"json": move_json(m), "label": move_json(m)} for m in moves],
        "events": events[-EVENTS_SHOWN:][::-1],
        "events_total": lines_total(view, len(events)),
    }


def faces(game: str, cards: list[str]) -> list[dict[str, Any]]:
    """Cards as the tags of ``games.templatetags.pieces`` show them (playing cards get suits)."""
    spec = find(game)
    if spec is not None and spec.playing_cards:
        return [card_face(card) for card in cards]
    return [{"card": card, "rank": card, "suit": "", "name": card} for card in cards]


def hand_faces(game: str, hand: list[Any]) -> list[dict[str, Any]]:
    """A seat's hand as the replay's ``games/<game>/_replay_hand.html`` draws it: the game's
    board module's ``hand_faces`` when its hand is no cards (Sarcophagus' coins), else
    ``faces``."""
    own = getattr(BOARD_MODULES.get(game), "hand_faces", None)
    return own(hand) if own is not None else faces(game, hand)
