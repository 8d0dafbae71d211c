"""What each viewer of a table or of the lobby sees, as HTML: pages and socket fragments alike.

Only ``engine.view(state, seat)`` and the viewer's own ``legal_moves`` reach a template: hidden
cards cannot leak because the state is never handed to the rendering layer. The table page,
the move view and the websocket consumers all render through here, so a page and the fragment
that later replaces part of it come from the same templates.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from datetime import datetime
from functools import lru_cache, partial
from typing import Any, NamedTuple

from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.cache import cache
from django.template import TemplateDoesNotExist, engines
from django.template.loader import get_template, render_to_string
from django.urls import NoReverseMatch, get_script_prefix, reverse

from sarco import drawing_language
from sarco.drawing_language import gettext as _
from scoring.faces import per_language

from . import presence
from .boards import board_context
from .bot_players import level_choices
from .clock_display import clock_context, clock_signature
from .labels import game_title, option_text, seat_names
from .lobby import lobby_lists
from .recent_tables import keep_latest
from .shared_parts import shared_parts

log = logging.getLogger(__name__)

SPECTATOR_CACHE_SECONDS = 600
SHOWN_TOKEN_LENGTH = 16
RECENT_RENDERINGS = 512  # per process: a few versions of a few hundred live tables' views
_recent: OrderedDict[FragmentsKey, str] = OrderedDict()
ACTION_URLS = (
    "table",
    "move",
    "join",
    "leave",
    "start",
    "cancel",
    "seat_bot",
    "hand_to_bot",
    "take_back",
    "rematch",
    "replay",
)


def viewer_seat(table, user) -> int | None:
    """The seat ``user`` holds at ``table``, or None for spectators and anonymous visitors."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return table.seat_of(user)


def table_context(table, seat: int | None, *, user=None, state: Any = None) -> dict[str, Any]:
    """The template context of a table for one viewer, from ``view`` and their own moves only.
    ``state``: the table's state at its version where the caller holds it (the move that made
    it), so it is not read from the table's JSON again for every viewer."""
    seats = table.seat_list
    names = seat_names(seats)
    view = None
    moves: list[dict[str, Any]] = []
    shared = {}
    if table.status not in ("playing", "finished"):
        state = None
    elif state is None:
        state = table.state()
    if state is not None:
        engine = table.engine
        view = engine.view(state, seat)
        if seat is not None and table.status == "playing" and not _bot_plays(seats, seat):
            moves = engine.legal_moves(state, seat)
        # What every viewer sees alike, from the spectator's view only (drawn once a version).
        spectator = partial(engine.view, state, None) if seat is not None else lambda: view
        shared = shared_parts(table, names, spectator)
    del state  # from here on only the views exist
    to_act = set(view["to_act"]) if view else set()
    signed_in = bool(user is not None and getattr(user, "is_authenticated", False))
    is_host = signed_in and table.host_id == user.pk
    board = board_context(table.game, view, moves, names) if view is not None else None
    away = presence.away_seats(table) if is_host else {}
    seat_rows = _seat_rows(table, seats, names, view, seat, to_act, board, away)
    banner = _banner(table, seat, seat_rows, to_act, view)
    return {
        "table": table,
        "game_title": game_title(table.game),
        "seat": seat,
        "seats": seat_rows,
        "seats_by_place": sorted(
            (row for row in seat_rows if row["place"]), key=lambda row: row["place"]
        ),
        "view": view,
        "board": board,
        "shared": shared,
        "version": table.version,
        "banner": banner,
        "page_title": f"{banner['title']} · {game_title(table.game)}",
        "signed_in": signed_in,
        "is_host": is_host,
        "controls": _controls(table, seats, seat, signed_in, is_host, user),
        "urls": _urls(table),
        "ws_url": f"/ws/play/{table.public_id}/",
        "option_text": option_text(table.game, table.options),
        "rules_template": rules_template(table.game),
        "bot_levels": level_choices(),
        "clock": clock_context(table, names, seat),
    }


