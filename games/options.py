"""Table options, checked per game before a table opens.

Options use the engines' own names (they are passed to ``engine.new_game`` as they are):
Sarg ``to_1000`` (bool) and ``queen`` (the seat playing Queen, 0 or 1); Sarkophag ``limit``
(heads, or None for a single round). ``play_to_1000`` is read as Sarg's ``to_1000``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engine_text import refusal
from games.engines import get_engine

MAX_LIMIT = 999  # Sarkophag: a head limit beyond this would never end an evening
ALIASES = {"sarg": {"play_to_1000": "to_1000"}}


def clean_options(game: str, options: Any, seats: int) -> dict[str, Any]:
    """The options as the engine takes them; ``ValueError`` with a reason a person reads."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ValueError(_("Table options must be a set of named values."))
    aliases = ALIASES.get(game, {})
    cleaned = {aliases.get(key, key): value for key, value in options.items()}
    if game == "sarkophag":
        limit = cleaned.get("limit")
        if limit is None:
            cleaned.pop("limit", None)
        elif type(limit) is not int or not 1 <= limit <= MAX_LIMIT:
            raise ValueError(
                _("The head limit is a whole number from 1 to %(max)d, or none for one round.")
                % {"max": MAX_LIMIT}
            )
    engine = get_engine(game)
    try:
        engine.new_game(seats, 0, **cleaned)  # the engine has the last word
    except (TypeError, ValueError) as exc:
        raise ValueError(refusal(exc)) from None
    return cleaned
