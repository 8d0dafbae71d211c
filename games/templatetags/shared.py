"""Pieces of a table's shared parts, for the board templates (games.shared_parts)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def item(part, index: int) -> str:
    """The ``index``-th piece of an ``_items`` part (``shared_parts.Pieces``): "" past its
    end, so a short part never breaks a page (it cannot be short: the part and the board
    are of one version)."""
    try:
        return part.pieces[index]
    except (AttributeError, IndexError, TypeError):
        return ""
