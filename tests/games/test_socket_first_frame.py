"""A table page tells its socket what it shows: opened on a current page, the socket's first
frame is a word, not the same table drawn again (``rendering.shown_token``)."""

import re

import pytest
from channels.db import database_sync_to_async
from hypothesis import given, settings
from hypothesis import strategies as st

from games import rendering, tables
from games.consumers import _query_value
from tests.sockets import WebsocketCommunicator

from .helpers import acting_user, first_legal, sarg_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


def _page_socket_address(client, table) -> str:
    """The socket address the table page gives its browser, for the page's viewer."""
    page = client.get(f"/play/{table.public_id}/").content.decode()
    return re.search(r'ws-connect="([^"]+)"', page).group(1)


async def _open(client, address: str) -> WebsocketCommunicator:
    """A socket through the whole application (origin check, session, language), as a browser."""
    from sarco.asgi import application

    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    socket = WebsocketCommunicator(
        application, address, headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)]
    )
    ok, _ = await socket.connect()
    assert ok
    return socket


def _whole_table_at(frame: str, version: int) -> bool:
    return 'id="table-board"' in frame and f'data-version="{version}"' in frame


def _first_move(table) -> None:
    player, position = acting_user(table)
    tables.play(table, player, first_legal(table, position), table.version)


async def _signed_in_page(client, person, table) -> str:
    await database_sync_to_async(client.force_login)(person)
    return await database_sync_to_async(_page_socket_address)(client, table)


async def test_a_socket_opened_on_a_current_page_says_so_and_draws_nothing(client):
    table = await database_sync_to_async(sarg_table)()
    address = await _signed_in_page(client, table.host, table)
    assert re.search(r"\?shown=[0-9a-f]{16}$", address)
    socket = await _open(client, address)
    assert await socket.receive_from(timeout=3) == rendering.PAGE_CURRENT
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


async def test_after_the_word_the_next_move_arrives_whole(client):
    table = await database_sync_to_async(sarg_table)()
    address = await _signed_in_page(client, table.host, table)
    socket = await _open(client, address)
    await socket.receive_from(timeout=3)
    await database_sync_to_async(_first_move)(table)
    assert _whole_table_at(await socket.receive_from(timeout=3), 1)
    await socket.disconnect()


async def test_a_page_overtaken_by_a_move_gets_the_table_as_it_stands(client):
    table = await database_sync_to_async(sarg_table)()
    address = await _signed_in_page(client, table.host, table)
    await database_sync_to_async(_first_move)(table)  # before the socket opens
    socket = await _open(client, address)
    assert _whole_table_at(await socket.receive_from(timeout=3), 1)
    await socket.disconnect()


async def test_another_viewers_page_does_not_count_as_this_ones(client):
    """A spectator's page at the same version shows other things than the seat's page."""
    table = await database_sync_to_async(sarg_table)()
    seated_address = await _signed_in_page(client, table.host, table)
    guest = await database_sync_to_async(lambda: table.seats.get(position=1).user)()
    await database_sync_to_async(client.force_login)(guest)
    socket = await _open(client, seated_address)  # the guest's socket, the host's token
    assert 'id="table-board"' in await socket.receive_from(timeout=3)
    await socket.disconnect()


@pytest.mark.parametrize(
    "query",
    [
        "shown=",
        "shown=xyz",
        "shown=" + "A" * 16,
        "shown=" + "0" * 17,
        "shown=%ff%00",
        "shown=" + "9" * 5000,
    ],
)
async def test_a_token_that_is_not_one_is_ignored(client, query):
    table = await database_sync_to_async(sarg_table)()
    await database_sync_to_async(client.force_login)(table.host)
    socket = await _open(client, f"/ws/play/{table.public_id}/?{query}")
    assert 'id="table-board"' in await socket.receive_from(timeout=3)
    await socket.disconnect()


async def test_the_token_counts_for_the_first_frame_only(client):
    """A resync (a page unsure it is current) always brings the table."""
    table = await database_sync_to_async(sarg_table)()
    address = await _signed_in_page(client, table.host, table)
    socket = await _open(client, address)
    assert await socket.receive_from(timeout=3) == rendering.PAGE_CURRENT
    await socket.send_to(text_data="resync")
    assert 'id="table-board"' in await socket.receive_from(timeout=3)
    await socket.disconnect()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_query_string_gives_a_token_or_none(raw):
    token = rendering.checked_shown_token(_query_value({"query_string": raw}, "shown"))
    assert token is None or (len(token) == 16 and not token.strip("0123456789abcdef"))
