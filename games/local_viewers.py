"""The table sockets this process holds, and their next frames drawn before a move's news.

A move's news reaches each socket of the table as a group message; a socket whose view this
process has already drawn at the new version sends it at once from the event loop
(``rendering.recent_fragments``), and any other hands the drawing to the one database thread
and waits for it: a hand-over there and back for every viewer of every move, each about a
tenth of a millisecond of CPU and a place in that thread's queue. So the code that announces a
move (``move_news``, on the thread that wrote it) first draws the views of this process's
sockets on that table (``draw_ahead``), each in its socket's language and for its socket's
user, exactly as the socket would draw it. A view the socket would not ask for as it stands
(its seat or status changed) is simply not found, and the socket draws its own as before.

Sockets come and go on the event loop and are read on other threads, so each table's sockets
are a tuple replaced whole, never changed in place.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Protocol

from django.utils import translation

from . import rendering

log = logging.getLogger(__name__)


class Viewer(Protocol):
    """What ``draw_ahead`` reads of a table socket."""

    scope: dict[str, Any]
    last_key: rendering.FragmentsKey | None  # what its last rendering depended on


_viewers: dict[str, tuple[Viewer, ...]] = {}
_lock = threading.Lock()


def add(public_id_hex: str, viewer: Viewer) -> None:
    with _lock:
        _viewers[public_id_hex] = (*_viewers.get(public_id_hex, ()), viewer)


def discard(public_id_hex: str, viewer: Viewer) -> None:
    with _lock:
        left = tuple(held for held in _viewers.get(public_id_hex, ()) if held is not viewer)
        if left:
            _viewers[public_id_hex] = left
        else:
            _viewers.pop(public_id_hex, None)


def held(public_id_hex: str) -> tuple[Viewer, ...]:
    return _viewers.get(public_id_hex, ())


def watched(public_id_hex: str) -> bool:
    """A socket of this process watches the table without a seat (as last drawn): its view
    may be looked up in the shared cache, a call to Redis the event loop must not wait on."""
    return any(v.last_key is not None and v.last_key.seat is None for v in held(public_id_hex))


def draw_ahead(table, state: Any = None) -> None:
    """Draw, at ``table``'s version, the view of each socket of it in this process that has
    drawn one before (one that has not yet is still opening, with a page of its own) and
    knows its language (``sarco.languages``). Sockets whose last views were the same are
    drawn for once, so a crowd of spectators costs one drawing and no key each. A failure
    is logged and leaves the sockets to draw their own. ``state``: the table's state at its
    version, as the move left it (each view is drawn from it, not from the JSON again)."""
    drawn = set()
    for viewer in held(table.public_id.hex):
        language, shown = viewer.scope.get("language"), viewer.last_key
        if shown is None or not language or shown in drawn:
            continue  # the same last view (a crowd of spectators) is the same next view
        drawn.add(shown)
        user = viewer.scope.get("user")
        try:
            with translation.override(language):
                seat = rendering.viewer_seat(table, user)
                rendering.table_fragments(table, seat, user=user, state=state)
        except Exception:
            log.exception("Table %s: a socket's view could not be drawn ahead", table.public_id)
            return
