"""Sarkophag's entry form: heads per player each round, typed or counted from cards taken."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from games.engines.sarkophag import CARDS, HAND_SIZE, mummy_heads

from ..numbers import form_ints
from .common import DraftError, int_or_text, player_error

GAME = "sarkophag"
SEAT_LABELS: tuple[str, ...] = ()
AT_END = False
KEYS: tuple[str, ...] = ()
TEMPLATE = "scoring/_entry_sarkophag.html"
STEP = re.compile(r"^step:(?P<seat>[0-9]{1,2}):(?P<delta>-?[0-9]{1,3})$")
MAX_CARD = 999  # above any card number; the calculator says which numbers are cards


def draft(post, names: list[str]) -> dict[str, Any]:
    mode = post.get("mode") if post.get("mode") in ("heads", "cards") else "heads"
    if post.get("pick", "") in ("mode:heads", "mode:cards"):
        mode = post["pick"].split(":", 1)[1]
    heads = {name: int_or_text(post.get(f"heads-{i}", "0")) for i, name in enumerate(names)}
    cards = {}
    for i, name in enumerate(names):
        cards[name] = sorted(set(form_ints(post.getlist(f"cards-{i}"), MAX_CARD)))
    step = STEP.match(post.get("pick", ""))
    if step and int(step["seat"]) < len(names):  # anything else is not a stepper of this sheet
        name = names[int(step["seat"])]
        current = heads[name] if isinstance(heads[name], int) else 0
        heads[name] = current + int(step["delta"])
    return {"mode": mode, "heads": heads, "cards": cards}


def entry(draft: dict[str, Any], names: list[str]) -> dict[str, Any]:
    if draft["mode"] == "cards":
        return {"cards": {name: draft["cards"][name] for name in names}}
    for name in names:
        if not isinstance(draft["heads"][name], int):
            raise DraftError(_("Heads must be a whole number."), f"heads.{name}")
    return {"heads": dict(draft["heads"])}


def check_saved(entry: dict[str, Any], names: list[str]) -> None:
    """Refuse to save a round no real deal gives, such as all zero (an untouched form)."""
    if "cards" in entry:
        taken = [card for cards in entry["cards"].values() for card in cards if card in CARDS]
        _check_total(sum(mummy_heads(card) for card in taken), len(names), "cards")
    elif all(isinstance(v, int) and v >= 0 for v in entry["heads"].values()):
        _check_total(sum(entry["heads"].values()), len(names), "heads")  # else: calculator


def fewest_heads(players: int) -> int:
    """The fewest heads a round can hand out: every dealt card is taken in some trick, and
    the ``HAND_SIZE * players`` dealt cards carry at least the heads of the lightest cards."""
    return sum(sorted(mummy_heads(card) for card in CARDS)[: HAND_SIZE * players])


def _check_total(total: int, players: int, field: str) -> None:
    fewest = fewest_heads(players)
    if total < fewest:
        raise DraftError(
            _(
                "No real round adds up to %(total)s heads: %(players)s players are dealt "
                "%(cards)s cards, which carry at least %(fewest)s heads."
            )
            % {"total": total, "players": players, "cards": HAND_SIZE * players, "fewest": fewest},
            field,
        )


def draft_from_entry(entry: dict[str, Any] | None, names: list[str]) -> dict[str, Any]:
    entry = {"heads": dict.fromkeys(names, 0)} if entry is None else entry
    if "cards" in entry:
        cards = {name: sorted(entry["cards"].get(name, [])) for name in names}
        return {"mode": "cards", "heads": dict.fromkeys(names, 0), "cards": cards}
    return {
        "mode": "heads",
        "heads": {name: entry.get("heads", {}).get(name, 0) for name in names},
        "cards": {name: [] for name in names},
    }


def sheet(
    base: dict[str, Any], roles: dict[str, str], options: dict[str, Any], entries: list[dict]
) -> dict[str, Any]:
    """The sheet JSON: the head limit, if any, and the rounds."""
    if options.get("limit") is not None:
        base["limit"] = options["limit"]
    base["rounds"] = list(entries)
    return base


def form(context: dict[str, Any], seats, rounds) -> dict[str, Any]:
    """One row per player: the heads stepper and the 60 cards with their heads."""
    draft = context["draft"]
    credited = (context.get("preview_round") or {}).get("credited", {})
    running = (context.get("preview_round") or {}).get("running", {})
    taken: dict[int, str] = {}
    for name, cards in draft["cards"].items():
        for card in cards:
            taken.setdefault(card, name)
    rows = []
    for i, name in enumerate(context["names"]):
        mine = set(draft["cards"][name])
        chips = [
            {
                "n": n,
                "heads": mummy_heads(n),
                "checked": n in mine,
                "taken": n in taken and taken[n] != name,
            }
            for n in CARDS
        ]
        rows.append(
            {
                "i": i,
                "name": name,
                "heads": draft["heads"][name],
                "chips": chips,
                "credited": credited.get(name),
                "running": running.get(name),
                **player_error(context, name),
            }
        )
    return {"rows": rows, "limit": context["session"].options.get("limit")}


def end_item(result: dict[str, Any]) -> dict[str, Any]:
    """Entered round by round: the sheet's rounds table says it all, no end breakdown."""
    return {}
