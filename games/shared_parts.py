"""What every viewer of a table sees alike, drawn once per version and language.

A board's public parts (Sarg's coffin without moves, the rounds, the log...) came out the
same for every seat and spectator, yet each socket drew them again for its viewer. A game
lists those parts here; they are drawn from the spectator's board (``engine.view(state,
None)``, never a seat's), so nothing a seat alone may see can reach them, and every viewer's
board template shows the drawn HTML (``{{ shared.<part> }}``) where it would otherwise have
drawn the same markup itself. The player to move draws their own coffin (it holds their
moves), and a page without ``shared`` (the replay) draws the part's template itself.
The parts are Jinja2 templates (``games/jinja2/``, ``games.jinja``): drawn 1.7 times as fast
as with Django's templates, to the same markup; a board template draws one where it has no
drawn part with ``{% jinja "games/…" %}`` (``games.templatetags.jinja_parts``).

Parts are kept per (table, version, status, seat names, language) in this process. A move's
process draws its version's parts in the mover's language as it announces the move
(``for_message``), and the group message carries them: every process holding a socket of the
table keeps them (``take``) before it renders, so on the move's path no process draws them
again or asks anyone for them. Asking Redis for a version's parts from every process cost
more than drawing them. Parts the message did not bring (another language, a socket that
connects) are looked up in Django's cache when that is shared between processes (Redis) and
drawn there once. The cache is a saving, not a dependency: with Redis away, draw instead.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

from sarco.drawing_language import drawing, language

from .boards import BOARD_MODULES, board_context
from .boards.common import Lazy
from .labels import seat_names
from .recent_tables import LIVE_TABLES, keep_latest

log = logging.getLogger(__name__)

# A game's parts every viewer sees alike: its board module's ``SHARED_PARTS`` (Jinja2
# templates), if any.
PARTS: dict[str, dict[str, str]] = {
    game: module.SHARED_PARTS
    for game, module in BOARD_MODULES.items()
    if hasattr(module, "SHARED_PARTS")
}
# The parts that change less often than the version (a round's scores, the roles): the
# board values each reads, its module's ``SHARED_PART_INPUTS``. Such a part is drawn again
# only when one of them changed since the table's last drawing in that language.
INPUTS: dict[str, dict[str, tuple[str, ...]]] = {
    game: getattr(module, "SHARED_PART_INPUTS", {}) for game, module in BOARD_MODULES.items()
}
KEY_PREFIX = "play:parts:"
CACHE_SECONDS = 600
RECENT = 512  # per process: the versions just drawn, each looked up within moments
_recent: OrderedDict[str, dict[str, str]] = OrderedDict()
# (table, part, language) -> (the board values it read, its HTML): the latest drawing, room
# for each part of every live table in one language (tables drawn in two share it); a part
# pushed out is drawn again at its table's next move
UNCHANGED = LIVE_TABLES * max((len(inputs) for inputs in INPUTS.values()), default=1)
_unchanged: OrderedDict[tuple[str, str, str], tuple[tuple, str]] = OrderedDict()


def parts_key(table, names: list[str]) -> str:
    """Everything the parts depend on: the table's version (the state moves only with it),
    its status, the names the seats go by, and the language."""
    signature = hashlib.sha1("\x1f".join(names).encode(), usedforsecurity=False).hexdigest()
    return (
        f"{KEY_PREFIX}{table.public_id.hex}:{table.version}:{table.status}:{signature[:16]}:"
        f"{language()}"
    )


def shared_parts(
    table, names: list[str], spectator_view: Callable[[], dict[str, Any]]
) -> dict[str, SafeString]:
    """The table's public parts at its version, drawn once; ``spectator_view`` is called
    only when they must be drawn. Empty for a game that lists none."""
    kept = _kept_or_drawn(table, names, spectator_view, ask_cache=True)
    if kept is None:
        return {}
    return {name: mark_safe(html) for name, html in kept[1].items()}  # drawn here, escaped


def for_message(table, state: Any) -> dict[str, Any] | None:
    """The parts of ``table`` at its new version (``state``), for the move's group message:
    drawn here once and kept, so this process's sockets find them too. None for a game that
    lists no parts. The cache is not asked: the move's process draws faster than it asks."""
    names = seat_names(table.seat_list)
    with drawing():
        kept = _kept_or_drawn(table, names, lambda: table.engine.view(state, None), ask_cache=False)
    if kept is None:
        return None
    key, parts = kept
    return {"key": key, "html": parts}


def _kept_or_drawn(
    table, names: list[str], spectator_view: Callable[[], Any], *, ask_cache: bool
) -> tuple[str, dict[str, str]] | None:
    """The parts' key and HTML, kept in this process or else (with ``ask_cache``, after
    asking the shared cache, and then keeping them there) drawn; None for a game that lists
    no parts."""
    templates = PARTS.get(table.game)
    if not templates:
        return None
    key = parts_key(table, names)
    parts = _recent.get(key)
    if parts is None:
        parts = _cached(key) if ask_cache else None
        if parts is None:
            parts = _draw(table, templates, names, spectator_view)
            if ask_cache:
                _cache(key, parts)
        keep_latest(_recent, key, parts, RECENT)
    return key, parts


def take(carried: Any) -> None:
    """Keep the parts a move's group message carried (``for_message``), so the sockets of
    this process forward them without drawing them or asking for them. Anything else is
    ignored: the parts are then drawn as without a message."""
    if not isinstance(carried, dict):
        return
    key, parts = carried.get("key"), carried.get("html")
    if not (isinstance(key, str) and key.startswith(KEY_PREFIX) and isinstance(parts, dict)):
        return
    if key in _recent or not all(isinstance(html, str) for html in parts.values()):
        return
    keep_latest(_recent, key, parts, RECENT)


def _draw(
    table, templates: dict[str, str], names: list[str], spectator_view: Callable[[], Any]
) -> dict[str, str]:
    board = board_context(table.game, spectator_view(), [], names)
    context = {"board": board, "version": table.version}
    jinja = engines["jinja2"]
    inputs = INPUTS[table.game]
    drawn = {}
    for name, template in templates.items():
        reads = inputs.get(name)
        if reads is None:
            drawn[name] = jinja.get_template(template).render(context)
            continue
        values = tuple(_worked_out(board.get(key)) for key in reads)
        key = (table.public_id.hex, name, language())
        held = _unchanged.get(key)
        if held is None or held[0] != values:
            held = (values, jinja.get_template(template).render(context))
        keep_latest(_unchanged, key, held, UNCHANGED)
        drawn[name] = held[1]
    return drawn


def _worked_out(value: Any) -> Any:
    return value() if value.__class__ is Lazy else value


def _shared_cache() -> bool:
    """Django's cache is worth asking only when other processes share it."""
    return not isinstance(caches["default"], LocMemCache)


def _cached(key: str) -> dict[str, str] | None:
    if not _shared_cache():
        return None
    try:
        return cache.get(key)
    except Exception:
        log.warning("The cache is unavailable; drawing the table's shared parts", exc_info=True)
        return None


def _cache(key: str, parts: dict[str, str]) -> None:
    if not _shared_cache():
        return
    try:
        cache.set(key, parts, CACHE_SECONDS)
    except Exception:
        log.warning(
            "The cache is unavailable; the shared parts stay in this process", exc_info=True
        )
