"""Sarg sheets: six rounds, each a square of cards or the two credited scores, then the bonus."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines.sarg import DECK, TARGET, final_result, parse_card, score_round
from sarco.engine_text import refusal, say

from .common import SheetError, add, as_written, canonical, check_keys, places, whole_number
from .common import name_list as as_list

KEYS = ("roles", "to_1000", "rounds")

ROUNDS = 6
MAX_ROUND_SCORE = 150  # three 10-point cards of one suit, times five
DECK_COUNT = Counter(DECK)


def compute(sheet: dict[str, Any], players: list[str]) -> dict[str, Any]:
    queen, king = _roles(sheet.get("roles"), players)
    to_1000 = sheet.get("to_1000", False)
    if not isinstance(to_1000, bool):
        raise SheetError(_("to_1000 is true or false."), "to_1000")
    entries = as_list(sheet.get("rounds"), "rounds")
    totals = {queen: 0, king: 0}
    rounds: list[dict[str, Any]] = []
    credited_by_role: list[dict[str, int]] = []
    used: Counter[str] = Counter()
    finished = False
    for number, entry in enumerate(entries):
        field = f"rounds.{number}"
        if finished:
            raise SheetError(_over_message(number, to_1000), field)
        if number % ROUNDS == 0:
            used = Counter()  # a fresh shuffle of the whole deck (G2, G7)
        played = _round(entry, field, used)
        credited = {queen: played["queen"], king: played["king"]}
        credited_by_role.append({"queen": played["queen"], "king": played["king"]})
        totals = add(totals, credited)
        rounds.append(
            {"credited": credited, "running": dict(totals), "explanation": played["explanation"]}
        )
        finished = max(totals.values()) >= TARGET if to_1000 else len(rounds) == ROUNDS
    before_bonus = dict(totals)
    bonus, bonus_to, explanation = 0, None, _("The end bonus is added once the game is over.")
    if finished:
        result = final_result(credited_by_role)
        totals = {queen: result["queen"], king: result["king"]}
        bonus = result["bonus"]
        bonus_to = {"queen": queen, "king": king}.get(result["bonus_to"])
        explanation = _named(result, queen, king)
    best = max(totals.values())
    return {
        "totals": totals,
        "winners": [name for name in players if totals[name] == best] if rounds else [],
        "places": places(players, key=lambda name: -totals[name]),
        "finished": finished,
        "rounds": rounds,
        "breakdown": {
            "roles": {"queen": queen, "king": king},
            "totals_before_bonus": before_bonus,
            "bonus": bonus,
            "bonus_to": bonus_to,
            "explanation": explanation,
            "used_cards": sorted(used.elements(), key=DECK.index),
        },
    }


def _roles(roles: Any, players: list[str]) -> tuple[str, str]:
    """G1: one player is the Queen (scores rows), the other the King (scores columns). Each
    role holds a name as text: a number that happens to spell a player's name is not one."""
    both = _("Name one player as the Queen (rows) and the other as the King (columns).")
    if not isinstance(roles, dict) or set(roles) != {"queen", "king"}:
        raise SheetError(both, "roles")
    for role in ("queen", "king"):
        if not isinstance(roles[role], str):
            raise SheetError(
                _("A role is given by a player's name, as text: one of %(players)s.")
                % {"players": ", ".join(players)},
                f"roles.{role}",
            )
    if sorted(roles.values()) != sorted(players):
        raise SheetError(both, "roles")
    return roles["queen"], roles["king"]


def _round(entry: Any, field: str, used: Counter[str]) -> dict[str, Any]:
    if isinstance(entry, dict) and "grid" in entry:
        check_keys(entry, ("grid",), _("a round with its square"), field)
        try:
            scored = score_round(entry["grid"])
        except ValueError as exc:
            raise SheetError(refusal(exc), f"{field}.grid") from None
        cards = [
            canonical(parse_card, card, f"{field}.grid") for row in entry["grid"] for card in row
        ]
        for card in cards:
            used[card] += 1
            if used[card] > DECK_COUNT[card]:
                if card == "JK":
                    message = _(
                        "Both vampires were already played in an earlier round; one deck serves "
                        "six rounds."
                    )
                else:
                    message = _(
                        "%(card)s was already played in an earlier round; one deck serves six "
                        "rounds."
                    ) % {"card": as_written(card)}
                raise SheetError(
                    message,
                    f"{field}.grid",
                )
        return {"queen": scored["queen"], "king": scored["king"], "explanation": scored}
    if isinstance(entry, dict) and set(entry) == {"queen", "king"}:
        return {
            role: whole_number(entry[role], f"{field}.{role}", _("A round score"), MAX_ROUND_SCORE)
            for role in ("queen", "king")
        } | {"explanation": None}
    raise SheetError(_("A round is either the square of nine cards or the two scores."), field)


def _over_message(number: int, to_1000: bool) -> str:
    if to_1000:
        return _(
            "The game reached %(target)d after round %(number)d; there is no round %(next)d."
        ) % {
            "target": TARGET,
            "number": number,
            "next": number + 1,
        }
    return _("Sarg is six rounds; there is no round %(next)d.") % {"next": number + 1}


def _named(result: dict[str, Any], queen: str, king: str) -> str:
    """The engine speaks of roles; a sheet names the players, in the reader's language."""
    numbers = result["explanation"].params
    to = result["bonus_to"]
    if to is None:  # equal totals, both credited the best round: nobody to name
        return say(result["explanation"])
    who = {"name": queen if to == "queen" else king}
    leads = result["totals"]["queen"] != result["totals"]["king"]
    return BONUS_SENTENCES[to, leads] % {**numbers, **who}


# The end bonus in words, by who gains it and whether they led (else the totals were equal).
BONUS_SENTENCES = {
    ("queen", True): gettext_lazy(
        "%(name)s (Queen) leads %(high)s to %(low)s and gains the difference, %(bonus)s, as a "
        "bonus: %(final)s to %(low)s."
    ),
    ("king", True): gettext_lazy(
        "%(name)s (King) leads %(high)s to %(low)s and gains the difference, %(bonus)s, as a "
        "bonus: %(final)s to %(low)s."
    ),
    ("queen", False): gettext_lazy(
        "The totals are equal (%(total)s each); the highest round score, %(best)s, was "
        "credited to %(name)s (Queen), who gains it as a bonus: %(final)s to %(total)s."
    ),
    ("king", False): gettext_lazy(
        "The totals are equal (%(total)s each); the highest round score, %(best)s, was "
        "credited to %(name)s (King), who gains it as a bonus: %(final)s to %(total)s."
    ),
}


def highlights(role: str, name: str, result: dict[str, Any]) -> dict[str, int | None]:
    """The player's records in a computed sheet: most points in one round, and the best line
    scored in a square (rows for the Queen, columns for the King)."""
    rounds = result.get("rounds") or []
    lines = "rows" if role == "queen" else "columns"
    values = [
        line["value"] for r in rounds if r.get("explanation") for line in r["explanation"][lines]
    ]
    return {
        "best_round": max((r["credited"][name] for r in rounds), default=None),
        "best_line": max(values, default=None),
    }


# A sheet of this game for the demo club (scoring.demo): a fresh install shows one.
DEMO_SHEET = {
    "game": "sarg",
    "players": ["Henrik", "Nico"],
    "roles": {"queen": "Henrik", "king": "Nico"},
    "rounds": [
        {"grid": [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]},
        {"queen": 38, "king": 30},
        {"queen": 21, "king": 45},
    ],
}
