"""Sacrifice's board: the trophy and its rules, the market, buying, tricks, the sacrifice.

Built from ``engine.view(state, seat)`` and the viewer's ``legal_moves`` only. Every legal move
is one button posting exactly that dict: a purchase is grouped under the two cards it spends,
a card to play sits in the hand. A sacrifice is picked card by card and confirmed
(``static/js/sacrifice-pick.js`` posts the legal move whose cards were picked, from the viewer's
own legal sacrifices embedded in the form); every choice is also listed under how many cards it
gives up, for a page whose script did not run. A secret choice shows only *that* the opponent
has chosen, never what, until the view reveals it. The log's sentences are ``events``,
the sacrifice's choices ``sacrificing``, the cards' order and words ``cards``.

What every viewer sees alike (the trophy, the market, the hand's tricks and the log) is
``SHARED_PARTS``: drawn once a version from the spectator's view (``games.shared_parts``), so
a seat's board works the market and the log out only where it draws them itself (the replay).
"""

from __future__ import annotations

from typing import Any

from games.engines.sacrifice import BUY_VALUE, score_breakdown
from sarco.drawing_language import gettext as _
from sarco.drawing_language import ngettext
from scoring.faces import card_face

from ..common import EVENTS_SHOWN, Lazy, lines_total, move_json
from .cards import faces, rank_key, sort_cards
from .events import log_texts
from .sacrificing import sacrifice_choice

MARKET_VALUES = range(6, 11)

# The parts of the board every viewer sees alike, drawn once a version and language
# (games.shared_parts): Jinja2 templates, in games/jinja2/.
SHARED_PARTS = {
    "trophy": "games/sacrifice/_trophy.html",
    "market": "games/sacrifice/_market.html",
    "tricks": "games/sacrifice/_tricks.html",
    "events": "games/_events.html",
}


