"""Squares written as text, for the Sarg tests."""

from __future__ import annotations


def square(text: str) -> list[list[str]]:
    """'AS 2S 3S / ... / ...' -> a 3x3 grid."""
    return [row.split() for row in text.split("/")]


def flat(text: str) -> tuple[str | None, ...]:
    return tuple(None if card == "." else card for row in square(text) for card in row)
