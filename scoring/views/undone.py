"""The entry an undo just removed, kept in the undoing browser's session so that browser can
put it back, exactly as it was, while the sheet stays as the undo left it."""

from __future__ import annotations

from typing import Any

from ..models import PlaySession

KEY = "sheet_undone"  # one record: only the latest undo can be restored


def remember_undone(request, session: PlaySession, undone: dict[str, Any]) -> None:
    """Keep what the undo removed, with the version it left (a restore needs that one)."""
    request.session[KEY] = {
        "sheet": session.public_id.hex,
        "number": undone["number"],
        "entry": undone["entry"],
        "version": session.version,
    }


def undone_for(request, session: PlaySession) -> dict[str, Any] | None:
    """This sheet's undone entry, while nothing changed since the undo; else None."""
    record = request.session.get(KEY) if hasattr(request, "session") else None
    if not isinstance(record, dict) or record.get("sheet") != session.public_id.hex:
        return None
    return record if record.get("version") == session.version else None


def forget_undone(request) -> None:
    request.session.pop(KEY, None)
