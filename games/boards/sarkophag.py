"""Sarkophag's board: the trick in play order, the viewer's hand, heads per player and round.

Built from ``engine.view(state, seat)`` and the viewer's ``legal_moves`` only. A move is one
card; each legal card of the hand is one button posting exactly that ``{"card": n}`` dict, the
other cards are dimmed with the reason in words. Fewest heads win, so places count upwards.
"""

from __future__ import annotations

from typing import Any

from games.engines.sarkophag import HEADS
from sarco.drawing_language import gettext as _
from sarco.drawing_language import ngettext

from .common import EVENTS_SHOWN, Lazy, lines_total, move_json

LOWER, HIGHER = "lower", "higher"
DIRECTION_SYMBOL = {LOWER: "▼", HIGHER: "▲"}

# The parts of the board every viewer sees alike, drawn once a version and language
# (games.shared_parts): Jinja2 templates, in games/jinja2/. The trick, the heads this round
# and the result mark the viewer ("you"), so each viewer draws those.
SHARED_PARTS = {
    "round_end": "games/sarkophag/_round_end.html",
    "last_trick": "games/sarkophag/_last_trick.html",
    "rounds": "games/sarkophag/_rounds.html",
    "events": "games/_events.html",
}


def board(view: dict[str, Any], moves: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    legal = {move["card"]: move for move in moves}
    # The log's words: drawn once a version for every viewer from the spectator's board, so
    # a seat's own board works them out only where it draws them itself (the replay).
    events = Lazy(_events, view, names)
    return {
        "view": view,
        "names": names,
        "players": _players(view, names),
        "trick": _trick(view, names),
        "direction": _direction(view, names),
        "hand": _hand(view, legal),
        "hand_note": _hand_note(view, legal),
        "can_move": bool(moves),
        "last_trick": _last_trick(view, names),
        "round_end": _round_end(view, names),
        "rounds": _rounds(view, names),
        "result": _result(view, names),
        "limit_text": _limit_text(view["limit"]),
        "events": Lazy(lambda: events()[-EVENTS_SHOWN:][::-1]),
        "events_total": lines_total(view, len(view["events"]) + int(view["is_over"])),
        "announce": Lazy(lambda: events()[-1] if events() else ""),
        "seat_roles": _seat_roles(view),
        "places": _places(view) if view["is_over"] else {},
        "shows_ranking": True,  # the result ranks everyone; the seat list need not again
    }


def _events(view: dict[str, Any], names: list[str]) -> list[str]:
    """Every event in words, the final scores last once the game is over."""
    events = [_event_text(event, names) for event in view["events"]]
    if view["is_over"]:
        events.append(_final_scores(view["totals"], names))
    return events


def card(number: int) -> dict[str, Any]:
    """A face-up card as the ``sarkophag_card`` tag shows it: its number and its heads."""
    count = HEADS[number]
    return {
        "card": number,
        "heads": count,
        "name": ngettext("%(card)s, %(n)s head", "%(card)s, %(n)s heads", count)
        % {"card": number, "n": count},
    }


def heads_text(count: int) -> str:
    return ngettext("%(n)s head", "%(n)s heads", count) % {"n": count}


def _players(view, names) -> list[dict[str, Any]]:
    """Every seat in table order, with this round's heads and tricks and the running total
    (dealer and leader are marked in the table's seat list, by ``seat_roles``)."""
    to_act = set(view["to_act"])
    return [
        {
            "seat": seat,
            "name": name,
            "is_you": seat == view["seat"],
            "to_act": seat in to_act,
            "cards": view["hand_sizes"][seat],
            "tricks": view["tricks"][seat],
            "heads": view["heads"][seat],
            "total": view["totals"][seat],
        }
        for seat, name in enumerate(names)
    ]


def _seat_roles(view) -> dict[int, str]:
    """Dealer and leader, for the table's seat list; nobody deals once the game is over."""
    if view["is_over"]:
        return {}
    roles: dict[int, list[str]] = {}
    roles.setdefault(view["dealer"], []).append(_("deals"))
    roles.setdefault(view["leader"], []).append(_("leads this trick"))
    return {seat: " · ".join(words) for seat, words in roles.items()}


def _trick(view, names) -> list[dict[str, Any]]:
    """One slot per seat in play order from the leader: the card played there, or who is due."""
    if view["is_over"]:
        return []
    played = view["trick"]
    n = view["players"]
    to_act = set(view["to_act"])
    lead = view["lead_card"]
    slots = []
    for position in range(n):
        seat = (view["leader"] + position) % n
        slot: dict[str, Any] = {
            "seat": seat,
            "name": names[seat],
            "is_you": seat == view["seat"],
            "to_act": seat in to_act,
            "face": None,
            "note": "",
        }
        if position < len(played):
            number = played[position]["card"]
            slot["face"] = card(number)
            slot["note"] = _play_note(position, number, lead, view["direction"])
        slots.append(slot)
    return slots


def _play_note(position: int, number: int, lead: int, direction: str | None) -> str:
    if position == 0:
        return _("led")
    if position == 1:
        return _("▼ lower") if direction == LOWER else _("▲ higher")
    if (number < lead) == (direction == LOWER):
        return _("followed")
    return _("could not follow")


def _direction(view, names) -> dict[str, Any]:
    """The trick's state in words: who leads, the lead card, the direction once set."""
    lead = view["lead_card"]
    direction = view["direction"]
    if view["is_over"]:
        return {"symbol": "", "text": ""}
    if lead is None:
        leader = view["leader"]
        if leader == view["seat"]:
            text = _("You lead trick %(number)s.") % {"number": view["trick_number"]}
        else:
            text = _("%(name)s leads trick %(number)s.") % {
                "name": names[leader],
                "number": view["trick_number"],
            }
        return {"symbol": "", "text": text}
    if direction is None:
        return {
            "symbol": "",
            "text": _("%(card)s led: the next card sets the direction.") % {"card": lead},
        }
    if direction == LOWER:
        text = _("Lower than %(card)s") % {"card": lead}
    else:
        text = _("Higher than %(card)s") % {"card": lead}
    return {"symbol": DIRECTION_SYMBOL[direction], "text": text, "kind": direction}


def _hand(view, legal: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The viewer's cards, lowest first; a legal one carries its move, the others are dimmed
    while it is the viewer's turn."""
    my_turn = bool(legal)
    cards = []
    for number in sorted(view["hand"]):
        move = legal.get(number)
        face = card(number)
        cards.append(
            {
                "face": face,
                "json": move_json(move) if move else "",
                "label": _("Play %(card)s") % {"card": face["name"]},
                "dimmed": my_turn and move is None,
            }
        )
    return cards


def _hand_note(view, legal) -> str:
    """Why some cards are dimmed (only while it is the viewer's turn and some are)."""
    if not legal or len(legal) == len(view["hand"]):
        return ""
    lead = view["lead_card"]
    if lead is None:
        return _("A card with 5 heads may not be led while you hold others; it is dimmed.")
    if view["direction"] == LOWER:
        return _(
            "You hold cards lower than %(card)s, so you must play one of them; the rest are dimmed."
        ) % {"card": lead}
    return _(
        "You hold cards higher than %(card)s, so you must play one of them; the rest are dimmed."
    ) % {"card": lead}


def _last_trick(view, names) -> dict[str, Any] | None:
    last = view["last_trick"]
    if last is None:
        return None
    return {
        "cards": [
            {"name": names[item["seat"]], "face": card(item["card"])} for item in last["cards"]
        ],
        "text": _("%(name)s took it: %(heads)s.")
        % {"name": names[last["taker"]], "heads": heads_text(last["heads"])},
    }


def _round_end(view, names) -> dict[str, Any] | None:
    """The round just finished, shown through the next round's first trick (a bot may lead
    it at once, and the summary must not flash by)."""
    tricks_done = len(view["played"]) - len(view["trick"])
    if not view["rounds"] or view["is_over"] or tricks_done:
        return None
    number = len(view["rounds"])
    heads = view["rounds"][-1]
    limit = view["limit"]
    return {
        "number": number,
        "limit": limit,
        "rows": [
            {"name": name, "heads": heads[seat], "total": view["totals"][seat]}
            for seat, name in enumerate(names)
        ],
        "text": _("Nobody has more than %(limit)s heads yet: the game goes on.") % {"limit": limit}
        if limit is not None
        else "",
    }


def _rounds(view, names) -> dict[str, Any] | None:
    """Heads per player per finished round, and the totals, for the rounds table."""
    rounds = view["rounds"]
    if not rounds:
        return None
    return {
        "numbers": range(1, len(rounds) + 1),
        "rows": [
            {
                "name": name,
                "is_you": seat == view["seat"],
                "heads": [heads[seat] for heads in rounds],
                "total": view["totals"][seat],
            }
            for seat, name in enumerate(names)
        ],
    }


def _places(view) -> dict[int, int]:
    """Competition places, fewest heads first (ties share a place)."""
    totals = view["totals"]
    return {seat: 1 + sum(other < total for other in totals) for seat, total in enumerate(totals)}


def _result(view, names) -> dict[str, Any] | None:
    if not view["is_over"]:
        return None
    places = _places(view)
    winners = view["winners"]
    winner_names = [names[seat] for seat in winners]
    best = view["totals"][winners[0]]
    if len(winners) == 1:
        text = _("%(name)s wins with the fewest heads: %(heads)s.") % {
            "name": winner_names[0],
            "heads": heads_text(best),
        }
    else:
        text = _("%(names)s share the win with %(heads)s each.") % {
            "names": " & ".join(winner_names),
            "heads": heads_text(best),
        }
    order = sorted(range(len(names)), key=lambda seat: (places[seat], seat))
    return {
        "text": text,
        "standings": [
            {
                "place": places[seat],
                "name": names[seat],
                "total": view["totals"][seat],
                "winner": seat in winners,
                "is_you": seat == view["seat"],
            }
            for seat in order
        ],
    }


def _limit_text(limit: int | None) -> str:
    if limit is None:
        return _("One round; the fewest heads win.")
    return _("Rounds until someone has more than %(limit)s heads; the fewest heads win.") % {
        "limit": limit
    }


def _final_scores(totals: list[int], names: list[str]) -> str:
    """The log's last line: everyone's heads, read out with the rest (the winner's line names
    only the winner)."""
    parts = ", ".join(
        f"{name} {heads_text(total)}" for name, total in zip(names, totals, strict=True)
    )
    return _("Final scores: %(scores)s.") % {"scores": parts}


def _event_text(event: dict[str, Any], names: list[str]) -> str:
    kind = event["kind"]
    if kind == "deal":
        return _("Round %(round)s: %(dealer)s deals, %(leader)s leads.") % {
            "round": event["round"],
            "dealer": names[event["dealer"]],
            "leader": names[event["leader"]],
        }
    if kind == "play":
        return _("%(name)s plays %(card)s.") % {
            "name": names[event["seats"][0]],
            "card": event["card"],
        }
    if kind == "take":
        return _("%(name)s takes the trick with %(card)s: %(heads)s.") % {
            "name": names[event["seats"][0]],
            "card": event["card"],
            "heads": heads_text(event["heads"]),
        }
    if kind == "round_end":
        parts = ", ".join(f"{names[seat]} {count}" for seat, count in enumerate(event["heads"]))
        return _("Round %(round)s is over. Heads taken: %(parts)s.") % {
            "round": event["round"],
            "parts": parts,
        }
    if kind == "game_over":
        winners = " & ".join(names[seat] for seat in event["seats"])
        if len(event["seats"]) == 1:
            return _("%(names)s wins with %(heads)s.") % {
                "names": winners,
                "heads": heads_text(event["heads"]),
            }
        return _("%(names)s share the win with %(heads)s each.") % {
            "names": winners,
            "heads": heads_text(event["heads"]),
        }
    return event.get("text", "")
