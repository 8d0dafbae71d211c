"""Moves sent on the table's socket, as htmx's ws-send sends a move's form."""

import json
import logging

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from games import rendering
from games.routing import websocket_urlpatterns
from tests.sockets import WebsocketCommunicator

from .helpers import acting_user, first_legal, sarg_table, user, user_at
from .test_tables import snapshot

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]

router = URLRouter(websocket_urlpatterns)


@pytest.fixture
def stub(monkeypatch):
    """Fragments that say whose view they were rendered from, at which version."""

    def table_fragments(table, seat, *, user=None, board=True, key=None):
        return json.dumps({"seat": seat, "version": table.version})

    monkeypatch.setattr(rendering, "table_fragments", table_fragments)


async def connected(table, person=None) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(router, f"/ws/play/{table.public_id}/")
    if person is not None:
        communicator.scope["user"] = person
    ok, _ = await communicator.connect()
    assert ok
    await communicator.receive_from(timeout=3)  # the table as it stands
    return communicator


def frame(version, move) -> str:
    """What ws-send sends for a move's form: its fields as strings, and htmx's headers."""
    move = move if isinstance(move, str) else json.dumps(move)
    return json.dumps({"version": str(version), "move": move, "HEADERS": {"HX-Request": "true"}})


def split(message: str) -> tuple[str | None, dict]:
    """(the refusal's reason or None, the fragments the stub rendered)."""
    if message.startswith("<p"):
        head, _, rest = message.partition("</p>")
        assert 'id="move-error"' in head and 'role="alert"' in head
        return head.split('data-refusal="')[1].split('"')[0], json.loads(rest)
    return None, json.loads(message)


async def setup():
    table = await database_sync_to_async(sarg_table)()
    player, position = await database_sync_to_async(acting_user)(table)
    other = await database_sync_to_async(user_at)(table, 1 - position)
    move = await database_sync_to_async(first_legal)(table, position)
    return table, player, other, move


async def test_an_applied_move_reaches_every_socket_once(stub):
    table, player, other, move = await setup()
    watcher = await database_sync_to_async(user)()
    sockets = [await connected(table, p) for p in (player, other, watcher)]
    await sockets[0].send_to(text_data=frame(0, move))
    after = [split(await s.receive_from(timeout=3)) for s in sockets]
    assert [(reason, f["version"]) for reason, f in after] == [(None, 1)] * 3
    for s in sockets:
        assert await s.receive_nothing(timeout=0.3)  # the sender's page drawn once
        await s.disconnect()
    assert (await database_sync_to_async(snapshot)(table))[0] == 1


async def refused(table, sender_person, text, others=()) -> tuple[str | None, dict]:
    before = await database_sync_to_async(snapshot)(table)
    sender = await connected(table, sender_person)
    listeners = [await connected(table, p) for p in others]
    await sender.send_to(text_data=text)
    answer = split(await sender.receive_from(timeout=3))
    for s in listeners:
        assert await s.receive_nothing(timeout=0.3)  # only the sender is answered
        await s.disconnect()
    assert await sender.receive_nothing(timeout=0.1)
    await sender.disconnect()
    assert await database_sync_to_async(snapshot)(table) == before
    return answer


async def test_a_stale_move_is_refused_to_the_sender_with_the_table_now(stub):
    table, player, other, move = await setup()
    reason, fragments = await refused(table, player, frame(5, move), others=[other])
    assert reason == "stale" and fragments["version"] == 0


async def test_another_seats_move_is_forbidden(stub):
    table, player, other, move = await setup()
    reason, fragments = await refused(table, other, frame(0, move), others=[player])
    assert reason == "forbidden" and fragments["seat"] is not None


async def test_an_illegal_move_is_refused(stub):
    table, player, other, _ = await setup()
    reason, _ = await refused(table, player, frame(0, {"card": "nonsense"}), others=[other])
    assert reason == "illegal"


async def test_a_signed_out_sender_is_forbidden(stub):
    table, _, other, move = await setup()
    reason, fragments = await refused(table, None, frame(0, move), others=[other])
    assert reason == "forbidden" and fragments["seat"] is None


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '"a string"',
        "{}",
        '{"version": 0, "move": {}}',
        '{"version": "0", "move": "[]"}',
        '{"version": "²", "move": "{}"}',
        '{"version": "0", "move": "' + "[" * 900 + '"}',
        '{"version": "0", "move": "{\\"a\\": \\"' + "x" * 2000 + '\\"}"}',
        '{"version": "1' + "0" * 50 + '", "move": "{}"}',
        '{"version": null, "move": null}',
    ],
)
async def test_a_frame_that_is_not_a_move_is_refused_without_closing(stub, caplog, text):
    table, player, other, _ = await setup()
    with caplog.at_level(logging.WARNING):
        reason, fragments = await refused(table, player, text, others=[other])
    assert reason == "illegal" and fragments["version"] == 0
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_resync_still_answers_with_the_table(stub):
    table, player, _, _ = await setup()
    position = table.to_act[0]
    sender = await connected(table, player)
    await sender.send_to(text_data='{"resync": true}')
    assert split(await sender.receive_from(timeout=3)) == (None, {"seat": position, "version": 0})
    await sender.disconnect()
