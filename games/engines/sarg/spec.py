"""Sarg declared for every layer: names, seats, playing to 1000, Queen and King, records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import PluralText, Text
from ..registry import GameSpec, Option, Record
from .engine import ENGINE


def option_words(options: Mapping[str, Any]) -> Text:
    return Text("play to 1000") if options.get("to_1000") else Text("six rounds")


def roles_of(state: Any, names: list[str]) -> dict[str, str]:
    """Who played Queen (rows) and who King (columns)."""
    return {"queen": names[state.queen], "king": names[1 - state.queen]}


def unfinished(options: Mapping[str, Any], count: int) -> Text:
    if options.get("to_1000"):
        return Text("This Sarg is played to 1000; no total has reached it yet.")
    return PluralText(
        "Sarg is six rounds; %(count)d is entered. Enter the rest before finishing.",
        "Sarg is six rounds; %(count)d are entered. Enter the rest before finishing.",
        count,
        count=count,
    )


SPEC = GameSpec(
    slug="sarg",
    title="Sarg",
    engine=ENGINE,
    pitch=Text("Build a 3×3 coffin of cards together: the Queen scores rows, the King columns."),
    kind=Text("card placement, six rounds"),
    unit=Text("points"),
    order=4,
    playing_cards=True,
    ends_by_score=True,
    options=(
        Option(
            "to_1000",
            Text("Play to 1000 points"),
            Text("Otherwise the game is six rounds, one deck."),
            aliases=("play_to_1000",),
        ),
    ),
    roles=("queen", "king"),
    records=(Record("best_round", Text("Best round")), Record("best_line", Text("Best line"))),
    option_words=option_words,
    roles_of=roles_of,
    unfinished=unfinished,
)
