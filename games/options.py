"""Table options, checked per game before a table opens.

Options use the engines' own names (they are passed to ``engine.new_game`` as they are).
Each game declares its options in its spec (``games.engines.registry``): an older name of
one is read as the option, and a number option is checked against its range here, so a
person reads why; then the engine has the last word on all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engines.registry import Option, spec_of
from sarco.engine_text import refusal, say


def clean_options(game: str, options: Any, seats: int) -> dict[str, Any]:
    """The options as the engine takes them; ``ValueError`` with a reason a person reads."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ValueError(_("Table options must be a set of named values."))
    spec = spec_of(game)
    cleaned = {}
    for key, value in options.items():
        option = spec.option(key)
        cleaned[option.name if option else key] = value
    for option in spec.options:
        if option.kind is int:
            _check_number(option, cleaned)
    engine = spec.engine
    try:
        engine.new_game(seats, 0, **cleaned)  # the engine has the last word
    except (TypeError, ValueError) as exc:
        raise ValueError(refusal(exc)) from None
    return cleaned


def _check_number(option: Option, cleaned: dict[str, Any]) -> None:
    """A number option left empty is left out (the engine's default); one out of its range
    is refused with the option's own reason (without one, the engine's refusal is read)."""
    value = cleaned.get(option.name)
    if value is None:
        cleaned.pop(option.name, None)
    elif option.refused is not None and (
        type(value) is not int or not option.low <= value <= option.high
    ):
        raise ValueError(say(option.refused))
