"""How tables, seats and options are called on pages: shared by the table page and the lobby."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engines.registry import find
from sarco.catalog import GAMES_BY_SLUG
from sarco.engine_text import say

from .bot_players import level_label


def seat_name(seat) -> str:
    """How a seat is called on the page: the player's club name, a bot, or a free seat."""
    if seat.user_id is not None:
        player = getattr(seat.user, "player", None)
        return player.name if player is not None else seat.user.get_username()
    if seat.bot_level:
        return _("Bot (%(level)s)") % {"level": level_label(seat.bot_level)}
    return _("Free seat")


def seat_names(seats) -> list[str]:
    """The seats' names, a repeated one numbered ("Bot (easy)", "Bot (easy) 2"), so a table
    with several bots of one level still tells them apart."""
    names = [seat_name(seat) for seat in seats]
    seen: dict[str, int] = {}
    numbered = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        repeated = names.count(name) > 1 and seen[name] > 1
        numbered.append(f"{name} {seen[name]}" if repeated else name)
    return numbered


def game_title(game: str) -> str:
    info = GAMES_BY_SLUG.get(game)
    return info.title if info else game


def option_text(game: str, options: dict[str, Any]) -> str:
    """The table's options in a few words for lists and headings (the game's own words)."""
    spec = find(game)
    words = spec.option_words(options) if spec is not None else None
    return say(words) if words is not None else ""