@lru_cache(maxsize=16)
def rules_template(game: str) -> str:
    """The game's "How to play" partial for the table's drawer, or "" while it has none yet.
    Looked up once per game: every viewer's frame asks."""
    name = f"games/{game}/_rules.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return ""
    return name


def _bot_plays(seats, position: int) -> bool:
    return any(s.position == position and s.is_bot for s in seats)


def _urls(table) -> dict[str, str]:
    """The table's action URLs; a route not there yet gives "" (its button is not shown)."""
    return dict(_table_urls(table.public_id, get_script_prefix()))


@lru_cache(maxsize=1024)
def _table_urls(public_id, script_prefix: str) -> dict[str, str]:
    """Eleven reverses, once per table: they were two fifths of building a table's context."""
    urls = {}
    for name in ACTION_URLS:
        try:
            urls[name] = reverse(f"play:{name}", args=[public_id])
        except NoReverseMatch:
            urls[name] = ""
    return urls


def _seat_rows(table, seats, names, view, seat, to_act, board, away) -> list[dict[str, Any]]:
    scores = view["scores"] if view else None
    winners = set(view["winners"]) if view and view["is_over"] else set()
    roles = (board or {}).get("seat_roles", {})
    places = {}
    if view and view["is_over"] and not (board or {}).get("shows_ranking"):
        places = (board or {}).get("places") or _places(scores)  # a board may rank otherwise
    rows = []
    for name, s in zip(names, seats, strict=False):
        score = scores[s.position] if scores else None
        is_you, acts = s.position == seat, s.position in to_act
        flags = ((acts, " seat-to-act"), (is_you, " seat-you"), (s.is_free, " seat-free"))
        rows.append(
            {
                "position": s.position,
                "number": s.position + 1,
                "name": name,
                "is_you": is_you,
                "is_bot": s.is_bot,
                "handed_to_bot": s.handed_to_bot,
                "is_free": s.is_free,
                "invite_only": s.invite_only,
                "is_host": s.user_id is not None and s.user_id == table.host_id,
                "to_act": acts,
                "score": score,
                "winner": s.position in winners,
                "place": places.get(s.position),
                "role": roles.get(s.position, ""),
                "away_since": away.get(s.position),
                "away_text": presence.since_text(away[s.position]) if s.position in away else "",
                # worked out here, not by tags and filters in every seat's row
                "classes": "".join(css for on, css in flags if on),
                "score_text": score_text(score) if score is not None else "",
            }
        )
    return rows


@per_language
def score_text(score: int) -> str:
    """A score with the reader's thousands separator, worked out once per language and
    score: every viewer's frame shows every seat's (``intcomma`` costs some 7 us a call)."""
    return intcomma(score)


def _places(scores: list[int]) -> dict[int, int]:
    """Competition places by score, highest first (ties share a place)."""
    return {seat: 1 + sum(other > score for other in scores) for seat, score in enumerate(scores)}


def _banner(table, seat, seat_rows, to_act, view) -> dict[str, Any]:
    """Whose turn it is, in words, for the banner and the tab title."""
    status = table.status
    if status == "open":
        taken = sum(not row["is_free"] for row in seat_rows)
        text = _("Waiting for players: %(taken)s of %(count)s seats taken.") % {
            "taken": taken,
            "count": len(seat_rows),
        }
        return {"kind": "waiting", "text": text, "title": _("Waiting for players")}
    if status == "playing":
        if seat is not None and any(row["is_you"] and row["is_bot"] for row in seat_rows):
            text = _("A bot plays your seat for now: take it back to play.")
            return {"kind": "theirs", "text": text, "title": _("A bot plays for you")}
        if seat is not None and seat in to_act:
            return {"kind": "mine", "text": _("Your turn"), "title": "▶ " + _("Your turn")}
        waiting_for = ", ".join(row["name"] for row in seat_rows if row["to_act"])
        text = _("Waiting for %(names)s") % {"names": waiting_for}
        return {"kind": "theirs", "text": text, "title": text}
    if status == "finished":
        winners = [row["name"] for row in seat_rows if row["winner"]]
        if seat is not None and any(row["is_you"] and row["winner"] for row in seat_rows):
            shared = len(winners) > 1
            text = _("Game over: you share the win.") if shared else _("Game over: you win!")
        elif len(winners) > 1:
            text = _("Game over: %(names)s share the win.") % {"names": " & ".join(winners)}
        else:
            text = _("Game over: %(names)s wins.") % {"names": " & ".join(winners)}
        return {"kind": "over", "text": text, "title": _("Game over")}
    if status == "cancelled":
        text = _("The host cancelled this table.")
        return {"kind": "closed", "text": text, "title": _("Cancelled")}
    text = _("This table was abandoned.")
    return {"kind": "closed", "text": text, "title": _("Abandoned")}


