"""A move's news finds every socket of the table in this process with its frame drawn."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.utils import translation

from games import local_viewers, rendering, tables
from games.engines import GAME_NAMES, get_engine
from games.models import Table
from games.routing import websocket_urlpatterns
from sarco.languages import LanguageMiddleware
from tests.sockets import WebsocketCommunicator

from .helpers import first_legal, user, user_at
from .test_socket_moves import frame

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]

router = URLRouter(websocket_urlpatterns)
in_their_language = LanguageMiddleware(router)  # as sarco.asgi serves the sockets


def people_table(game: str) -> Table:
    host = user()
    seats = get_engine(game).min_players
    table = tables.open_table(game, host, seats=seats)
    for _ in range(1, seats):
        tables.take_seat(table, user())
    return tables.start(Table.objects.get(pk=table.pk), host)


async def connected(table, person, language) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        in_their_language,
        f"/ws/play/{table.public_id}/",
        headers=[(b"accept-language", language.encode())],
    )
    communicator.scope["user"] = person
    ok, _ = await communicator.connect()
    assert ok
    await communicator.receive_from(timeout=3)  # the table as it stands
    return communicator


def fresh_fragments(public_id, person, language) -> str:
    table = Table.objects.with_seats().get(public_id=public_id)
    rendering._recent.clear()
    with translation.override(language):
        return rendering.table_fragments(table, rendering.viewer_seat(table, person), user=person)


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_every_other_socket_sends_its_frame_drawn_ahead(game, drawn_on):
    table = await database_sync_to_async(people_table)(game)
    seats = len(table.seat_list)
    people = [await database_sync_to_async(user_at)(table, p) for p in range(seats)]
    watchers = [await database_sync_to_async(user)() for _ in range(2)]
    viewers = [(person, "en") for person in people] + [(watchers[0], "en"), (watchers[1], "de")]
    sockets = [await connected(table, person, language) for person, language in viewers]
    mover = table.to_act[0]
    move = await database_sync_to_async(first_legal)(table, mover)
    drawn_on.clear()

    await sockets[mover].send_to(text_data=frame(table.version, move))
    received = [await s.receive_from(timeout=3) for s in sockets]

    assert [seat for seat, _ in drawn_on] == [mover]  # the mover's answer; no other drew
    for (person, language), html in zip(viewers, received, strict=True):
        expected = await database_sync_to_async(fresh_fragments)(table.public_id, person, language)
        assert html == expected
    for s in sockets:
        assert await s.receive_nothing(timeout=0.2)  # each page drawn once
    for s in sockets:
        await s.disconnect()
    assert local_viewers.held(table.public_id.hex) == ()


async def test_a_socket_without_a_language_draws_its_own(drawn_on):
    table = await database_sync_to_async(people_table)("sarg")
    people = [await database_sync_to_async(user_at)(table, p) for p in range(2)]
    sockets = []
    for person in people:
        communicator = WebsocketCommunicator(router, f"/ws/play/{table.public_id}/")
        communicator.scope["user"] = person
        assert (await communicator.connect())[0]
        await communicator.receive_from(timeout=3)
        sockets.append(communicator)
    mover = table.to_act[0]
    move = await database_sync_to_async(first_legal)(table, mover)
    drawn_on.clear()

    await sockets[mover].send_to(text_data=frame(table.version, move))
    for s in sockets:
        await s.receive_from(timeout=3)
    assert sorted(seat for seat, _ in drawn_on) == [0, 1]
    for s in sockets:
        await s.disconnect()


class FakeViewer:
    def __init__(self, person, language, last_key):
        self.scope = {"user": person, "language": language}
        self.last_key = last_key


@pytest.mark.django_db
def test_a_crowd_with_the_same_view_is_drawn_for_once(monkeypatch):
    table = people_table("sarg")
    crowd = [user() for _ in range(20)]
    with translation.override("en"):
        english = rendering.fragments_key(table, None, crowd[0])
    with translation.override("de"):
        german = rendering.fragments_key(table, None, crowd[0])
    viewers = [FakeViewer(p, "en", english) for p in crowd] + [FakeViewer(crowd[0], "de", german)]
    for viewer in viewers:
        local_viewers.add(table.public_id.hex, viewer)
    drawn = []
    monkeypatch.setattr(
        rendering,
        "table_fragments",
        lambda table, seat, *, user, state=None: drawn.append((seat, user)),
    )
    try:
        local_viewers.draw_ahead(table)
    finally:
        for viewer in viewers:
            local_viewers.discard(table.public_id.hex, viewer)
    assert drawn == [(None, crowd[0]), (None, crowd[0])]  # once in English, once in German
