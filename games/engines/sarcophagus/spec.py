"""Sarcophagus declared for every layer: names, seats and the words of its score.

Its record, the most fame, is its best score: it has no record of its own.
"""

from __future__ import annotations

from ..base import Text
from ..registry import GameSpec
from .engine import ENGINE

SPEC = GameSpec(
    slug="sarcophagus",
    title="Sarcophagus",
    engine=ENGINE,
    pitch=Text("Bid hidden coins on a piecepack pyramid for fame, and mind the traps by the tomb."),
    kind=Text("piecepack pyramid"),
    unit=Text("fame"),
    order=3,
)
