"""Websockets of online play: one per table viewer, one per lobby viewer.

``TableConsumer`` (``/ws/play/<public_id>/``) knows its viewer from the session cookie
(AuthMiddlewareStack) and works out the viewer's seat at every render, so a spectator who
sits down sees their hand from then on. On connect, and on every ``table.version`` message
of its table's group, it sends ``rendering.table_fragments(table, seat, user=user)``: the
fragments of that seat's ``engine.view`` only. A version already sent is skipped unless the
message says ``force`` (a seat changed, the game started, ...). A rendering older than the
last one sent is never sent (the presence beat renders alongside the pushes). A table page
says in its socket's address which rendering it shows (``?shown=``, ``rendering.shown_token``):
while the table is still as the page was drawn, the first answer is ``rendering.PAGE_CURRENT``
rather than the same table drawn again (and swapped under a finger about to tap it).

The client sends its moves here, as htmx's ``ws-send`` sends a move's form (a JSON object of
the form's fields): checked and played as ``play:move`` does (``games.move_input``). Applied,
the sender gets its own view at once and every other socket hears the group message; refused
(or not a move at all), only the sender gets the refusal's words with the table as it now
stands. "resync" is answered with the current fragments (at most once a second).

A move's message carries only the new version. Each socket remembers what its last rendering
depended on (``rendering.fragments_key``: status, seats, its seat, ...); when this process has
already rendered that view at the new version (the move's writer drew every socket of the
table in this process before sending its news, ``local_viewers``; or another socket of the
same view did), it sends that at once, without reading the table or leaving the event loop.
When this process holds the table at the new version (the move was made here) or at the one
before (``recent_tables``: the move's message says what it wrote), it renders without
reading the table: a seat of a playing table without a clock on the event loop itself (no
hand-over to the database thread), any other viewer on that thread. Otherwise, and on every
forced message, it reads and renders.

``LobbyConsumer`` (``/ws/play/lobby/``) sends ``rendering.lobby_fragments(user)`` on connect
and on every ``lobby.changed``.

A seated person's socket keeps their seat's ``last_seen_at`` fresh (``presence``): on connect,
every ``presence.heartbeat_seconds()`` (each socket on a phase of its own) and when it
closes. The host's socket looks on the same beat whether someone has been away long enough
to be offered to a bot (or is back), and renders again when that changed; someone back after
being away tells the table's group.

Both are ``LiveSocket``s: they weigh every frame first (``sarco.socket_limits``: size, rate,
sockets per member; the lobby's socket refuses every frame) and keep their socket through a
channel-layer outage (``layer_outages``): when Redis answers again they join their group again
and send the viewer the table or lobby as it stands.

Reading a table touches the database, so it runs in a worker thread
(``database_sync_to_async``), and so does any drawing that may (a spectator's, a clocked
table's); a seat's next frame from a table held in memory is drawn on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import uuid
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import SynchronousOnlyOperation

from sarco import group_messages
from sarco.live_socket import LiveSocket

from . import (
    lobby,
    local_viewers,
    move_input,
    presence,
    recent_tables,
    rendering,
    shared_parts,
    tables,
)
from .models import Table
from .move_news import LOBBY_GROUP
from .table_groups import group_name

log = logging.getLogger(__name__)

NOT_FOUND = 4404
RESYNC_INTERVAL = 1.0  # seconds: a client asking more often is ignored
Rendered = tuple[str, int, rendering.FragmentsKey]  # the HTML, its version, what it depended on


def _public_id(scope) -> uuid.UUID | None:
    raw = scope.get("url_route", {}).get("kwargs", {}).get("public_id")
    try:
        return uuid.UUID(str(raw))
    except (TypeError, ValueError, AttributeError):
        return None


def _query_value(scope, name: str) -> str:
    """One value of the socket's query string; "" when it has none or cannot be read."""
    raw = scope.get("query_string", b"")
    try:
        return parse_qs(raw.decode("ascii")).get(name, [""])[0]
    except (AttributeError, UnicodeDecodeError, ValueError):
        return ""


def _pace(scope) -> str:
    """The lobby page's pace filter, from the socket's query string (``?pace=live``)."""
    return lobby.clean_pace(_query_value(scope, "pace"))