def _controls(table, seats, seat, signed_in, is_host, user) -> dict[str, Any]:
    """Which buttons this viewer gets; the service still has the last word on each."""
    status = table.status
    free = [s for s in seats if s.is_free]
    return {
        "join": status == "open" and signed_in and seat is None and bool(free),
        "log_in_to_join": status == "open" and not signed_in and bool(free),
        "leave": status == "open" and seat is not None and not is_host,
        "start": status == "open" and is_host,
        "can_start": status == "open" and not free,
        "cancel": status == "open" and is_host,
        "seat_bot": status == "open" and is_host and bool(free),
        "hand_over": status == "playing" and is_host,
        "take_back_own": status == "playing"
        and seat is not None
        and any(s.position == seat and s.handed_to_bot for s in seats),
        "rematch": status == "finished" and seat is not None,
        "replay": status == "finished",
        "invite": status == "open",
    }


class FragmentsKey(NamedTuple):
    """Everything a table's fragments depend on besides the templates (``fragments_key``).
    A plain tuple underneath: equal keys hash alike, whether built here or by a socket."""

    public_id: str  # the table's, as hex
    version: int
    status: str
    seats: str  # ``_seats_signature``
    seat: int | None  # the viewer's
    signed_in: bool
    is_host: bool
    away: str  # ``_away_signature`` for the host, else ""
    clock: str  # ``clock_display.clock_signature``: a day given moves no version
    language: str | None


def fragments_key(table, seat: int | None, user=None) -> FragmentsKey:
    """Everything a table's fragments depend on besides the templates: the table and its
    version (the state moves only with the version), its status and seats, the viewer's seat
    and the buttons that depend on who they are, who has been away (the host is offered to
    hand their seats to a bot), and the language. Two viewers with equal keys see
    byte-identical fragments, so one rendering serves both."""
    signed_in = bool(user is not None and getattr(user, "is_authenticated", False))
    is_host = signed_in and table.host_id == user.pk
    return FragmentsKey(
        public_id=table.public_id.hex,
        version=table.version,
        status=table.status,
        seats=_seats_signature(table),
        seat=seat,
        signed_in=signed_in,
        is_host=is_host,
        away=_away_signature(table) if is_host else "",
        clock=clock_signature(table),
        language=drawing_language.language(),
    )


PAGE_CURRENT = "<!-- the page is current -->"  # a socket's first frame on a current page


def shown_token(key: FragmentsKey) -> str:
    """A short digest of ``key`` for the page's socket address (``?shown=``): the socket opened
    by a page drawn for that key answers with ``PAGE_CURRENT`` instead of drawing the same
    table again. Told a wrong one, a socket only draws what it would have drawn anyway."""
    raw = "\x1f".join(map(str, key)).encode()
    return hashlib.sha1(raw, usedforsecurity=False).hexdigest()[:SHOWN_TOKEN_LENGTH]


def checked_shown_token(token: str) -> str | None:
    """``token`` if it can be a ``shown_token`` (short lowercase hex), else None."""
    if len(token) != SHOWN_TOKEN_LENGTH or token.strip("0123456789abcdef"):
        return None
    return token


def same_board(key: FragmentsKey, shown: FragmentsKey | None) -> bool:
    """Whether a page drawn for ``shown`` already holds the board ``key`` draws: everything
    but who has been away and the clock is the same (neither is on the board)."""
    return shown is not None and key._replace(away="", clock="") == shown._replace(
        away="", clock=""
    )


