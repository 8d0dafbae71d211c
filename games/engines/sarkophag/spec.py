"""Sarkophag declared for every layer: names, seats, the head limit, its record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Text
from ..registry import GameSpec, Option, Record
from .engine import ENGINE

MAX_LIMIT = 999  # a head limit beyond this would never end an evening


def option_words(options: Mapping[str, Any]) -> Text:
    limit = options.get("limit")
    return Text("to %(limit)s heads", limit=limit) if limit else Text("one round")


def unfinished(options: Mapping[str, Any], count: int) -> Text:
    return Text(
        "The game ends after the round in which someone has more than %(limit)d heads; "
        "nobody has yet. Enter the next round before finishing.",
        limit=options.get("limit"),
    )


SPEC = GameSpec(
    slug="sarkophag",
    title="Sarkophag",
    engine=ENGINE,
    pitch=Text("Play higher or lower than the lead and leave the mummy heads to everybody else."),
    kind=Text("trick-taking"),
    unit=Text("heads"),
    order=1,
    lower_wins=True,
    options=(
        Option(
            "limit",
            Text("Head limit"),
            Text("Play rounds until someone has more than this many heads; empty: one round."),
            kind=int,
            low=1,
            high=MAX_LIMIT,
            refused=Text(
                "The head limit is a whole number from 1 to %(max)d, or none for one round.",
                max=MAX_LIMIT,
            ),
            not_a_number=Text("The head limit must be a whole number of heads."),
        ),
    ),
    records=(Record("fewest_heads", Text("Fewest heads in a round"), lowest=True),),
    option_words=option_words,
    unfinished=unfinished,
)
