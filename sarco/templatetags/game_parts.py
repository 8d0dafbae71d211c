"""A page's part for one game, found in that game's own folder: a shared template includes
``slug|game_part:"<layer>/_part.html"`` and gets ``<layer>/<slug>/_part.html`` if the game
has one, the shared ``<layer>/_part.html`` otherwise, so no shared template tests a game's
name and a new game adds files, not branches."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def game_part(slug: str, name: str) -> tuple[str, str]:
    """The names ``{% include %}`` tries in turn: the game's own part, then the shared one."""
    folder, _, base = name.rpartition("/")
    return (f"{folder}/{slug}/{base}", name)
