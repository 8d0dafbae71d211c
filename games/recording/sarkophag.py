"""Sarkophag's finished online game as score-sheet entries: the heads of each round."""

from __future__ import annotations

from typing import Any

from ..models import Table


def entries(table: Table, state: Any, names: list[str]) -> list[dict[str, Any]]:
    """The heads each player took in each round."""
    return [{"heads": dict(zip(names, heads, strict=True))} for heads in state.rounds]