def _away_signature(table) -> str:
    return away_signature(presence.away_seats(table))


def away_signature(away: dict[int, datetime]) -> str:
    """Who has been away and since when (``presence.away_seats``), as ``FragmentsKey.away``."""
    return ";".join(f"{position},{since.isoformat()}" for position, since in sorted(away.items()))


def recent_fragments(key: FragmentsKey) -> str | None:
    """The fragments this process rendered for ``key`` lately, or None. The move view renders
    the poster's seat for its answer; the poster's own socket then finds it here instead of
    reading the table and rendering the same view again."""
    return _recent.get(key)


def _remember(key: FragmentsKey, html: str) -> None:
    keep_latest(_recent, key, html, RECENT_RENDERINGS)


def _spectator_key(key: FragmentsKey) -> str:
    clock = hashlib.sha1(key.clock.encode(), usedforsecurity=False).hexdigest()[:12]
    return (
        f"play:spectator:{key.public_id}:{key.version}:{key.status}:{key.seats}:{key.language}"
        f":{clock}"
    )


def _seats_signature(table) -> str:
    raw = ";".join(
        f"{s.position},{s.user_id},{s.bot_level},{s.invite_only}" for s in table.seat_list
    )
    return hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:16]


def table_fragments(
    table,
    seat: int | None,
    *,
    user=None,
    board: bool = True,
    state: Any = None,
    key: FragmentsKey | None = None,
) -> str:
    """The HTML the table's socket pushes to one viewer: elements with ids, swapped out of band.

    Each distinct view is rendered once per version in a process (``recent_fragments``);
    logged-in spectators all see the same thing, so theirs is also shared between processes
    through the cache. ``board=False``: all but the board, for a page whose board is this
    one already (the same version, status, seats and viewer; only who has been away or the
    clock changed), so a tap on it is never lost to a redraw of the same board. ``state``: the
    table's state at its version where the caller holds it (``table_context``). ``key``:
    ``fragments_key(table, seat, user)`` where the caller has just worked it out.
    """
    with drawing_language.drawing():
        return _table_fragments(table, seat, user, board, state, key)


def _table_fragments(
    table, seat: int | None, user, board: bool, state: Any, key: FragmentsKey | None
) -> str:
    if not board:
        context = table_context(table, seat, user=user, state=state)
        context.update(oob=True, board_kept=True)
        return draw_frame(context)
    if key is None:
        key = fragments_key(table, seat, user)
    html = _recent.get(key)
    if html is not None:
        return html
    shared = seat is None and key.signed_in and not key.is_host
    if shared:
        html = _cached(_spectator_key(key))
        if html is not None:
            _remember(key, html)
            return html
    context = table_context(table, seat, user=user, state=state)
    context["oob"] = True
    html = draw_frame(context)
    _remember(key, html)
    if shared:
        _cache(_spectator_key(key), html)
    return html


def draw_frame(context: dict[str, Any]) -> str:
    """The table's live frame (``games/jinja2/games/_table_live.html``: the banner, the clock,
    the seats, the board, the actions and the log) drawn from ``context`` with Jinja2, as the
    table page draws it through ``{% jinja %}``."""
    return engines["jinja2"].get_template("games/_table_live.html").render(context)


def _cached(key: str) -> str | None:
    """The shared cache is a saving, not a dependency: with Redis away, render instead."""
    try:
        return cache.get(key)
    except Exception:
        log.warning("The cache is unavailable; rendering the spectators' view", exc_info=True)
        return None


def _cache(key: str, html: str) -> None:
    try:
        cache.set(key, html, SPECTATOR_CACHE_SECONDS)
    except Exception:
        log.warning("The cache is unavailable; the spectators' view is not shared", exc_info=True)


def lobby_fragments(user, pace: str = "") -> str:
    """The HTML the lobby's socket pushes: the live lists (of the page's pace filter),
    swapped out of band."""
    context = lobby_lists(user, pace)
    context["oob"] = True
    return render_to_string("games/_lobby_live.html", context)
