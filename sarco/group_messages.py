"""The one way the server tells a channel group something (a table moved, a sheet changed).

Sync code (a view, a socket's rendering thread, the bot runner) hands the message to the
event loop the server runs and does not wait for the channel layer: the thread that serves a
process's requests once spent a tenth of its time blocked on that send. The loop is the one
``remember_loop`` saw last: the ASGI application (``serving``) and every live socket record
it as they start. Without a running server (a command, a shell, a test) the send is made
there and then.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_sending: set[asyncio.Task] = set()


def remember_loop() -> None:
    """Record the running event loop as the server's (called from async code)."""
    global _loop
    _loop = asyncio.get_running_loop()


def serving(app: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """The ASGI application ``app``, recording the server's loop on each connection."""

    async def application(scope: dict, receive: Callable, send: Callable) -> None:
        remember_loop()
        await app(scope, receive, send)

    return application


def send(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to ``group`` from sync code; see the module's docstring. Called on
    the server's loop itself (a move played there, ``games.loop_moves``), it is sent from
    there, with no thread to wake."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _loop
    if loop is None or loop.is_closed() or not loop.is_running():
        async_to_sync(layer.group_send)(group, message)
        return
    if _running_loop() is loop:
        task = loop.create_task(layer.group_send(group, message))
        _sending.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(_sending.discard)
        task.add_done_callback(lambda done: _log_failure(group, done))
        return
    sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    sent.add_done_callback(lambda done: _log_failure(group, done))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


async def send_now(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to ``group`` from the event loop (a socket's own news)."""
    layer = get_channel_layer()
    if layer is not None:
        await layer.group_send(group, message)


def _log_failure(group: str, done: concurrent.futures.Future | asyncio.Future) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("Could not tell the group %s", group, exc_info=done.exception())
