"""A table's socket keeps its person's seat seen, and the host's page follows who has left."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.utils import timezone

from games.models import TableSeat
from games.routing import websocket_urlpatterns
from tests.sockets import WebsocketCommunicator

from .helpers import sarg_table, user_at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]

router = URLRouter(websocket_urlpatterns)
OFFER = "Let a bot play"


async def connected(table, person) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(router, f"/ws/play/{table.public_id}/")
    communicator.scope["user"] = person
    ok, _ = await communicator.connect()
    assert ok
    return communicator


@database_sync_to_async
def seen_ago(table, position: int) -> timedelta:
    seen = TableSeat.objects.get(table=table, position=position).last_seen_at
    return timezone.now() - seen


@database_sync_to_async
def set_seen_ago(table, position: int, ago: timedelta) -> None:
    seen = timezone.now() - ago
    TableSeat.objects.filter(table=table, position=position).update(last_seen_at=seen)


async def offered_within(socket: WebsocketCommunicator, seconds: float) -> bool:
    """Whether a page the socket receives within ``seconds`` offers the bot (pages without
    it may come first: the host's own presence)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while (left := deadline - asyncio.get_running_loop().time()) > 0:
        if OFFER in await socket.receive_from(timeout=left):
            return True
    return False


async def people(table):
    return [await database_sync_to_async(user_at)(table, p) for p in (0, 1)]


async def test_an_open_socket_marks_its_seat_seen():
    table = await database_sync_to_async(sarg_table)()
    _, guest = await people(table)
    await set_seen_ago(table, 1, timedelta(minutes=5))
    socket = await connected(table, guest)
    await socket.receive_from(timeout=3)
    assert await seen_ago(table, 1) < timedelta(seconds=5)
    await socket.disconnect()


async def test_closing_the_socket_marks_when_the_person_left():
    table = await database_sync_to_async(sarg_table)()
    _, guest = await people(table)
    socket = await connected(table, guest)
    await socket.receive_from(timeout=3)
    await set_seen_ago(table, 1, timedelta(seconds=40))  # the last beat, a while ago
    await socket.disconnect()
    assert await seen_ago(table, 1) < timedelta(seconds=5)


async def test_the_hosts_page_offers_a_bot_once_the_threshold_has_passed(settings):
    settings.SARCO_AWAY_AFTER = 0.6  # the beat is a third of it
    table = await database_sync_to_async(sarg_table)()
    host, _ = await people(table)
    # The guest is last seen 2 s from now, not when the table was made: on a loaded machine
    # (parallel workers) making it and connecting can take longer than the 0.6 s, and the
    # first page would already offer the bot.
    await set_seen_ago(table, 1, -timedelta(seconds=2))
    socket = await connected(table, host)
    assert OFFER not in await socket.receive_from(timeout=3)
    assert await offered_within(socket, 10)
    await socket.disconnect()


async def test_the_hosts_page_drops_the_offer_when_the_person_is_back():
    table = await database_sync_to_async(sarg_table)()
    host, guest = await people(table)
    await set_seen_ago(table, 1, timedelta(minutes=5))
    host_socket = await connected(table, host)
    assert OFFER in await host_socket.receive_from(timeout=3)
    guest_socket = await connected(table, guest)
    await guest_socket.receive_from(timeout=3)
    assert OFFER not in await host_socket.receive_from(timeout=3)
    for socket in (host_socket, guest_socket):
        await socket.disconnect()


async def test_who_has_been_away_redraws_the_seats_but_never_the_board():
    """The board is the one the page shows (same version and seats): redrawn, it would take
    away the button under a finger about to tap it."""
    table = await database_sync_to_async(sarg_table)()
    host, guest = await people(table)
    await set_seen_ago(table, 1, timedelta(minutes=5))
    host_socket = await connected(table, host)
    first = await host_socket.receive_from(timeout=3)
    assert 'id="table-board"' in first and OFFER in first
    guest_socket = await connected(table, guest)
    await guest_socket.receive_from(timeout=3)
    again = await host_socket.receive_from(timeout=3)
    assert OFFER not in again
    assert 'id="table-seats"' in again and 'id="table-board"' not in again
    for socket in (host_socket, guest_socket):
        await socket.disconnect()


async def test_a_resync_at_the_same_version_brings_the_board_again():
    """A page unsure it is current (or whose copy was tampered with) gets the whole table."""
    table = await database_sync_to_async(sarg_table)()
    host, _ = await people(table)
    socket = await connected(table, host)
    assert 'id="table-board"' in await socket.receive_from(timeout=3)
    await socket.send_to(text_data="resync")
    assert 'id="table-board"' in await socket.receive_from(timeout=3)
    await socket.disconnect()
