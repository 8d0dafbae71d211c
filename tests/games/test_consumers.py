"""The table and lobby websockets: each viewer gets only its own seat's fragments, live."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from games import move_news, rendering, tables
from games.routing import websocket_urlpatterns
from tests.services import redis_layers
from tests.sockets import WebsocketCommunicator

from .helpers import acting_user, first_legal, sarg_table, user, user_at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]

router = URLRouter(websocket_urlpatterns)
CROWD = 150  # sockets connecting at once


@pytest.fixture
def stub(monkeypatch):
    """Fragments that say whose view they were rendered from (and carry that view)."""

    def table_fragments(table, seat, *, user=None, board=True, key=None):
        view = table.engine.view(table.state(), seat) if table.state_json else None
        return json.dumps({"seat": seat, "version": table.version, "view": view, "board": board})

    def lobby_fragments(user, pace=""):
        return f"lobby for {getattr(user, 'username', None)}{f' ({pace})' if pace else ''}"

    monkeypatch.setattr(rendering, "table_fragments", table_fragments)
    monkeypatch.setattr(rendering, "lobby_fragments", lobby_fragments)


def socket(path: str, person=None) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(router, path)
    if person is not None:
        communicator.scope["user"] = person
    return communicator


async def connected(path, person=None):
    communicator = socket(path, person)
    ok, _ = await communicator.connect()
    assert ok
    return communicator


async def both_seats_listening():
    """A two-seat Sarg table with each seat's socket open and its first fragments read."""
    table = await database_sync_to_async(sarg_table)()
    people = [await database_sync_to_async(user_at)(table, p) for p in (0, 1)]
    path = f"/ws/play/{table.public_id}/"
    sockets = [await connected(path, p) for p in people]
    for s in sockets:
        await s.receive_from(timeout=3)
    return table, sockets


async def test_each_seat_and_a_spectator_get_their_own_view(stub):
    table = await database_sync_to_async(sarg_table)()
    people = [await database_sync_to_async(user_at)(table, p) for p in (0, 1)]
    watcher = await database_sync_to_async(user)()
    path = f"/ws/play/{table.public_id}/"
    sockets = [await connected(path, p) for p in (*people, watcher)]
    first = [json.loads(await s.receive_from(timeout=3)) for s in sockets]
    assert [f["seat"] for f in first] == [0, 1, None]
    state = await database_sync_to_async(table.state)()
    for f, seat in zip(first, (0, 1, None), strict=True):
        assert f["view"] == json.loads(json.dumps(table.engine.view(state, seat)))
    assert first[2]["view"]["hand"] == []

    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 0)
    after = [json.loads(await s.receive_from(timeout=3)) for s in sockets]
    assert [(f["seat"], f["version"]) for f in after] == [(0, 1), (1, 1), (None, 1)]
    for s in sockets:
        assert await s.receive_nothing(timeout=0.2)
        await s.disconnect()


async def test_a_refused_move_sends_nothing(stub):
    table = await database_sync_to_async(sarg_table)()
    player, _ = await database_sync_to_async(acting_user)(table)
    watcher = await connected(f"/ws/play/{table.public_id}/", player)
    await watcher.receive_from(timeout=3)
    with pytest.raises(tables.MoveRefused):
        await database_sync_to_async(tables.play)(table, player, {"card": "XX"}, 0)
    assert await watcher.receive_nothing(timeout=0.3)
    await watcher.disconnect()


async def test_a_seat_change_is_pushed_even_at_the_same_version(stub):
    host = await database_sync_to_async(user)()
    table = await database_sync_to_async(tables.open_table)("sarg", host, seats=2)
    watcher = await connected(f"/ws/play/{table.public_id}/", host)
    assert json.loads(await watcher.receive_from(timeout=3))["version"] == 0
    await database_sync_to_async(tables.seat_bot)(table, 1, "random")
    assert json.loads(await watcher.receive_from(timeout=3))["version"] == 0
    await database_sync_to_async(tables.start)(table, host)
    started = json.loads(await watcher.receive_from(timeout=3))
    assert started["view"] is not None and started["seat"] == 0
    await watcher.disconnect()


async def test_a_spectator_who_sits_down_gets_their_seat(stub):
    host = await database_sync_to_async(user)()
    guest = await database_sync_to_async(user)()
    table = await database_sync_to_async(tables.open_table)("sarg", host, seats=2)
    watcher = await connected(f"/ws/play/{table.public_id}/", guest)
    assert json.loads(await watcher.receive_from(timeout=3))["seat"] is None
    await database_sync_to_async(tables.take_seat)(table, guest)
    assert json.loads(await watcher.receive_from(timeout=3))["seat"] == 1
    await watcher.disconnect()


async def test_resync_sends_the_current_fragments_at_most_once_a_second(stub):
    table = await database_sync_to_async(sarg_table)()
    watcher = await connected(f"/ws/play/{table.public_id}/", table.host)
    await watcher.receive_from(timeout=3)
    await watcher.send_to(text_data="resync")
    assert json.loads(await watcher.receive_from(timeout=3))["seat"] == 0
    await watcher.send_to(text_data="resync")  # asked again at once: ignored
    assert await watcher.receive_nothing(timeout=0.2)
    await watcher.disconnect()


