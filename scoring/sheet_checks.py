"""Whether an edit fits the sheet as it is now: a round saved twice, a round changed on another
phone, an undo restored onto a changed sheet, a game not over yet. ``scoring.sheets``
applies an edit only when these let it; each refusal says what happened and what to do.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engines.registry import spec_of
from sarco.engine_text import say

from .calculators import SheetError
from .models import Round


class EditRefused(SheetError):
    """An edit the sheet cannot take; ``field`` is the sheet path it concerns (or None)."""


class StaleEdit(EditRefused):
    """Refused because the sheet changed after the form was opened (another device, or the
    same request sent twice): the page shows the sheet as it is now."""


def stale(round_: Round, seen_version: int | None) -> bool:
    return seen_version is not None and round_.changed_in_version > seen_version


def check_adding(
    number: int | None, rounds: list[Round], version: int, seen_version: int | None
) -> None:
    """A form saves the round it was opened for (``number``); a second tap or a second
    phone saving that round again is refused. Without ``number`` the sheet must not have
    changed since ``seen_version``; without either (an import, a script) it adds at the end."""
    if number is None and seen_version is not None and seen_version != version:
        raise StaleEdit(
            _(
                "The sheet changed after your page was drawn (on another device, or by a "
                "second tap), so nothing was saved. Here is round %(next)s."
            )
            % {"next": len(rounds) + 1}
        )
    if number is None or number == len(rounds) + 1:
        return
    if number <= len(rounds):
        raise StaleEdit(
            _(
                "Round %(number)s was already saved (on another device, or by a second tap); "
                "here is round %(next)s."
            )
            % {"number": number, "next": len(rounds) + 1}
        )
    raise StaleEdit(
        _("Rounds were removed on another device meanwhile; here is round %(next)s.")
        % {"next": len(rounds) + 1}
    )


def check_restoring(
    number: int | None, rounds: list[Round], version: int, seen_version: int | None
) -> None:
    """An undone entry goes back only onto the sheet exactly as its undo left it."""
    if seen_version != version or number != len(rounds) + 1:
        raise StaleEdit(
            _(
                "The sheet changed after the undo (on another device), so nothing was "
                "restored. Here it is now; enter the round again if it is still needed."
            )
        )


def not_over(game: str, options: dict[str, Any], count: int) -> str:
    """Why a sheet whose game is not over yet cannot be finished, by the game's own end."""
    return say(spec_of(game).unfinished(options, count))
