"""The entry form's context, the same for every game: draft, live preview and its error.

The game's own module (``ENTRIES[game]``) turns the post into a draft and an entry and adds
its pickers; here the candidate sheet is computed so the form shows the result of each tap.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from ..calculators import SheetError
from ..models import PlaySession
from ..numbers import form_int
from ..sheet_results import result_of
from ..sheets import entries_of, roles_of, rounds_of, seats_of
from . import DraftError, build_sheet, entry_of

NO_ERROR = {"message": "", "key": "", "player": None}
MAX_VERSION = 10**9  # a bound for posted version and round numbers


def posted_number(post, key: str) -> int | None:
    """A whole number the form itself posted back (``seen``, ``adding``), or None."""
    return form_int(post.get(key) if post is not None else None, MAX_VERSION)


def local_error(field: str | None, index: int | None, names: list[str], message: str):
    """A sheet error placed on the form: ``key`` (heads, grid, tiles...) and ``player``."""
    local = field or ""
    prefix = f"rounds.{index}" if index is not None else None
    if prefix and local.startswith(prefix + "."):
        local = local[len(prefix) + 1 :]
    elif local.startswith("rounds") or local == prefix:
        local = ""
    parts = local.split(".") if local else []
    player = parts[-1] if parts and parts[-1] in names else None
    return {"message": message, "key": parts[0] if parts else "", "player": player}


def entry_context(
    request,
    session: PlaySession,
    *,
    number: int | None = None,
    post=None,
    refusal=None,
    seats=None,
    rounds=None,
) -> dict[str, Any]:
    """The form for round ``number`` (None: the next round), from ``post`` when given.

    ``seen`` and ``adding`` stay what they were when the form was opened (a tap posts them
    back), so a save is checked against the sheet as the person saw it, not as it is now.
    """
    seats = seats_of(session) if seats is None else seats
    rounds = rounds_of(session) if rounds is None else rounds
    names = [s.player.name for s in seats]
    game = entry_of(session.game)
    saved = entries_of(rounds, seats)
    if game.AT_END:
        number = None
        index = 0
        stored = saved[0] if saved else None
    else:
        if number is not None and not 1 <= number <= len(rounds):
            number = None
        index = number - 1 if number else len(rounds)
        stored = saved[index] if number else None
    draft = game.draft(post, names) if post is not None else game.draft_from_entry(stored, names)
    error = None
    preview = None
    draft_entry = None
    saving = post is not None and post.get("action") == "save"
    try:
        draft_entry = game.entry(draft, names)
    except DraftError as exc:
        if saving:
            error = local_error(exc.field, None, names, exc.message)
    if draft_entry is not None:
        entries = list(saved)
        if game.AT_END:
            entries = [draft_entry]
        elif number:
            entries[index] = draft_entry
        else:
            entries.append(draft_entry)
        sheet = build_sheet(session.game, names, roles_of(seats), session.options, entries)
        try:
            preview = result_of(sheet)
        except SheetError as exc:
            error = local_error(exc.field, index, names, exc.message)
        if saving and error is None:
            try:
                game.check_saved(draft_entry, names)
            except DraftError as exc:
                error = local_error(exc.field, None, names, exc.message)
    savable = draft_entry if error is None else None
    seen = posted_number(post, "seen")
    if refusal is not None:
        message = f"{refusal.message} {_('Nothing was saved.')}"
        error = local_error(refusal.field, index, names, message)
    context: dict[str, Any] = {
        "session": session,
        "names": names,
        "number": number,
        "index": index,
        "seen": session.version if seen is None else seen,
        "adding": posted_number(post, "adding") or len(rounds) + 1,
        "draft": draft,
        "draft_entry": savable,  # what a save stores: None when the form says why not
        "error": error or dict(NO_ERROR),
        "has_error": bool(error),
        "entry_url": reverse("sheet-entry", args=[session.public_id]),
        "entry_template": game.TEMPLATE,
        "at_end": game.AT_END,
        "can_undo": bool(rounds),
        "round_count": len(rounds),
    }
    if preview and not game.AT_END and index < len(preview.get("rounds", [])):
        context["preview_round"] = preview["rounds"][index]
    context["preview"] = preview
    context.update(game.form(context, seats, rounds))
    return context