def board(view: dict[str, Any], moves: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    me = view["seat"]
    # The log's words and the market: drawn once a version for every viewer from the
    # spectator's board, so a seat's own board works them out only where it draws them
    # itself (the replay) or is asked for them.
    events = Lazy(log_texts, view, names)
    sacrifices = [m for m in moves if "sacrifice" in m]
    return {
        "view": view,
        "names": names,
        "can_move": bool(moves),
        "trophy": _trophy(view),
        "prompt": _prompt(view, names, moves),
        "market": Lazy(_market, view),
        "buy": _buy(view, moves),
        "hand": _hand(view, moves),
        "chosen": _chosen(view),
        "trick": _trick(view, names),
        "tricks": _tricks(view, names),
        "sacrifice": sacrifice_choice(view, sacrifices) if sacrifices else None,
        "players": _players(view, names),
        "altar": [card_face(c) for c in view.get("altar", [])],
        "result": _result(view, names),
        "events": Lazy(lambda: events()[-EVENTS_SHOWN:][::-1]),
        "events_total": lines_total(view, _log_lines(view)),
        "announce": Lazy(lambda: events()[-1] if events() else ""),
        "seat_roles": _seat_roles(view),
        "places": _places(view) if view["is_over"] else {},
        "me": me,
    }


def _log_lines(view) -> int:
    """How many sentences ``log_texts`` makes of the view's events, without wording them."""
    lines = sum(1 for event in view["events"] if event["kind"] != "end")
    return lines + 1 if view["is_over"] else lines


def _trophy(view) -> dict[str, Any] | None:
    """The trophy in play and its trick rules in words (S4)."""
    if not view["trophy"]:
        return None
    rules = view["trophy_rules"]
    tricks = ngettext("%(n)s trick", "%(n)s tricks", rules["tricks"]) % {"n": rules["tricks"]}
    if rules["lowest_wins"]:
        trump = _("no trumps")
        wins = _("the lowest number card wins; face cards and jokers never win")
    else:
        trump = _("red is trump") if rules["trump"] == "red" else _("black is trump")
        wins = _("the highest card wins; trump beats every other colour")
    return {
        "face": card_face(view["trophy"]),
        "tricks": tricks,
        "trump": trump,
        "wins": wins,
        "trump_colour": rules["trump"] or "none",
    }


def _prompt(view, names, moves) -> str:
    """What is happening now, in words, for this viewer."""
    me = view["seat"]
    phase = view["phase"]
    to_act = view["to_act"]
    if phase == "over":
        return ""
    waiting = me is not None and me not in to_act and _committed(view, me)
    if phase == "buy":
        if view["secret_buying"]:
            if waiting:
                return _("You have finished buying: waiting for your opponent.")
            if me is not None and moves:
                return _(
                    "Both buy at once, in secret: your purchases are revealed when you are "
                    "both done."
                )
            return _("Both players buy at once, in secret.")
        buyer = to_act[0]
        if buyer == me:
            return (
                _("You buy first: you lost the last hand.")
                if not view["done_buying"][1 - me]
                else _("Your turn to buy: you have seen what was bought.")
            )
        return _("%(name)s is buying.") % {"name": names[buyer]}
    if phase == "trick":
        if view["leader"] is None:
            what = _("Sudden death: reveal a card") if view["sudden_death"] else _("Reveal a card")
            if waiting:
                return _("You have chosen your card: waiting for your opponent.")
            if me is not None and me in to_act:
                return _("%(what)s: both choose in secret and reveal together.") % {"what": what}
            return _("%(what)s: both choose in secret.") % {"what": what}
        if me in to_act:
            if view["table"][view["leader"]] is None:
                return _("You lead: play any card.")
            return _("Follow: play any card (nobody has to follow colour).")
        return _("Waiting for %(name)s to play.") % {"name": names[to_act[0]]}
    if phase == "sacrifice":
        winner = view["hand_winner"]
        if winner == me:
            return _("You won the hand: sacrifice cards to your altar.")
        return _("%(name)s won the hand and is choosing cards to sacrifice.") % {
            "name": names[winner]
        }
    return ""


def _committed(view, seat: int) -> bool:
    if view["phase"] == "buy" and view["secret_buying"]:
        return view["done_buying"][seat]
    return view["committed"][seat]


def _market(view) -> list[dict[str, Any]]:
    """The market piles 6-10, every card face up."""
    market = view["market"]
    return [
        {
            "value": value,
            "cards": faces(sort_cards([c for c in market if BUY_VALUE[c] == value])),
        }
        for value in MARKET_VALUES
    ]


def _buy(view, moves) -> dict[str, Any] | None:
    """Purchases grouped by the two cards spent: each group lists the market cards they buy."""
    if view["phase"] != "buy" or view["seat"] is None:
        return None
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    done = None
    for move in moves:
        if "done" in move:
            done = move_json(move)
            continue
        a, b = move["spend"]
        group = groups.setdefault(
            (a, b),
            {
                "spend": faces(sort_cards([a, b])),
                "total": BUY_VALUE[a] + BUY_VALUE[b],
                "options": [],
            },
        )
        face = card_face(move["buy"])
        group["options"].append(
            {
                "faces": [face],
                "key": f"buy-{move['buy']}-{a}-{b}",
                "json": move_json(move),
                "label": _("Buy %(card)s with %(a)s and %(b)s")
                % {"card": face["name"], "a": card_face(a)["name"], "b": card_face(b)["name"]},
            }
        )
    mine = view["purchases"][view["seat"]]
    return {
        "groups": sorted(
            groups.values(),
            key=lambda g: (g["total"], rank_key([f["card"] for f in g["spend"]])),
        ),
        "done": done,
        "count": len(mine),
        "mine": [{"face": card_face(p["card"]), "spend": faces(p["spend"])} for p in mine],
    }


def _hand(view, moves) -> list[dict[str, Any]]:
    """The viewer's hand, sorted; while a card is to be played, each card posts its move (a
    second copy of a card, like the other joker, shows without a second control)."""
    legal = {m["play"]: m for m in moves if "play" in m}
    seen: set[str] = set()
    hand = []
    for c in sort_cards(view.get("hand", [])):
        face = card_face(c)
        move = legal.get(c) if c not in seen else None
        seen.add(c)
        hand.append(
            {
                "face": face,
                "faces": [face],
                "key": f"play-{c}",
                "json": move_json(move) if move else "",
                "label": _("Play %(card)s") % {"card": face["name"]},
            }
        )
    return hand


def _chosen(view) -> dict[str, Any] | None:
    """The card the viewer chose in secret, shown to them alone while the other chooses."""
    me = view["seat"]
    if me is None or view["phase"] != "trick" or view["leader"] is not None:
        return None
    if not view["committed"][me] or not view["played"]:
        return None
    return card_face(view["played"][-1])


def _trick(view, names) -> list[dict[str, Any]] | None:
    """The trick on the table: both slots, the led card face up, secret choices as backs."""
    if view["phase"] != "trick":
        return None
    to_act = set(view["to_act"])
    leader = view["leader"]
    order = [0, 1] if leader is None else [leader, 1 - leader]
    slots = []
    for seat in order:
        card = view["table"][seat]
        slots.append(
            {
                "seat": seat,
                "name": names[seat],
                "is_you": seat == view["seat"],
                "to_act": seat in to_act,
                "face": card_face(card) if card else None,
                "hidden": leader is None and view["committed"][seat],
                "note": _slot_note(seat, leader),
            }
        )
    return slots


def _slot_note(seat: int, leader: int | None) -> str:
    if leader is None:
        return ""
    return _("leads") if seat == leader else _("follows")


def _tricks(view, names) -> list[dict[str, Any]]:
    """Every trick of this hand with both cards and who took it (ties for both)."""
    rows = []
    for number, trick in enumerate(view["tricks"], 1):
        winner = trick["winner"]
        if winner is None:
            outcome = _("tie") if trick["sudden_death"] else _("tie: one each")
        else:
            outcome = names[winner]
        rows.append(
            {
                "number": number,
                "cards": [
                    {"name": names[seat], "face": card_face(card), "won": winner == seat}
                    for seat, card in enumerate(trick["cards"])
                ],
                "outcome": outcome,
                "taken_by": None if winner is None else names[winner],
                "sudden_death": trick["sudden_death"],
                "led": trick["leader"] is not None,
            }
        )
    return rows


def _players(view, names) -> list[dict[str, Any]]:
    """Both seats: tricks this hand, the trick track, trophies, piles and the altar's size."""
    to_act = set(view["to_act"])
    me = view["seat"]
    players = []
    for seat, name in enumerate(names):
        piles = view["piles"][seat]
        purchases = view["purchases"][seat]
        players.append(
            {
                "seat": seat,
                "name": name,
                "is_you": seat == me,
                "to_act": seat in to_act,
                "committed": view["phase"] != "over" and _committed(view, seat),
                "tricks": view["trick_counts"][seat],
                "track": faces(view["trick_track"][seat]),
                "won": faces(view["won"][seat]),
                "piles": piles,
                "low": piles["cards"] < 7,
                "purchases": [card_face(p["card"]) for p in purchases],
                "altar": faces(view["altars"][seat]) if view["altars"] else None,
                "score": view["scores"][seat],
            }
        )
    return players


def _seat_roles(view) -> dict[int, str]:
    if view["is_over"]:
        return {}
    roles: dict[int, str] = {}
    if view["phase"] == "buy" and not view["secret_buying"]:
        roles[view["buy_order"][0]] = _("buys first")
    if view["hand_winner"] is not None:
        roles[view["hand_winner"]] = _("won the hand")
    elif view["leader"] is not None:
        roles[view["leader"]] = _("leads")
    return roles


def _places(view) -> dict[int, int]:
    """The winners share place 1: a loss by cards outranks any score (S9)."""
    return {seat: 1 if seat in view["winners"] else 2 for seat in range(2)}


def _result(view, names) -> dict[str, Any] | None:
    """The final score broken down per player (S9), or the loss by running out of cards."""
    if not view["is_over"]:
        return None
    loser = view["lost_by_cards"]
    winners = view["winners"]
    if loser is not None:
        text = _("%(loser)s has fewer than 7 cards left and loses: %(winner)s wins.") % {
            "loser": names[loser],
            "winner": names[1 - loser],
        }
    elif len(winners) == 2:
        text = _("A draw: both score %(score)s.") % {"score": view["scores"][0]}
    else:
        text = _("%(name)s wins with %(score)s points.") % {
            "name": names[winners[0]],
            "score": view["scores"][winners[0]],
        }
    rows = []
    for seat, name in enumerate(names):
        breakdown = score_breakdown(view["won"][seat], view["altars"][seat])
        rows.append(
            {
                "name": name,
                "is_you": seat == view["seat"],
                "winner": seat in winners,
                "trophies": len(view["won"][seat]),
                "trophy_points": breakdown["trophies"],
                "sacrificed": [
                    {"face": card_face(c), "points": row["points"]}
                    for c, row in zip(
                        view["altars"][seat],
                        breakdown["cards"][len(view["won"][seat]) :],
                        strict=True,
                    )
                ],
                "sacrifice_points": breakdown["sacrifices"],
                "total": breakdown["total"],
            }
        )
    return {"text": text, "rows": rows, "by_cards": loser is not None}