@pytest.mark.parametrize(
    "path",
    [
        "/ws/play/00000000-0000-4000-8000-000000000000/",
        "/ws/play/not-a-uuid/",
        "/ws/play/a/b/c/",
        "/ws/play/" + "9" * 5000 + "/",
    ],
)
async def test_unknown_tables_and_bad_paths_close_cleanly(path, stub):
    communicator = socket(path)
    ok, _ = await communicator.connect()
    assert ok
    closed = await communicator.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": 4404}


async def test_the_lobby_socket_pushes_on_lobby_changes(stub):
    person = await database_sync_to_async(user)()
    lobby = await connected("/ws/play/lobby/", person)
    assert await lobby.receive_from(timeout=3) == f"lobby for {person.username}"
    await database_sync_to_async(tables.open_table)("sarg", person, seats=2)
    assert await lobby.receive_from(timeout=3) == f"lobby for {person.username}"
    await lobby.disconnect()


async def test_the_lobby_socket_keeps_the_pages_pace_filter(stub):
    person = await database_sync_to_async(user)()
    lobby = await connected("/ws/play/lobby/?pace=daily", person)
    assert await lobby.receive_from(timeout=3) == f"lobby for {person.username} (daily)"
    await lobby.disconnect()
    lobby = await connected("/ws/play/lobby/?pace=%ff%00", person)
    assert await lobby.receive_from(timeout=3) == f"lobby for {person.username}"
    await lobby.disconnect()


async def test_a_move_does_not_wake_the_lobby_but_the_end_does(stub):
    table = await database_sync_to_async(sarg_table)()
    lobby = await connected("/ws/play/lobby/", table.host)
    await lobby.receive_from(timeout=3)
    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 0)
    assert await lobby.receive_nothing(timeout=0.3)
    await lobby.disconnect()


async def test_session_cookie_login_through_the_real_application(stub, client):
    """The whole stack: origin check, session cookie, routing."""
    from sarco.asgi import application

    table = await database_sync_to_async(sarg_table)()
    await database_sync_to_async(client.force_login)(table.host)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    communicator = WebsocketCommunicator(
        application,
        f"/ws/play/{table.public_id}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)],
    )
    ok, _ = await communicator.connect()
    assert ok
    assert json.loads(await communicator.receive_from(timeout=3))["seat"] == 0
    await communicator.disconnect()


async def test_with_redis_each_seat_gets_its_own_view(stub, settings):
    from tests.services import require

    require("redis")
    settings.CHANNEL_LAYERS = redis_layers("sarco-test-seats")
    table, sockets = await both_seats_listening()
    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 0)
    after = [json.loads(await s.receive_from(timeout=5)) for s in sockets]
    assert [(f["seat"], f["version"]) for f in after] == [(0, 1), (1, 1)]
    for s in sockets:
        await s.disconnect()


async def test_with_redis_a_crowd_connecting_at_once_is_let_in(stub, settings):
    """Every page reconnects at once after a server restart: each socket joins its table's
    group in the same moment, more at once than redis-py's default pool of 100 allows."""
    from tests.services import require

    require("redis")
    settings.CHANNEL_LAYERS = redis_layers("sarco-test-crowd")
    settings.SARCO_SOCKETS_PER_ADDRESS = CROWD  # many pages, here from one test address
    table = await database_sync_to_async(sarg_table)()
    path = f"/ws/play/{table.public_id}/"
    crowd = [socket(path) for _ in range(CROWD)]
    answers = await asyncio.gather(*(s.connect(timeout=30) for s in crowd))
    assert all(ok for ok, _ in answers)
    frames = await asyncio.gather(*(s.receive_output(timeout=30) for s in crowd))
    assert all(frame["type"] == "websocket.send" for frame in frames)
    await asyncio.gather(*(s.disconnect() for s in crowd))


async def test_sockets_forward_the_parts_the_moves_message_carried(monkeypatch):
    """Another process's move: its message brings the shared parts, none is drawn here."""
    from channels.layers import get_channel_layer

    from games import shared_parts

    table, sockets = await both_seats_listening()
    sent = []
    monkeypatch.setattr(move_news, "_send", lambda group, message: sent.append(message))
    player, position = await database_sync_to_async(acting_user)(table)
    move = await database_sync_to_async(first_legal)(table, position)
    await database_sync_to_async(tables.play)(table, player, move, 0)
    shared_parts._recent.clear()  # as in a process that did not make the move
    rendering._recent.clear()
    message = sent[-1]
    message["parts"]["html"] = {name: f"<b>carried {name}</b>" for name in message["parts"]["html"]}
    await get_channel_layer().group_send(tables.group_name(table), message)
    for s in sockets:
        assert "<b>carried head</b>" in await s.receive_from(timeout=3)
        await s.disconnect()
