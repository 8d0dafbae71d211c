"""Sacrifice declared for every layer: names, seats, its record."""

from __future__ import annotations

from ..base import Text
from ..registry import GameSpec, Record
from .engine import ENGINE

SPEC = GameSpec(
    slug="sacrifice",
    title="Sacrifice",
    engine=ENGINE,
    pitch=Text(
        "Win tricks for face-card trophies, then choose what your deck can bear to sacrifice."
    ),
    kind=Text("trick-taking deck-builder"),
    unit=Text("points"),
    order=2,
    playing_cards=True,
    records=(Record("altar", Text("Biggest altar")),),
)
