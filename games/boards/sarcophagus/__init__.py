"""Sarcophagus's board: the pyramid in its brick layout, coins by suit, the viewer's coins.

Built from ``engine.view(state, seat)`` and the viewer's ``legal_moves`` only. A face-down
tile carries no value; another player's coin shows only its suit. Every legal move is one
form posting exactly that dict: the first coin of a turn goes on the forced tile, so the
viewer's coins are the buttons; the second coin is picked first, then a face-up tile is
tapped; a trap's discard and a pass are buttons of their own. The log's sentences, and
the words for a place in the pyramid, are ``events``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import chain
from typing import Any

from django.utils.safestring import SafeString
from markupsafe import Markup

from sarco.drawing_language import gettext as _
from sarco.drawing_language import language, ngettext
from scoring.faces import TILE_SUIT_SYMBOL as SYMBOL
from scoring.faces import coin_face, suit_name, suit_word, tile_face

from ...templatetags import pieces
from ...templatetags.moves import form as move_form
from ..common import EVENTS_SHOWN, Lazy, lines_total, move_json
from .cells import Look, cell_of, pyramid_words, tile_button
from .events import last_move_start, log_texts

SUITS = ("sun", "moon", "crown", "arms")
LATEST_SHOWN = 4

# The parts of the board every viewer sees alike, drawn once a version and language
# (games.shared_parts): Jinja2 templates, in games/jinja2/.
SHARED_PARTS = {
    "pyramid": "games/sarcophagus/_pyramid.html",
    "latest": "games/sarcophagus/_latest.html",
    "discarded": "games/sarcophagus/_discarded.html",
    "events": "games/_events.html",
    "players": "games/sarcophagus/_players.html",
}


# Where ``_pyramid.html`` puts the move form: around the grid, which starts with this and
# ends just before the legend (``_seat_pyramid`` finds the grid in the shared drawing).
PYRAMID_GRID = '<div class="sc-pyramid">'
PYRAMID_LEGEND = '\n  <p class="sc-legend'


def board(view: dict[str, Any], moves: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    me = view["seat"]
    my_suits = view["seats"][me]["suits"] if me is not None else []
    coin_moves = [m for m in moves if "coin" in m]
    hand = _hand(view, coin_moves, my_suits)
    mode = _mode(view, moves)
    # The log's words: drawn once a version for every viewer from the spectator's board (the
    # latest moves and the log), so a seat's own board works them out only where it draws
    # them itself (the replay) or is asked for them.
    events = Lazy(log_texts, view, names)
    return {
        "view": view,
        "names": names,
        "mode": mode,
        "can_move": bool(moves),
        "prompt": _prompt(view, names, mode),
        "rows": (rows := Lazy(_rows, view, coin_moves, hand, mode)),
        "pyramid": Lazy(lambda: _pyramid(rows())),
        "seat_pyramid": Lazy(_seat_pyramid_drawer, view, moves),
        "words": pyramid_words(),
        "hand": hand,
        "locked": [coin_face(c["suit"], c["value"]) for c in view.get("locked", [])],
        "discards": [
            {"face": tile_face(m["discard"]), "json": move_json(m)} for m in moves if "discard" in m
        ],
        "pass_json": next((move_json(m) for m in moves if "pass" in m), ""),
        "players": Lazy(_players, view, names),
        "seat_players": partial(players_marked, seat=view["seat"], order=_seat_order(view)),
        "discarded": [tile_face(t) for t in view["discarded"]],
        "discarded_unseen": view["discarded_unseen"],
        "latest": Lazy(lambda: events()[-LATEST_SHOWN:][::-1]),
        "events": Lazy(lambda: events()[-EVENTS_SHOWN:][::-1]),
        "events_total": lines_total(view, len(view["events"])),  # a line per event
        "announce": Lazy(lambda: " ".join(events()[last_move_start(view["events"]) :])),
        "result": _result(view, names),
        "seat_roles": {
            seat["seat"]: " · ".join(f"{SYMBOL[s]} {suit_word(s)}" for s in seat["suits"])
            for seat in view["seats"]
        },
        "places": _places(view) if view["is_over"] else {},
    }


def _mode(view, moves) -> str:
    """What the viewer's controls are for: first_coin, second_coin, discard, pass or ""."""
    return (view["awaiting"] or "") if moves else ""


def _coin_key(move: dict[str, Any], my_suits: list[str]) -> tuple[str, int]:
    """The (suit, value) of the coin a move places (one suit each, unless two players)."""
    return move.get("suit", my_suits[0] if my_suits else ""), move["coin"]


