"""Sheets in and out in the JSON format of docs/scorekeeper.md: the export of a session,
the import of one sheet (names matched to the club's players, unknown ones made guests,
a sheet the club has already recognised). The bulk import is ``scoring.bulk_import``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines.registry import spec_of

from .calculators import SheetError, compute
from .entry import END_GAMES, ENTRIES, build_sheet
from .models import Player, PlaySession
from .played import DETAIL_KEYS, sheet_details
from .ratings import session_changed
from .seat_keys import NAME_VALUES
from .sheets import EditRefused, create_session, fill_session, player_named
from .stored_sheets import sheet_of


def export_sheet(session: PlaySession) -> dict[str, Any]:
    """The session as the JSON of docs/scorekeeper.md (what ``import_sheet`` reads back),
    with its location and notes when it has them."""
    return {**sheet_of(session), **with_details(session)}


def with_details(session: PlaySession) -> dict[str, str]:
    """The session's ``location`` and ``notes`` as sheet keys, the empty ones left out."""
    return {k: getattr(session, k) for k in DETAIL_KEYS if getattr(session, k)}


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """An entry with the sheet's player names replaced by the club's spelling."""
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return value


def renamed_value(key: str, value: Any, names: dict[str, str]) -> Any:
    """An entry's value under ``key`` with player names replaced (``names``: old to new): in
    its per-player maps, or the value itself where the key names one player."""
    if key in NAME_VALUES:
        return names.get(value, value) if isinstance(value, str) else value
    return _renamed(value, names)


class AlreadyImported(EditRefused):
    """The sheet is one the club has already: ``session`` is it."""

    def __init__(self, session: PlaySession):
        super().__init__(_("This sheet is here already; nothing was imported."))
        self.session = session


def _same_session(game: str, names: list[str], data: dict[str, Any]) -> PlaySession | None:
    """A stored session that is this sheet: its game, its players (as the club spells them)
    in seat order, roles, options and entries; e.g. an exported sheet imported back."""
    known = [Player.objects.named(name).first() for name in names]
    if not all(known):
        return None  # a new name: a new guest, so not a sheet of ours
    spelled = {old: p.name for old, p in zip(names, known, strict=True)}
    roles = {role: spelled.get(name, name) for role, name in (data.get("roles") or {}).items()}
    sheet = build_sheet(
        game, [p.name for p in known], roles, _options(game, data), _entries(game, data, spelled)
    )
    candidates = PlaySession.objects.filter(game=game, seats__position=0, seats__player=known[0])
    return next((s for s in candidates if sheet_of(s) == sheet), None)


def _options(game: str, data: dict[str, Any]) -> dict[str, Any]:
    return spec_of(game).set_options(data)


def _entries(game: str, data: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    if game in END_GAMES:
        return [{k: renamed_value(k, data[k], names) for k in ENTRIES[game].KEYS if k in data}]
    return [_renamed(entry, names) for entry in data.get("rounds") or []]


@transaction.atomic
def import_sheet(
    data: Any, user, *, finish: bool | None = None, skip_same: bool = False
) -> PlaySession:
    """A session from sheet JSON. Names match club players case-insensitively; unknown names
    become guests. A sheet the rules consider over is stored finished (unless ``finish`` says
    otherwise). Invalid sheets raise EditRefused and store nothing; with ``skip_same`` a
    sheet the club has already raises AlreadyImported."""
    details = {}
    if isinstance(data, dict):
        try:
            details = sheet_details(data)
        except ValueError as exc:
            key = exc.args[0]
            raise EditRefused(_("%(key)s must be text.") % {"key": key}, key) from None
        data = {k: v for k, v in data.items() if k not in DETAIL_KEYS}
    try:
        result = compute(data)
    except SheetError as exc:
        raise EditRefused(exc.message, exc.field) from None
    game = result["game"]
    if skip_same and (same := _same_session(game, result["players"], data)) is not None:
        raise AlreadyImported(same)
    players = [player_named(name) for name in result["players"]]
    names = {old: p.name for old, p in zip(result["players"], players, strict=True)}
    roles = {role: names.get(name, name) for role, name in (data.get("roles") or {}).items()}
    options = _options(game, data)
    session = create_session(game, user, players, options, roles, details=details)
    result = fill_session(session, roles, _entries(game, data, names))
    if finish if finish is not None else result["finished"]:
        session.status = PlaySession.Status.FINISHED
        session.finished_at = timezone.now()
    session.save()
    session_changed(session)
    return session
