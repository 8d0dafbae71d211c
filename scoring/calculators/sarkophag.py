"""Sarkophag sheets: heads per round (typed, or from the cards taken) to a head limit."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engines.sarkophag import (
    DECK_HEADS,
    HAND_SIZE,
    heads,
    limit_reached,
    lowest_seats,
    mummy_heads,
)
from sarco.engine_text import refusal

from .common import (
    SheetError,
    add,
    check_keys,
    names_of,
    per_player,
    places,
    whole_number,
    zeroes,
)
from .common import name_list as as_list

KEYS = ("limit", "rounds")
MAX_LIMIT = 10_000  # heads; a limit beyond is no game anyone plays


def compute(sheet: dict[str, Any], players: list[str]) -> dict[str, Any]:
    limit = _limit(sheet.get("limit"))
    totals = zeroes(players)
    rounds: list[dict[str, Any]] = []
    finished = False
    for number, entry in enumerate(as_list(sheet.get("rounds"), "rounds")):
        field = f"rounds.{number}"
        if finished:
            raise SheetError(
                _("The game already ended after round %(number)d; no round %(next)d is played.")
                % {"number": number, "next": number + 1},
                field,
            )
        played = _round(entry, players, field)
        totals = add(totals, played["credited"])
        rounds.append({**played, "running": dict(totals)})
        finished = limit_reached(list(totals.values()), limit)
    order = list(totals.values())
    return {
        "totals": totals,
        "winners": names_of(lowest_seats(order), players) if rounds else [],
        "places": places(players, key=lambda name: totals[name]),
        "finished": finished,
        "rounds": rounds,
        "breakdown": {"limit": limit},
    }


def _limit(limit: Any) -> int | None:
    if limit is None:
        return None
    if type(limit) is not int or not 1 <= limit <= MAX_LIMIT:
        raise SheetError(
            _("The head limit must be a whole number of heads, 1 to %(n)d.") % {"n": MAX_LIMIT},
            "limit",
        )
    return limit


def _round(entry: Any, players: list[str], field: str) -> dict[str, Any]:
    if not isinstance(entry, dict) or len(set(entry) & {"heads", "cards"}) != 1:
        raise SheetError(
            _("A round gives either the heads per player or the cards each player took."), field
        )
    check_keys(entry, ("heads", "cards"), _("a round"), field)
    if "heads" in entry:
        typed = per_player(entry["heads"], players, f"{field}.heads", required=True)
        credited = {
            name: whole_number(typed[name], f"{field}.heads.{name}", _("Heads"), DECK_HEADS)
            for name in players
        }
        if sum(credited.values()) > DECK_HEADS:
            raise SheetError(
                _("The whole deck has only %(n)d heads; this round adds up to %(sum)d.")
                % {"n": DECK_HEADS, "sum": sum(credited.values())},
                f"{field}.heads",
            )
        return {"source": "heads", "credited": credited}
    return _cards_round(entry["cards"], players, field)


def _cards_round(value: Any, players: list[str], field: str) -> dict[str, Any]:
    taken = per_player(value, players, f"{field}.cards", required=False)
    seen: dict[int, str] = {}
    credited: dict[str, int] = {}
    cards: dict[str, list[dict[str, int]]] = {}
    for name in players:
        where = f"{field}.cards.{name}"
        own = as_list(taken.get(name), where)
        try:
            credited[name] = heads(own)
        except ValueError as exc:
            raise SheetError(refusal(exc), where) from None
        for card in own:
            if card in seen:
                raise SheetError(
                    _("Card %(card)s was already taken by %(name)s.")
                    % {"card": card, "name": seen[card]},
                    where,
                )
            seen[card] = name
        cards[name] = [{"card": card, "heads": mummy_heads(card)} for card in sorted(own)]
    dealt = HAND_SIZE * len(players)
    if len(seen) > dealt:
        raise SheetError(
            _("Only %(dealt)d cards are dealt to %(players)d players; %(entered)d are entered.")
            % {"dealt": dealt, "players": len(players), "entered": len(seen)},
            f"{field}.cards",
        )
    return {"source": "cards", "credited": credited, "cards": cards}


def highlights(role: str, name: str, result: dict[str, Any]) -> dict[str, int | None]:
    """The player's record in a computed sheet: fewest heads taken in one round."""
    rounds = result.get("rounds") or []
    return {"fewest_heads": min((r["credited"][name] for r in rounds), default=None)}


# A sheet of this game for the demo club (scoring.demo): a fresh install shows one.
DEMO_SHEET = {
    "game": "sarkophag",
    "players": ["Anna", "Ben", "Clara"],
    "limit": 20,
    "rounds": [
        {"heads": {"Anna": 12, "Ben": 0, "Clara": 7}},
        {"cards": {"Anna": [22, 15], "Ben": [], "Clara": [9, 8, 36]}},
        {"heads": {"Anna": 3, "Ben": 9, "Clara": 2}},
    ],
}
