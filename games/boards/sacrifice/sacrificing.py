"""Sacrifice's sacrifice on the board: every legal choice grouped by how many cards it gives
up (the list a page without the picker's script offers), the picker's cards and words, the
limit, and the warning before the fewer-than-7 loss."""

from __future__ import annotations

import json
from typing import Any

from games.engines.sacrifice import SACRIFICE_POINTS
from sarco.drawing_language import gettext as _
from sarco.drawing_language import ngettext
from scoring.faces import card_face

from ..common import move_json
from .cards import and_text, faces, rank_key, sort_cards


def _sacrifice_groups(moves) -> list[dict[str, Any]]:
    """Sacrifices grouped by size: one button per legal choice of cards (the list a page
    without the picker's script offers)."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for move in moves:
        if "sacrifice" not in move:
            continue
        cards = sort_cards(list(move["sacrifice"]))
        groups.setdefault(len(cards), []).append(
            {
                "faces": faces(cards),
                "key": "sacrifice-" + "-".join(cards),
                "json": move_json(move),
                "label": _("Sacrifice %(cards)s") % {"cards": and_text(cards)},
            }
        )
    return [
        {
            "count": count,
            "title": ngettext("Sacrifice %(n)s card", "Sacrifice %(n)s cards", count)
            % {"n": count},
            "choices": sorted(
                choices, key=lambda choice: rank_key([f["card"] for f in choice["faces"]])
            ),
        }
        for count, choices in sorted(groups.items())
    ]


def sacrifice_choice(view, moves) -> dict[str, Any]:
    """The choice, its limit, and how many cards may go before the fewer-than-7 loss (S9)."""
    cards = view["piles"][view["seat"]]["cards"]
    spare = cards - 7
    at_risk = view["trophies_left"] > 0 and spare < view["sacrifice_limit"]
    if view["trophies_left"] == 0:
        safety = _("This is the last hand: the fewer-than-7 rule no longer applies.")
    elif at_risk:
        safety = ngettext(
            "Careful: you hold %(cards)s cards; sacrificing more than %(spare)s card leaves "
            "fewer than 7 and loses the game.",
            "Careful: you hold %(cards)s cards; sacrificing more than %(spare)s cards leaves "
            "fewer than 7 and loses the game.",
            spare,
        ) % {"cards": cards, "spare": max(spare, 0)}
    else:
        safety = ""
    return {
        "groups": _sacrifice_groups(moves),
        "picker": _picker(view, moves, max(spare, 0) if at_risk else None),
        "limit": _limit_text(view["sacrifice_limit"]),
        "safety": safety,
    }


def _picker(view, moves, spare: int | None) -> dict[str, Any]:
    """Pick-then-confirm: the viewer's cards of this hand (played or not) as toggles, their own
    legal sacrifices as JSON for the script to match a pick against, and the live line's words.

    ``spare`` is how many cards may go before the fewer-than-7 loss, when the limit allows more.
    A count's sentence keeps ``{cards}`` and ``{points}`` for the script to fill in."""
    cards = sort_cards(view["played"] + view["hand"])
    limit = view["sacrifice_limit"]
    texts = {
        "none": _("No cards picked yet."),
        "picked": [
            ngettext(
                "%(n)s card picked: %(cards)s (+%(points)s to your score)",
                "%(n)s cards picked: %(cards)s (+%(points)s to your score)",
                n,
            )
            % {"n": n, "cards": "{cards}", "points": "{points}"}
            for n in range(1, len(cards) + 1)
        ],
        "too_many": ngettext(
            "Too many: you may sacrifice at most %(limit)s card.",
            "Too many: you may sacrifice at most %(limit)s cards.",
            limit,
        )
        % {"limit": limit},
        "loses": _("That leaves you fewer than 7 cards: you would lose the game at once."),
    }
    return {
        "cards": [
            {
                "face": card_face(c),
                "id": f"sf-pick-{i}",
                "key": f"sacrifice-pick-{i}",
                "points": SACRIFICE_POINTS[c],
            }
            for i, c in enumerate(cards)
        ],
        "moves": json.dumps(moves, separators=(",", ":")),
        "texts": json.dumps(texts, ensure_ascii=False, separators=(",", ":")),
        "none": texts["none"],
        "limit": limit,
        "spare": spare,
    }


def _limit_text(limit: int) -> str:
    if limit <= 1:
        return _("You must sacrifice exactly 1 card, from all your cards of this hand.")
    return _(
        "You may sacrifice 1 to %(limit)s cards, from all your cards of this hand (played or not)."
    ) % {"limit": limit}
