"""Sacrifice sheets: trophies won and cards sacrificed by each player, the points they make,
and whether a player ran out of cards (S9: fewer than 7 while trophies remain loses at once)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _

from games.engines.sacrifice import (
    DECK_COPIES,
    MARKET,
    STARTERS,
    TROPHIES,
    parse_card,
    score_breakdown,
)
from sarco.engine_text import refusal

from .common import SheetError, as_written, parsed_per_player, places

TROPHY_COUNT = Counter(TROPHIES)
KEYS = ("trophies", "sacrificed", "lost_by_cards")


def compute(sheet: dict[str, Any], players: list[str]) -> dict[str, Any]:
    trophies = parsed_per_player(sheet.get("trophies"), players, "trophies", parse_card)
    sacrificed = parsed_per_player(sheet.get("sacrificed"), players, "sacrificed", parse_card)
    implied = {name: _implied_trophies(trophies[name], sacrificed[name]) for name in players}
    won = {name: trophies[name] + implied[name] for name in players}
    _check_trophies(players, won)
    _check_sacrifices(players, sacrificed)

    breakdown: dict[str, dict[str, Any]] = {}
    for name in players:
        try:
            breakdown[name] = score_breakdown(won[name], sacrificed[name])
        except ValueError as exc:
            raise SheetError(refusal(exc), f"sacrificed.{name}") from None
        breakdown[name]["implied_trophies"] = implied[name]
    totals = {name: breakdown[name]["total"] for name in players}
    loser = _lost_by_cards(sheet.get("lost_by_cards"), players, won)
    if loser is None:
        best = max(totals.values())
        winners = [name for name in players if totals[name] == best]
        ranked = places(players, key=lambda name: -totals[name])
    else:  # S9: the loss is at once, whatever the points
        winners = [name for name in players if name != loser]
        ranked = places(players, key=lambda name: name == loser)
    result: dict[str, Any] = {
        "totals": totals,
        "winners": winners,
        "places": ranked,
        # A game lost by cards is over as surely as one played to the 14th hand; a sheet is
        # always the end of a game, so it is finished either way.
        "finished": True,
        "rounds": [],
        "breakdown": breakdown,
    }
    if loser is not None:
        result["lost_by_cards"] = loser
        result["outcome"] = _(
            "%(loser)s has fewer than 7 cards left and loses: %(winner)s wins."
        ) % {"loser": loser, "winner": winners[0]}
    return result


def _lost_by_cards(value: Any, players: list[str], won: dict[str, list[str]]) -> str | None:
    """The player who ran out of cards (S9), if the sheet names one. Only possible while a
    trophy remains: after the last of the 14 hands the game ends on points."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise SheetError(
            _("Write the name of the player who ran out of cards, one of: %(players)s.")
            % {"players": ", ".join(players)},
            "lost_by_cards",
        )
    if value not in players:
        raise SheetError(
            _("%(name)s does not play in this game.") % {"name": value}, "lost_by_cards"
        )
    if sum(len(cards) for cards in won.values()) >= len(TROPHIES):
        raise SheetError(
            _(
                "All %(count)d trophies were won, so none remained: a player can lose by "
                "running out of cards only before the last hand (S9)."
            )
            % {"count": len(TROPHIES)},
            "lost_by_cards",
        )
    return value


def _check_trophies(players: list[str], trophies: dict[str, list[str]]) -> None:
    """Each of the 14 trophies goes to one player at most (S1: 12 face cards, 2 jokers)."""
    given: Counter[str] = Counter()
    for name in players:
        for card in trophies[name]:
            if card not in TROPHY_COUNT:
                raise SheetError(
                    _("%(card)s is not a trophy: trophies are the jacks, queens, kings and jokers.")
                    % {"card": as_written(card)},
                    f"trophies.{name}",
                )
            given[card] += 1
            if given[card] > TROPHY_COUNT[card]:
                if card == "JK":
                    message = _("Both jokers were already given as a trophy.")
                else:
                    message = _("%(card)s was already given as a trophy.") % {
                        "card": as_written(card)
                    }
                raise SheetError(message, f"trophies.{name}")


def _implied_trophies(trophies: list[str], sacrificed: list[str]) -> list[str]:
    """Trophy cards sacrificed but not listed as won. Only the winner of a trophy ever holds
    it, so such a card was won and then sacrificed: it still counts as a trophy (S9)."""
    return list(
        (Counter(c for c in sacrificed if c in TROPHY_COUNT) - Counter(trophies)).elements()
    )


def _check_sacrifices(players: list[str], sacrificed: dict[str, list[str]]) -> None:
    """Only cards a player could own: their starter deck (S1), market cards, trophies."""
    gone: Counter[str] = Counter()
    for seat, name in enumerate(players):
        for card in sacrificed[name]:
            where = f"sacrificed.{name}"
            if card not in TROPHY_COUNT and card not in MARKET and card not in STARTERS[seat]:
                raise SheetError(
                    _(
                        "%(card)s is in the other player's starter deck; "
                        "%(name)s cannot sacrifice it."
                    )
                    % {"card": as_written(card), "name": name},
                    where,
                )
            gone[card] += 1
            if gone[card] > DECK_COPIES[card]:
                if card == "JK":
                    message = _("Both jokers are already sacrificed; a card goes to an altar once.")
                else:
                    message = _("%(card)s is already sacrificed; a card goes to an altar once.") % {
                        "card": as_written(card)
                    }
                raise SheetError(message, where)


def highlights(role: str, name: str, result: dict[str, Any]) -> dict[str, int | None]:
    """The player's record in a computed sheet: the points on their altar."""
    return {"altar": result["breakdown"][name]["sacrifices"]}


# A sheet of this game for the demo club (scoring.demo): a fresh install shows one.
DEMO_SHEET = {
    "game": "sacrifice",
    "players": ["Anna", "Ben"],
    "trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]},
    "sacrificed": {"Anna": ["AS", "7D"], "Ben": ["KD"]},
}
