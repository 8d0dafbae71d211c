"""The tables this process has lately held at each version, seats loaded, so a socket can
render the next version without reading the table (a move then costs no read).

A move writes only ``MOVE_FIELDS`` of the table row (a seat's ``to_act`` follows them), and its
message to the table's group carries what it wrote (``move_record``). A process that holds the
table at the version before, the one the move view loaded or one it read to render a socket,
works out the new version from that record (``advanced``) instead of reading it from the
database: on two servers, the other server's sockets read nothing after a move.

Everything else about a table (its seats, who sits there, their names) changes without a new
version and comes with a forced message, which reads the table. So that a change that sends no
message at all (a player renaming themselves) cannot stay unseen for long, a table read from
the database is advanced for ``TRUST_SECONDS`` at most, then read again.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from datetime import datetime
from typing import Any, TypeVar

from django.db.models import Model
from django.db.models.base import ModelState

from sarco import json_text

from .held_seats import unheld
from .models import Table

LIVE_TABLES = 1024  # per process: the tables whose latest versions are kept
VERSIONS = 2  # of each: the latest and the one before, which the next move's record advances
TRUST_SECONDS = 10.0
MOVE_FIELDS = (  # what a move writes of the table row (``tables._play`` saves exactly these)
    "version", "state_json", "last_move_at", "to_act", "bot_to_act",
    "status", "finished_at", "session",
)  # fmt: skip
DATETIMES = ("last_move_at", "finished_at")

ModelT = TypeVar("ModelT", bound=Model)

# public id (hex) -> {version: (the table, when it was read)}, the tables kept last at the end
_tables: OrderedDict[str, dict[int, tuple[Table, float]]] = OrderedDict()


def keep_latest(recent: OrderedDict, key: Any, value: Any, most: int) -> None:
    """Keep ``value`` among the ``most`` latest of ``recent``, dropping the oldest."""
    recent[key] = value
    if len(recent) > most:
        recent.popitem(last=False)


def remember(table: Table) -> None:
    """``table`` as just read from the database (or locked and moved), seats loaded."""
    _keep(table.public_id.hex, table.version, (table, time.monotonic()))


def _keep(public_id_hex: str, version: int, held: tuple[Table, float]) -> None:
    """Keep ``held`` among the table's ``VERSIONS`` latest, and the table among the
    ``LIVE_TABLES`` kept last: a crowd of tables must not push out the version a table's
    next move starts from, and no table's old versions pile up."""
    versions = _tables.pop(public_id_hex, {})
    versions[version] = held
    if len(versions) > VERSIONS:
        del versions[min(versions)]
    keep_latest(_tables, public_id_hex, versions, LIVE_TABLES)


def _held(public_id_hex: str, version: int) -> tuple[Table, float] | None:
    versions = _tables.get(public_id_hex)
    return versions.get(version) if versions is not None else None


def at(public_id_hex: str, version: int) -> Table | None:
    """The table at ``version`` if this process holds it, else None."""
    held = _held(public_id_hex, version)
    return held[0] if held is not None else None


def held_copy(public_id_hex: str, version: int) -> Table | None:
    """A copy of the table this process holds at ``version``, seats loaded, to work a move
    out on without reading it (the move's write checks that the row is still that table);
    the held one stays as it was for the sockets that render from it. None if not held."""
    table = at(public_id_hex, version)
    if table is None:
        return None
    copied = _copy(table)
    copied.hold_seats([_copy(seat) for seat in table.seat_list])
    return copied


def move_record(table: Table, state_text: str | None = None) -> str:
    """What the move that made ``table``'s version wrote of its row (``MOVE_FIELDS``, the
    session by its id), as JSON for the group message; ``state_text``: its state already
    dumped for the write, put in as it is. Only the server reads it: no socket is sent it."""
    wrote = {}
    for name in MOVE_FIELDS:
        if name == "state_json" and state_text is not None:
            continue
        attname = Table._meta.get_field(name).attname
        value = getattr(table, attname)
        wrote[attname] = _iso(value) if name in DATETIMES else value
    if state_text is None:
        return json_text.dumps(wrote)
    return json_text.dumps(wrote)[:-1] + f', "state_json": {state_text}}}'


def at_or_advanced(public_id_hex: str, version: int, record: str | None) -> Table | None:
    """The table at ``version`` as this process holds it, or as worked out from the version
    before and the move's ``record`` (``advanced``); None when it has neither."""
    return at(public_id_hex, version) or advanced(public_id_hex, version, record)


def advanced(public_id_hex: str, version: int, record: str | None) -> Table | None:
    """The table at ``version``, worked out from the version before and the move's
    ``record``, when this process holds that version and read it lately; else None."""
    if not isinstance(record, str):
        return None
    held = _held(public_id_hex, version - 1)
    if held is None or time.monotonic() - held[1] > TRUST_SECONDS:
        return None
    try:
        wrote = json_text.loads(record)
    except ValueError:
        return None
    if not isinstance(wrote, dict) or wrote.get("version") != version:
        return None
    table = _next(held[0], wrote)
    _keep(public_id_hex, version, (table, held[1]))
    return table


def _next(before: Table, wrote: dict[str, Any]) -> Table:
    """A copy of ``before`` with the move's fields, holding copies of its seats whose turns
    follow the copy's ``to_act``; ``before`` and its seats stay as they were. A copy of a
    model shares the original's loaded seats, so its own are read by ``seat_list`` only.
    A move that records the session sets a new ``session_id``, and setting a foreign key by
    its id drops the cached object, so the copy never shows the session before."""
    table = _copy(before)
    for name, value in wrote.items():
        setattr(table, name, _datetime(value) if name in DATETIMES else value)
    table.hold_seats([_copy(seat) for seat in before.seat_list])  # to_act follows it
    return table


def _copy(model: ModelT) -> ModelT:
    """``copy.copy(model)`` as Django's ``__getstate__`` makes it (the values, a state of its
    own with its own cache of related objects, no table held), for the copies made on every
    move: without the trip through pickling's hooks (``__reduce__`` looks the model class up
    in the app registry, ``__setstate__`` checks Django's version) and without ``copy.copy``
    of the state, which took most of the rest. The models copied hold no ``memoryview``,
    which is all else ``__getstate__`` handles."""
    values = unheld(model.__dict__.copy())
    state = values["_state"]
    values["_state"] = own = ModelState.__new__(ModelState)
    own.__dict__.update(state.__dict__)
    own.fields_cache = state.fields_cache.copy()
    copied = model.__class__.__new__(model.__class__)
    copied.__dict__.update(values)
    return copied


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _datetime(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text is not None else None
