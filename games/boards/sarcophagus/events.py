"""Sarcophagus's log in words: each event of ``engine.view`` as a sentence, tiles named in
words and by their place in the pyramid (the log is read aloud)."""

from __future__ import annotations

from typing import Any

from sarco.drawing_language import gettext as _
from sarco.drawing_language import ngettext
from scoring.faces import per_language, suit_word, tile_face


def where(position: list[int]) -> str:
    """A pyramid position for people: row 1 is the top, tiles counted from the left."""
    row, index = position
    return _where(row, index)


@per_language
def _where(row: int, index: int) -> str:
    return _("row %(row)s, tile %(tile)s") % {"row": row, "tile": index + 1}


def log_texts(view, names) -> list[str]:
    """Every event of the view, as the log and the live region say it."""
    tiles_at = _known_tiles(view)
    return [_event_text(event, names, tiles_at) for event in view["events"]]


MOVE_KINDS = frozenset({"setup", "coin", "pass", "trap_discard"})


def last_move_start(events: list[dict[str, Any]]) -> int:
    """Where the last move's happenings begin: a coin reveals, claims and springs traps in
    one go, and all of it is read out together."""
    for i in range(len(events) - 1, -1, -1):
        if events[i]["kind"] in MOVE_KINDS:
            return i
    return 0


def _known_tiles(view) -> dict[tuple[int, int], str]:
    """Tile names by position, from the face-up pyramid and the events that named them."""
    known: dict[tuple[int, int], str] = {}
    for event in view["events"]:
        for shown in event.get("tiles", []) if event["kind"] == "reveal" else []:
            known[tuple(shown["tile"])] = shown["face_up"]
        if event["kind"] in ("claim", "discard_tile"):
            known[tuple(event["tile"])] = event["face_up"]
        if event["kind"] == "setup":
            known[tuple(event["position"])] = event["tile"]
    for cell in view["pyramid"]:
        if cell["face_up"]:
            known[tuple(cell["tile"])] = cell["face_up"]
    return known


def _tile_at(position: list[int], tiles_at) -> str:
    tile = tiles_at.get(tuple(position))
    if tile is None:
        return where(position)
    return _("%(tile)s (%(where)s)") % {"tile": tile_face(tile)["name"], "where": where(position)}


def _event_text(event: dict[str, Any], names: list[str], tiles_at) -> str:
    kind = event["kind"]
    seats = event.get("seats", [])
    name = names[seats[0]] if seats else ""
    if kind == "setup":
        return _("The pyramid is laid out with %(tile)s face up on top. %(name)s begins.") % {
            "tile": tile_face(event["tile"])["name"],
            "name": names[seats[0]] if len(seats) == 1 else _begins(event, names),
        }
    if kind == "coin":
        return _("%(name)s places a %(suit)s coin on %(tile)s.") % {
            "name": name,
            "suit": suit_word(event["suit"]),
            "tile": _tile_at(event["tile"], tiles_at),
        }
    if kind == "reveal":
        shown = ", ".join(_tile_at(t["tile"], tiles_at) for t in event["tiles"])
        return _("Turned face up: %(tiles)s.") % {"tiles": shown}
    if kind == "tie":
        parts = ", ".join(
            f"{names[int(seat)]} {_sum_text(values)}" for seat, values in event["values"].items()
        )
        return _("Tie on %(tile)s: the coins are turned over: %(parts)s.") % {
            "tile": _tile_at(event["tile"], tiles_at),
            "parts": parts,
        }
    if kind == "claim":
        return _("%(name)s claims %(tile)s.") % {
            "name": name,
            "tile": _tile_at(event["tile"], tiles_at),
        }
    if kind == "discard_tile":
        return _("Nobody claims %(tile)s: it is discarded.") % {
            "tile": _tile_at(event["tile"], tiles_at)
        }
    if kind == "sarcophagus":
        return ngettext(
            "%(name)s takes the sarcophagus tile below unseen and leaves %(count)s coin on it.",
            "%(name)s takes the sarcophagus tile below unseen and leaves %(count)s coins on it.",
            event["locked"],
        ) % {"name": name, "count": event["locked"]}
    if kind == "sarcophagus_lost":
        return _("The sarcophagus tile below is discarded unseen.")
    if kind == "trap":
        return _trap_text(event, name)
    if kind == "trap_discard":
        return _("%(name)s loses %(tile)s to a trap.") % {
            "name": name,
            "tile": tile_face(event["tile"])["name"],
        }
    if kind == "pass":
        return _("%(name)s is out of coins and passes.") % {"name": name}
    if kind == "all_out":
        return _("Everyone is out of coins: the top tile, %(tile)s, is assessed as it is.") % {
            "tile": _tile_at(event["tile"], tiles_at)
        }
    if kind == "opened":
        return _("%(name)s opens the sarcophagus tiles: %(tiles)s.") % {
            "name": name,
            "tiles": ", ".join(tile_face(t)["name"] for t in event["tiles"]),
        }
    if kind == "over":
        fames = ", ".join(f"{names[s]} {f}" for s, f in enumerate(event["fame"]))
        return _("The game is over (fame: %(fames)s).") % {"fames": fames}
    return event.get("text", "")


def _sum_text(values: list[int]) -> str:
    """Turned-over coins: "2+3=5", or just "4" for one coin."""
    if len(values) == 1:
        return str(values[0])
    return f"{'+'.join(map(str, values))}={sum(values)}"


def _begins(event, names) -> str:
    """The setup event lists every seat; the one who begins is named last in its text."""
    text = event.get("text", "")
    for seat, person in enumerate(names):
        if text.endswith(f"{{p{seat}}} begins."):
            return person
    return ""


def _trap_text(event, name) -> str:
    effect = event.get("effect")
    text = event.get("text", "")
    if effect == "protected" or "god protects" in text:
        return _("A trap! A god protects %(name)s.") % {"name": name}
    if effect == "none" or "no number tile" in text:
        return _("A trap, but %(name)s holds no number tile to lose.") % {"name": name}
    return _("A trap! %(name)s must choose a number tile to give up.") % {"name": name}
