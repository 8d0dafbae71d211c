"""Sacrifice's end-of-game form: each player's trophies and the cards they sacrificed, and
who ran out of cards if the game ended that way (S9: that player lost at once)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines.sacrifice import DECK_COPIES, STARTERS, TROPHIES

from ..faces import card_label, per_language
from ..numbers import form_int
from .common import DraftError, player_error

GAME = "sacrifice"
# The rules' setup (S1): seat 1 gets the red-black starter deck of hearts and spades.
SEAT_LABELS = (
    gettext_lazy("starter deck A–5 of hearts and spades"),
    gettext_lazy("starter deck A–5 of diamonds and clubs"),
)
AT_END = True
TEMPLATE = "scoring/_entry_sacrifice.html"
CARD_KEYS = ("trophies", "sacrificed")  # per player, a list of cards
LOST = "lost_by_cards"  # the player who ran out of cards (S9), only when one did
KEYS = (*CARD_KEYS, LOST)
TROPHY_CARDS = list(dict.fromkeys(TROPHIES))
TROPHY_COUNT = Counter(TROPHIES)
ALL_CARDS = list(DECK_COPIES)  # suit by suit, then the jokers

assert all(card in DECK_COPIES for card in TROPHIES)
assert [{card[-1] for card in deck} for deck in STARTERS] == [{"H", "S"}, {"D", "C"}]


@per_language
def chip_name(key: str, card: str) -> str:
    """A chip's accessible name, once per language and card: a form holds some 200 chips."""
    name = card_label(card)["name"]
    if key == "trophies":
        return _("trophy %(card)s") % {"card": name}
    return _("sacrificed %(card)s") % {"card": name}


def _counted(values: list[str]) -> list[str]:
    """Checkbox values like ``JK#2`` (the second joker) back to card notation."""
    return [v.split("#", 1)[0] for v in values]


def draft(post, names: list[str]) -> dict[str, Any]:
    """The ticked cards; ``lost_by_cards`` posts a seat number, or nothing for nobody."""
    draft: dict[str, Any] = {
        key: {n: _counted(post.getlist(f"{key}-{i}")) for i, n in enumerate(names)}
        for key in CARD_KEYS
    }
    seat = form_int(post.get(LOST), len(names) - 1)
    draft[LOST] = names[seat] if seat is not None else ""
    return draft


def entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {key: {name: draft[key][name] for name in names} for key in CARD_KEYS}
    if draft[LOST] in names:
        entry[LOST] = draft[LOST]
    return entry


def check_saved(entry: dict[str, Any], names: list[str]) -> None:
    """Refuse an end without trophies: every hand is won, and its winner takes the hand's
    trophy, so a game that ended (after 14 hands, or when a player ran short of cards after
    a sacrifice) has at least one."""
    if not any(entry["trophies"].values()):
        raise DraftError(
            _(
                "Every hand's winner takes its trophy, so a finished game has at least one: "
                "tick the trophies each player won."
            ),
            "trophies",
        )


def draft_from_entry(entry: dict[str, Any] | None, names: list[str]) -> dict[str, Any]:
    entry = entry or {}
    draft: dict[str, Any] = {
        key: {name: list((entry.get(key) or {}).get(name, [])) for name in names}
        for key in CARD_KEYS
    }
    draft[LOST] = entry[LOST] if entry.get(LOST) in names else ""
    return draft


def sheet(
    base: dict[str, Any], roles: dict[str, str], options: dict[str, Any], entries: list[dict]
) -> dict[str, Any]:
    """The sheet JSON: the end-of-game entry's keys at the top level."""
    base.update(entries[0] if entries else {})
    return base


def end_item(result: dict[str, Any]) -> dict[str, Any]:
    """One player's part of the finished sheet's breakdown: each card with its points."""
    return {
        "card_rows": [
            {**card_label(c["card"]), "points": c["points"]} for c in result.get("cards", [])
        ]
    }


def form(context: dict[str, Any], seats, rounds) -> dict[str, Any]:
    """Per player: the trophy chips and the sacrificed-card chips, with the points so far;
    then whether the game ended with someone out of cards (nobody, or one of the players)."""
    draft = context["draft"]
    breakdown = (context.get("preview") or {}).get("breakdown") or {}
    names = context["names"]

    def chips(key: str, name: str, cards: list[str]) -> list[dict[str, Any]]:
        mine = Counter(draft[key][name])
        others = Counter(c for n in names if n != name for c in draft[key][n])
        out = []
        for card in cards:
            copies = TROPHY_COUNT[card] if key == "trophies" else DECK_COPIES[card]
            for k in range(1, copies + 1):
                out.append(
                    {
                        **card_label(card),
                        "aria": chip_name(key, card),
                        "value": f"{card}#{k}" if copies > 1 else card,
                        "checked": mine[card] >= k,
                        "taken": others[card] + min(mine[card], k - 1) >= copies,
                    }
                )
        return out

    players = []
    for i, name in enumerate(names):
        b = breakdown.get(name, {})
        players.append(
            {
                "i": i,
                "name": name,
                "trophies": chips("trophies", name, TROPHY_CARDS),
                "sacrificed": chips("sacrificed", name, ALL_CARDS),
                "trophy_points": b.get("trophies"),
                "sacrifice_points": b.get("sacrifices"),
                "total": b.get("total"),
                **player_error(context, name),
            }
        )
    lost = draft[LOST]
    choices = [{"value": "", "label": _("No, the game ended on points"), "checked": not lost}]
    choices += [
        {
            "value": str(i),
            "label": _("%(name)s ran out of cards and lost") % {"name": name},
            "checked": lost == name,
        }
        for i, name in enumerate(names)
    ]
    return {
        "entry_players": players,
        "lost_choices": choices,
        "lost_invalid": context["error"]["key"] == LOST,
    }