def hand_faces(hand: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A seat's coins on the replay, once the game is over: each one's value shows, named
    for whoever reads it (not "your" coin)."""
    return [
        {
            **coin_face(coin["suit"], coin["value"]),
            "name": _("a %(suit)s coin worth %(value)s")
            % {"suit": suit_word(coin["suit"]), "value": coin["value"]},
        }
        for coin in hand
    ]


def _hand(view, coin_moves, my_suits) -> list[dict[str, Any]]:
    """The viewer's coins in hand; with the turn's first coin each is the button placing it
    on the forced tile, with the second each is a pick for the tiles' buttons."""
    first = {_coin_key(m, my_suits): m for m in coin_moves if view["awaiting"] == "first_coin"}
    coins = []
    for pick, coin in enumerate(view.get("hand", [])):
        face = coin_face(coin["suit"], coin["value"])
        move = first.get((coin["suit"], coin["value"]))
        coins.append(
            {
                "pick": pick,
                "key": (coin["suit"], coin["value"]),
                "face": face,
                "json": move_json(move) if move else "",
                "label": _("Place %(coin)s on the highlighted tile") % {"coin": face["name"]},
            }
        )
    return coins


def _rows(view, coin_moves, hand, mode) -> list[list[dict[str, Any]]]:
    """The 21 positions row by row, each as what its drawing shows (``cells``); a face-up
    tile with the second coin's buttons on it."""
    picks = {c["key"]: c["pick"] for c in hand}
    me = view["seat"]
    my_suits = view["seats"][me]["suits"] if me is not None else []
    on_tile: dict[tuple[int, int], list[SafeString]] = {}
    if mode == "second_coin":
        words = language()
        for m in coin_moves:
            key = _coin_key(m, my_suits)
            row, index = m["tile"]
            button = tile_button(words, picks[key], m["coin"], row, index, m.get("suit"), key[0])
            on_tile.setdefault((row, index), []).append(button)
    rows: list[list[dict[str, Any]]] = []
    for cell in view["pyramid"]:
        row, index = cell["tile"]
        if index == 0:
            rows.append([])
        coins = tuple(
            (c["suit"], c.get("value") if c["seat"] == me else None) for c in _coins_as_drawn(cell)
        )
        look = Look(
            row,
            index,
            cell["present"],
            cell["face_up"],
            coins,
            cell["over_sarcophagus"],
            cell["first_coin_here"] and view["awaiting"] == "first_coin",
        )
        rows[-1].append({"look": look, "moves": on_tile.get((row, index), [])})
    return rows


def _coins_as_drawn(cell: dict[str, Any]) -> list[dict[str, Any]]:
    """A pyramid cell's coins in the order the pyramid draws them: by suit. The shared
    pyramid is made a viewer's by this order (``own_coins_shown``)."""
    return sorted(cell["coins"], key=lambda c: SUITS.index(c["suit"]))


def _pyramid(rows) -> list[dict[str, Any]]:
    """The pyramid's rows as drawn: each named, each cell drawn (``cells.cell_of``)."""
    label, words = _("Row %(number)s"), language()
    return [
        {
            "label": label % {"number": n},
            "cells": [cell_of(words, cell["look"], cell["moves"]) for cell in row],
        }
        for n, row in enumerate(rows, 1)
    ]


def _seat_pyramid_drawer(view, moves) -> Callable[..., Markup | None] | None:
    """The pyramid every viewer shares (``shared.pyramid``, drawn from the spectator's view)
    made this viewer's, or None where it must be drawn whole: for a second coin the player
    to move has buttons on the tiles. A player placing a first coin (its buttons are in the
    hand), giving up a tile or passing has the pyramid inside their move form."""
    if moves and view["awaiting"] == "second_coin":
        return None
    me = view["seat"]
    own = [
        (coin["suit"], coin["value"])
        for cell in view["pyramid"]
        for coin in _coins_as_drawn(cell)
        if me is not None and coin["seat"] == me
    ]
    return partial(_seat_pyramid, own=own, in_form=bool(moves))


def _seat_pyramid(
    shared: str, url: str = "", version: int = 0, csrf_token: Any = "", *, own, in_form
) -> Markup | None:
    """``shared`` with the viewer's coins shown and, for the player to move, the pyramid's
    grid inside the move form as ``_pyramid.html`` draws it; None to draw it whole."""
    mine = own_coins_shown(shared, own=own)
    if mine is None or not in_form:
        return mine
    head, start, rest = str(mine).partition(PYRAMID_GRID)
    grid, legend, tail = rest.partition(PYRAMID_LEGEND)
    if not start or not legend or not grid.endswith("</div>"):
        return None
    inside = Markup(start + grid)  # parts of a drawing escaped already
    form = move_form(inside, "move-group sc-moves", url, version, {"csrf_token": csrf_token})
    return Markup(head + form + legend + tail)


def own_coins_shown(shared: str, *, own: list[tuple[str, int]]) -> Markup | None:
    """``shared``, the pyramid as a spectator sees it, with ``own``'s coins (suit and value,
    in the order the pyramid draws them) showing their values as they do to their owner:
    what drawing the pyramid for that viewer gives, byte for byte. Each of a viewer's suits
    is theirs alone, so its coins are the hidden coins of that suit in the drawing. None if
    the count of such coins does not match (then the pyramid is drawn whole)."""
    for suit in dict.fromkeys(s for s, _value in own):
        shown = [str(pieces.coin(coin_face(suit, value))) for s, value in own if s == suit]
        parts = shared.split(str(pieces.coin(coin_face(suit, None))))
        if len(parts) != len(shown) + 1:
            return None
        shared = "".join(chain.from_iterable(zip(parts, [*shown, ""], strict=True)))
    return Markup(shared)  # the shared drawing and the kept coins, both escaped already


def _prompt(view, names, mode) -> str:
    """What happens now, in words, for this viewer."""
    if view["is_over"]:
        return ""
    if mode == "first_coin":
        return _("Your first coin goes on the highlighted tile: tap the coin to place there.")
    if mode == "second_coin":
        return _("Your second coin: pick a coin, then tap a face-up tile.")
    if mode == "discard":
        return _("A trap! Choose the number tile you give up.")
    if mode == "pass":
        return _("You are out of coins: pass.")
    actor = view["to_act"][0] if view["to_act"] else None
    if actor is None:
        return ""
    name = names[actor]
    if view["awaiting"] == "discard":
        return _("%(name)s chooses a number tile to give up to the trap.") % {"name": name}
    if view["awaiting"] == "pass":
        return _("%(name)s is out of coins and passes.") % {"name": name}
    if view["awaiting"] == "second_coin":
        return _("%(name)s places a second coin.") % {"name": name}
    return _("%(name)s places a first coin on the highlighted tile.") % {"name": name}


def _players(view, names) -> list[dict[str, Any]]:
    """Each seat: suits, coins (counts public), claimed tiles, sarcophagus tiles, fame."""
    to_act = set(view["to_act"])
    players = []
    for seat in view["seats"]:
        s = seat["seat"]
        claimed = [tile_face(t) for t in seat["claimed"]]
        opened = seat.get("sarcophagus")
        players.append(
            {
                "seat": s,
                "name": names[s],
                "is_you": s == view["seat"],
                "to_act": s in to_act,
                "suits": [
                    {"suit": x, "symbol": SYMBOL[x], "word": suit_word(x)} for x in seat["suits"]
                ],
                "in_hand": seat["coins_in_hand"],
                "on_board": seat["coins_on_board"],
                "locked": seat["coins_locked"],
                "claimed": claimed,
                "protected": any(face["kind"] == "god" for face in claimed),
                "sarcophagus_backs": range(seat["sarcophagus_tiles"]) if opened is None else [],
                "sarcophagus": [tile_face(t) for t in opened or []],
                "end_discards": [tile_face(t) for t in seat.get("end_discards", [])],
                "fame": view["scores"][s],
            }
        )
    for player in players:  # in words here, not by a tag apiece in every viewer's drawing
        player.update(_player_words(player))
    return players


def _seat_order(view) -> list[int]:
    return [seat["seat"] for seat in view["seats"]]


# A player's row in ``_players.html`` starts with this; their name ends with the next
# ``PLAYER_NAME_END``, and the viewer's own row has ``YOU_CLASS`` and the "you" badge.
PLAYER_ROW = '<li class="sc-player'
PLAYER_NAME_END = "</strong>"
YOU_CLASS = " sc-player-you"


def players_marked(shared: str, *, seat: int | None, order: list[int]) -> Markup | None:
    """``shared``, the players as a spectator sees them, with ``seat``'s row marked as the
    viewer's own: what drawing the players for that viewer gives, byte for byte (only the
    mark differs between viewers; every count in it is public). ``order``: the seats in the
    order the rows are drawn. None if the drawing does not have a row per seat (then the
    players are drawn whole)."""
    if seat is None:
        return Markup(shared)  # drawn escaped already
    head, *rows = shared.split(PLAYER_ROW)
    if len(rows) != len(order) or seat not in order:
        return None
    mine = order.index(seat)
    row = rows[mine]
    classes_end, name_end = row.find('">'), row.find(PLAYER_NAME_END)
    if classes_end < 0 or name_end < classes_end:
        return None
    name_end += len(PLAYER_NAME_END)
    badge = f' <span class="badge badge-you">{_("you")}</span>'  # as the template words it
    rows[mine] = row[:classes_end] + YOU_CLASS + row[classes_end:name_end] + badge + row[name_end:]
    return Markup(PLAYER_ROW.join([head, *rows]))


def _player_words(player: dict[str, Any]) -> dict[str, str]:
    """A player's classes and counts as drawn: worked out once, not per template node."""
    flags = ((player["to_act"], " sc-player-due"), (player["is_you"], YOU_CLASS))
    in_hand = player["in_hand"]
    return {
        "classes": "".join(name for flag, name in flags if flag),
        "fame_text": _("%(fame)s fame") % {"fame": player["fame"]},
        "in_hand_text": ngettext("%(coins)s coin in hand", "%(coins)s coins in hand", in_hand)
        % {"coins": in_hand},
        "on_board_text": _("%(n)s on the pyramid") % {"n": player["on_board"]},
        "locked_text": _("%(n)s on sarcophagus tiles") % {"n": player["locked"]},
    }


def _places(view) -> dict[int, int]:
    """Competition places: most fame first, then fewer tiles (P9); still tied, shared."""
    keys = [(seat["result"]["fame"], -seat["result"]["tile_count"]) for seat in view["seats"]]
    return {seat: 1 + sum(other > key for other in keys) for seat, key in enumerate(keys)}


def _result(view, names) -> dict[str, Any] | None:
    """The final scoring: per player the tiles kept, the set bonuses, fame and tile count."""
    if not view["is_over"]:
        return None
    places = _places(view)
    rows = []
    for seat in view["seats"]:
        s = seat["seat"]
        result = seat["result"]
        breakdown = result["breakdown"]
        rows.append(
            {
                "seat": s,
                "name": names[s],
                "is_you": s == view["seat"],
                "place": places[s],
                "winner": s in view["winners"],
                "kept": _kept_faces(result["kept"], seat.get("sarcophagus", [])),
                "lost": [tile_face(t) for t in result["discarded"]],
                "values": breakdown["tiles"],
                "sets": [
                    {"symbol": SYMBOL[suit], "suit": suit_name(suit), "bonus": bonus}
                    for suit, bonus in breakdown["sets"].items()
                ],
                "fame": result["fame"],
                "tiles": result["tile_count"],
            }
        )
    rows.sort(key=lambda row: (row["place"], row["seat"]))
    return {"rows": rows, "text": _winner_text(view, names), "tie_break": _tie_break(view, names)}


def _kept_faces(kept: list[str], opened: list[str]) -> list[dict[str, Any]]:
    """The tiles kept at the end, those found in the sarcophagus marked as such."""
    faces = []
    for tile in kept:
        face = tile_face(tile)
        face["from_sarcophagus"] = tile in opened
        faces.append(face)
    return faces


def _winner_text(view, names) -> str:
    winners = view["winners"]
    fame = view["scores"][winners[0]]
    if len(winners) == 1:
        return _("%(name)s wins with %(fame)s fame.") % {"name": names[winners[0]], "fame": fame}
    return _("%(names)s share the win with %(fame)s fame each.") % {
        "names": " & ".join(names[w] for w in winners),
        "fame": fame,
    }


def _tie_break(view, names) -> str:
    """Said only when equal fame at the top was decided, or left shared, by the tile count."""
    scores = view["scores"]
    best = max(scores)
    tied = [s for s, fame in enumerate(scores) if fame == best]
    if len(tied) < 2:
        return ""
    counts = {s: view["seats"][s]["result"]["tile_count"] for s in tied}
    winners = view["winners"]
    if len(winners) == len(tied):
        return ngettext(
            "%(names)s have %(fame)s fame and hold %(count)s tile each: the win is shared.",
            "%(names)s have %(fame)s fame and hold %(count)s tiles each: the win is shared.",
            counts[winners[0]],
        ) % {"names": " & ".join(names[s] for s in tied), "fame": best, "count": counts[winners[0]]}
    return _("%(names)s have %(fame)s fame each; the fewer tiles decide: %(counts)s.") % {
        "names": " & ".join(names[s] for s in tied),
        "fame": best,
        "counts": ", ".join(
            ngettext("%(name)s %(count)s tile", "%(name)s %(count)s tiles", counts[s])
            % {"name": names[s], "count": counts[s]}
            for s in tied
        ),
    }