class TableConsumer(LiveSocket):
    refusal_target = "move-error"  # where the page shows a refused move
    refusal_class = "message message-error move-error"
    group: str | None = None
    shown: str | None = None  # the page's ``shown`` token until the first rendering
    presence_task: asyncio.Task | None = None

    async def connect(self):
        self.sent_version = -1
        self.last_resync = 0.0
        self.last_key: rendering.FragmentsKey | None = None  # what the last rendering depended on
        # What the page shows, if it said (``?shown=``): for the first rendering only.
        self.shown = rendering.checked_shown_token(_query_value(self.scope, "shown"))
        public_id = _public_id(self.scope)
        await self.accept()
        if public_id is None or not await self._exists(public_id):
            await self.close(code=NOT_FOUND)  # the client gives up on 4xxx codes
            return
        self.public_id = public_id
        self.group = group_name(public_id)
        await self.join(self.group)
        local_viewers.add(public_id.hex, self)
        await self._push()
        if self._user_is_signed_in():
            await self._seen()
            self.presence_task = asyncio.create_task(self._keep_presence())

    async def disconnect(self, code):
        if self.group:
            local_viewers.discard(self.public_id.hex, self)
        if self.presence_task is not None:
            self.presence_task.cancel()
            await self._seen()  # when they left, to the second
        await super().disconnect(code)

    async def receive(self, text_data=None, bytes_data=None):
        """A move, as htmx's ``ws-send`` sends its form, or "resync" (a client unsure it is
        current). Anything else is refused like a move that is not one, to the sender only."""
        if not self.group or not text_data:
            return
        sent = move_input.frame_fields(text_data)
        if sent in (None, (None, None)) and "resync" in text_data[:200]:
            await self._resync()
            return
        if sent is None:
            await self._refuse_move(move_input.not_a_move())
            return
        if not self._user_is_signed_in():
            await self._refuse_move(move_input.not_logged_in())
            return
        checked = move_input.fields(*sent)
        if isinstance(checked, move_input.Refusal):
            await self._refuse_move(checked)
            return
        rendered = await self._play_on_loop(*checked) or await self._play(*checked)
        if isinstance(rendered, move_input.Refusal):
            await self._refuse_move(rendered)
        elif rendered is None:
            await self.close(code=NOT_FOUND)
        else:
            await self._send_rendered(rendered)

    async def _resync(self) -> None:
        now = time.monotonic()
        if now - self.last_resync >= RESYNC_INTERVAL:
            self.last_resync = now
            await self._push()

    async def _refuse_move(self, refusal: move_input.Refusal) -> None:
        """The refusal's words and the table as it stands, to this socket only."""
        rendered = await database_sync_to_async(self._read_and_render)()
        if rendered is None:
            await self.close(code=NOT_FOUND)
            return
        html, version, key = rendered
        if version >= self.sent_version:
            self.sent_version, self.last_key = version, key
        await self.send(text_data=move_input.refusal_fragment(refusal) + html)

    async def _play_on_loop(self, version: int, move: dict) -> Rendered | None:
        """The move played on the event loop where it may be (``loop_moves``), and the
        sender's view of the result; None: the thread plays it (``_play``)."""
        played = await tables.play_on_loop(
            self.public_id.hex, self.scope.get("user"), version, move
        )
        if played is None:
            return None
        try:
            return self._render_table(played)
        except SynchronousOnlyOperation:
            log.warning("Table %s: a frame reached for the database", self.public_id, exc_info=True)
            return await database_sync_to_async(self._render_table)(played)

    @database_sync_to_async
    def _play(self, version: int, move: dict) -> Rendered | move_input.Refusal | None:
        """Play the move and render the sender's view of the result: sent at once, it makes
        the sender's copy of the group message (already this version) a no-op."""
        table = recent_tables.at(self.public_id.hex, version)
        if table is None:
            table = Table.objects.filter(public_id=self.public_id).first()
            if table is None:
                return None
        try:
            played = move_input.play(table, self.scope.get("user"), version, move)
        except Table.DoesNotExist:
            return None
        if isinstance(played, move_input.Refusal):
            return played
        return self._render_table(played)  # the service left it in ``recent_tables``

    async def table_version(self, event):
        version = event.get("version")
        shared_parts.take(event.get("parts"))  # drawn by the move's process: not drawn here
        if not event.get("force") and isinstance(version, int):
            if version <= self.sent_version:
                return  # this socket already shows that version (or a later one)
            html = self._recent(version)
            if html is not None:
                self.sent_version = version
                await self.send(text_data=html)
                return
            rendered = self._render_held(version, event.get("record"))
            if rendered is not None:
                await self._send_rendered(rendered)
                return
            await self._push(version, event.get("record"))
            return
        await self._push(redraw=True)

    def after_outage_message(self) -> dict:
        return {"type": "table.version", "force": True}  # re-read: moves may have been missed

    def _user_is_signed_in(self) -> bool:
        return bool(getattr(self.scope.get("user"), "is_authenticated", False))

    def _watches(self) -> tuple[bool, bool]:
        """(seated, host of a playing table), as of this socket's last rendering."""
        if self.last_key is None:
            return False, False
        key = self.last_key
        return key.seat is not None, key.is_host and key.status == "playing"

    async def _keep_presence(self) -> None:
        """While the socket is open: the seat stays seen, and the host's page follows who
        has been away. A failure (the database busy) waits for the next beat. The first beat
        comes at a random moment of the first period, so each socket beats on its own
        phase: sockets opened together (a crowd back after a restart) all beat at once
        otherwise, a burst of calls queued on the one database thread, every move behind
        them (docs/online-speed.md, "a crowd's presence beats spread")."""
        wait = random.uniform(0, presence.heartbeat_seconds())
        while True:
            await asyncio.sleep(wait)
            wait = presence.heartbeat_seconds()
            try:
                seated, hosting = self._watches()
                if seated:
                    await self._seen()
                if hosting:
                    rendered = await self._render_if_away_changed()
                    if rendered is not None:
                        await self._send_rendered(rendered)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("Presence beat failed; trying again at the next", exc_info=True)

    async def _seen(self) -> None:
        """Mark this person's seat seen; back from being away, the table hears it (the
        host's page drops the offer to hand the seat to a bot)."""
        seated, _ = self._watches()
        if not seated:
            return
        try:  # presence is a courtesy: a busy database or layer never ends the socket
            back = await database_sync_to_async(presence.mark_seen)(
                self.public_id, self.scope.get("user")
            )
            if back:
                await group_messages.send_now(self.group, {"type": "table.version", "force": True})
        except Exception:
            log.warning("Could not mark the seat seen", exc_info=True)

    def _recent(self, version: int) -> str | None:
        """This view at ``version`` if this process rendered it already (no database, no
        thread): same status and seats as last time, only the version moved on."""
        if self.last_key is None:
            return None
        key = self.last_key._replace(version=version)
        html = rendering.recent_fragments(key)
        if html is not None:
            self.last_key = key
        return html

    async def _push(
        self, version: int | None = None, record: str | None = None, *, redraw: bool = False
    ) -> None:
        """This viewer's fragments sent; ``redraw``: a forced message, which leaves out the
        board where this socket sent that board already (``_render_table``)."""
        rendered = await self._render(version, record, redraw)
        if rendered is None:
            await self.close(code=NOT_FOUND)
            return
        await self._send_rendered(rendered)

    async def _send_rendered(self, rendered: Rendered) -> None:
        """Send a rendering unless the page already shows a later version: the host's
        presence beat renders alongside the pushes, and a move's own answer may be done after
        a bot's push; sent late, an older page would offer moves the table has left."""
        html, version, key = rendered
        if version < self.sent_version:
            return
        self.sent_version, self.last_key = version, key
        await self.send(text_data=html)

    @database_sync_to_async
    def _exists(self, public_id: uuid.UUID) -> bool:
        return Table.objects.filter(public_id=public_id).exists()

    @database_sync_to_async
    def _render(
        self, version: int | None = None, record: str | None = None, redraw: bool = False
    ) -> Rendered | None:
        """Read the table and render this viewer's fragments. Told a version, it first looks
        for that rendering again (here, on the thread that runs the views, a move view that
        was still rendering the poster's answer when the message came has finished with it),
        then for the table at that version in this process, as the move left it or as worked
        out from the version before and the move's ``record``; it reads only without them."""
        if version is not None:
            html = self._recent(version)
            if html is not None:
                return html, version, self.last_key
            table = recent_tables.at_or_advanced(self.public_id.hex, version, record)
            if table is not None:
                return self._render_table(table)
        return self._read_and_render(redraw)

    def _render_held(self, version: int, record: str | None) -> Rendered | None:
        """This seat's fragments at ``version`` drawn here on the event loop, when this
        process holds the playing table at that version or works it out from the version
        before and the move's ``record`` (``recent_tables``): nothing to read, so no hand-over
        to the database thread and back, about a tenth of a millisecond of CPU each. Only for
        a seat (as last drawn) at a playing table without a clock: a spectator's
        drawing may be shared through the cache (a call to Redis), a clocked table's message
        carries no record, and a table that ended draws what only the database holds (its
        session). Should a drawing ever reach for the database after all, Django refuses it
        here and the thread draws instead. The process's kept tables and drawings are then
        used from both threads; a race between them costs a miss (a read), nothing wrong."""
        shown = self.last_key
        if shown is None or shown.seat is None or shown.status != "playing" or shown.clock:
            return None
        table = recent_tables.at_or_advanced(self.public_id.hex, version, record)
        if table is None or table.status != "playing":
            return None
        try:
            return self._render_table(table)
        except SynchronousOnlyOperation:
            log.warning("Table %s: a frame reached for the database", self.public_id, exc_info=True)
            return None

    @database_sync_to_async
    def _render_if_away_changed(self) -> Rendered | None:
        """The host's fragments again if who has been away changed since the last rendering
        (the threshold passed, someone came back); None when nothing changed. Without a
        clock (whose day and deadlines the whole key below follows) who is away is read
        first on its own, and the table only when that changed: a move or a seat's change
        comes with its own message."""
        shown = self.last_key
        unclocked = shown is not None and not shown.clock
        if unclocked and rendering.away_signature(presence.away_now(self.public_id)) == shown.away:
            return None
        table = Table.objects.with_seats().filter(public_id=self.public_id).first()
        if table is None:
            return None
        user = self.scope.get("user")
        key = rendering.fragments_key(table, rendering.viewer_seat(table, user), user)
        if key == self.last_key:
            return None
        return self._render_table(table, redraw=True)

    def _read_and_render(self, redraw: bool = False) -> Rendered | None:
        tables = Table.objects.with_seats()
        table = tables.filter(public_id=self.public_id).first()
        if table is None:
            return None
        recent_tables.remember(table)  # the next move's record can bring it up to date
        return self._render_table(table, redraw)

    def _render_table(self, table: Table, redraw: bool = False) -> Rendered:
        """This viewer's fragments. A ``redraw`` (who has been away, a day given on the clock,
        a forced message) leaves out the board where this socket sent that board already; a
        refusal or a resync always brings it (the page's copy may be what is wrong)."""
        user = self.scope.get("user")
        seat = rendering.viewer_seat(table, user)
        key = rendering.fragments_key(table, seat, user)
        shown, self.shown = self.shown, None
        if shown is not None and rendering.shown_token(key) == shown:
            return rendering.PAGE_CURRENT, table.version, key  # the page was drawn for this key
        board = not (redraw and rendering.same_board(key, self.last_key))
        html = rendering.table_fragments(table, seat, user=user, board=board, key=key)
        return html, table.version, key


class LobbyConsumer(LiveSocket):
    listens = False  # every frame counts towards closing the socket

    async def connect(self):
        self.pace = _pace(self.scope)
        await self.join(LOBBY_GROUP)
        await self.accept()
        await self._push()

    async def lobby_changed(self, event):
        await self._push()

    def after_outage_message(self) -> dict:
        return {"type": "lobby.changed"}

    async def _push(self) -> None:
        await self.send(text_data=await self._render())

    @database_sync_to_async
    def _render(self) -> str:
        return rendering.lobby_fragments(self.scope.get("user"), self.pace)


class ClosingConsumer(AsyncWebsocketConsumer):
    """Any other path under /ws/play/: accepted and closed at once, with "not found"."""

    async def connect(self):
        await self.accept()
        await self.close(code=NOT_FOUND)
