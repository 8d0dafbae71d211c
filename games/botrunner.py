"""The bot runner: bots move server-side, through ``tables.play_as_bot`` like a person.

Design (docs/online.md has the long form):

- **Durable.** Whether a bot is due is a fact of the database (``Table.bot_to_act``, kept
  in step with the engine's ``to_act`` by the tables service), never of a process's
  memory. A runner polls for due tables every ``POLL`` seconds, so after a restart the next
  poll finds every table whose bot is to act.
- **Exactly once.** Every server process runs a runner, and ``manage.py run_bots`` may run
  more. Each reads the table's version, computes the move, and plays it *at that version*:
  the service's row lock and version check let exactly one of them through; the others
  are refused as stale and drop it. On PostgreSQL the poll skips rows that are locked
  (``skip_locked``), i.e. tables another process is moving right now.
- **Paced.** A bot moves ``settings.SARCO_BOT_PAUSE`` seconds (about 0.7) after the move
  that gave it the turn (``Table.last_move_at``), so people can follow; 0 in tests.
- **Off the event loop.** The runner is an asyncio task in the server's loop, but all its
  work (queries, the bot's search, the move) runs in the thread pool via
  ``sync_to_async(thread_sensitive=False)``; group messages sent from there reach the
  loop's sockets the way a sync view's do.
- **Clocks too.** Each runner also runs ``tables.run_clocks`` every ``CLOCK_EVERY``
  seconds (one indexed query when no clock is due), awaited before it looks for bots:
  the bot moves for seats out of time, raced safely between servers (docs/clocks.md);
  every ``REMIND_EVERY`` seconds it also sends the turn mails' reminders (``turn_mail``).
- **Started with the server.** daphne does not speak ASGI lifespan, so
  ``BotRunnerMiddleware`` (wrapped around the application in ``sarco/asgi.py``) starts the
  task in each process's loop on its first connection (page or socket) when
  ``settings.SARCO_BOT_RUNNER`` is on. After a restart the first reconnecting socket
  starts it within seconds. Unit tests leave it off and call ``bot_turn`` directly.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from . import tables, turn_mail
from .bot_moves import bot_for as bot_for  # the runner's bots, bounded by live clocks
from .bot_moves import choose
from .models import Table

log = logging.getLogger(__name__)

POLL = 0.25  # seconds between looks for due tables
BATCH = 20  # due tables handled per look, oldest move first
FAILURE_BACKOFF = 30.0  # seconds before a bot that failed at one version tries again
CLOCK_EVERY = 1.0  # seconds between runs of the clocks (live clocks give 30 s at least)
REMIND_EVERY = 60.0  # seconds between runs of the turn mails' reminders (days-long clocks)


def pause() -> float:
    return float(getattr(settings, "SARCO_BOT_PAUSE", 0.7))


# --- one bot turn (sync: called in a worker thread, by tests and by run_bots) -------------------


def due_tables(now: dt.datetime | None = None, limit: int = BATCH) -> list[tuple[int, float]]:
    """(table pk, seconds still to wait) for tables whose bot is to act, oldest move first."""
    now = now or timezone.now()
    due = Table.objects.bot_due().order_by("last_move_at").values_list("pk", "last_move_at")
    if connection.features.has_select_for_update_skip_locked:
        with transaction.atomic():  # PostgreSQL: pass over tables being moved right now
            rows = list(due.select_for_update(skip_locked=True)[:limit])
    else:  # SQLite: a plain read (WAL); a transaction here would take the write lock
        rows = list(due[:limit])
    wait = pause()
    result = []
    for pk, last in rows:
        elapsed = (now - last).total_seconds() if last else wait
        result.append((pk, max(0.0, wait - elapsed)))
    return result


def bot_turn(table_pk: int) -> int:
    """Let every bot that is to act at the table move once, at the version read; the
    number of moves that went through. A move another runner made first is dropped."""
    played = 0
    table = Table.objects.filter(pk=table_pk).first()
    if table is None or not table.bot_to_act or table.status != Table.Status.PLAYING:
        return 0
    engine = table.engine
    state = table.state()
    bots = {s.position: s.bot_level for s in table.seat_list if s.bot_level}
    for position in engine.to_act(state):
        if position not in bots:
            continue
        move = choose(table, state, position, bots[position])
        try:
            table = tables.play_as_bot(table, position, move, table.version)
        except tables.MoveRefused as exc:
            if exc.reason != "stale":
                raise
            return played  # another runner was quicker: it made this move
        played += 1
        state = table.state()
    return played


def _bot_turn_in_thread(table_pk: int) -> int:
    try:
        return bot_turn(table_pk)
    finally:
        close_old_connections()


def _clocks_in_thread(reminders: bool) -> int:
    try:
        played = tables.run_clocks()
        if reminders:
            turn_mail.send_reminders()
        return played
    finally:
        close_old_connections()


def _due_in_thread() -> list[tuple[int, float]]:
    try:
        return due_tables()
    finally:
        close_old_connections()


# --- the runner (async: one task per process) -----------------------------------------------


class BotRunner:
    """Polls for due tables and moves their bots, one task per table at a time."""

    def __init__(self) -> None:
        self.busy: set[int] = set()
        self.failed: dict[int, float] = {}  # table pk -> monotonic time it may try again
        self.stopping = False
        self.clocks_at = -CLOCK_EVERY  # monotonic time of the last run of the clocks
        self.reminders_at = -REMIND_EVERY  # and of the turn mails' reminders

    async def run_forever(self) -> None:
        log.info("Bot runner started (pause %.2f s)", pause())
        while not self.stopping:
            await self.run_once()
            await asyncio.sleep(POLL)

    async def run_once(self) -> None:
        await self.run_clocks()
        try:
            due = await sync_to_async(_due_in_thread, thread_sensitive=False)()
        except Exception:
            log.exception("Bot runner: looking for due tables failed")
            return
        now = time.monotonic()
        for pk, wait in due:
            if pk in self.busy or self.failed.get(pk, 0) > now:
                continue
            self.busy.add(pk)
            asyncio.get_running_loop().create_task(self._turn(pk, wait))

    async def run_clocks(self) -> None:
        """Run the clocks if it is time: in the thread pool, awaited, so one run at a time."""
        now = time.monotonic()
        if now - self.clocks_at < CLOCK_EVERY:
            return
        self.clocks_at = now
        reminders = now - self.reminders_at >= REMIND_EVERY
        if reminders:
            self.reminders_at = now
        try:
            await sync_to_async(_clocks_in_thread, thread_sensitive=False)(reminders)
        except Exception:
            log.exception("Bot runner: running the clocks failed")

    async def _turn(self, pk: int, wait: float) -> None:
        try:
            if wait > 0:
                await asyncio.sleep(wait)
            await sync_to_async(_bot_turn_in_thread, thread_sensitive=False)(pk)
            self.failed.pop(pk, None)
        except Exception:
            log.exception("Bot runner: the bot at table %s could not move", pk)
            self.failed[pk] = time.monotonic() + FAILURE_BACKOFF
        finally:
            self.busy.discard(pk)


_started_in: set[int] = set()  # ids of the event loops that run a runner


def ensure_started() -> None:
    """Start the runner in the running event loop, once per loop, if settings allow."""
    if not getattr(settings, "SARCO_BOT_RUNNER", True):
        return
    loop = asyncio.get_running_loop()
    if id(loop) in _started_in:
        return
    _started_in.add(id(loop))
    task = loop.create_task(BotRunner().run_forever())
    task.add_done_callback(lambda _: _started_in.discard(id(loop)))


class BotRunnerMiddleware:
    """ASGI wrapper: the first connection a server process gets starts its bot runner."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope.get("type") in ("http", "websocket"):
            ensure_started()
        return await self.app(scope, receive, send)
