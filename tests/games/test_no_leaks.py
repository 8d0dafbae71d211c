"""Hidden cards never leave the server: random games, every fragment, page and socket message
scanned for a card, tile or coin (data-card/-tile/-coin: docs/contracts/tables-api.md) that the
viewer's ``engine.view`` does not hold; the parts drawn once for every viewer
(``games.shared_parts``) for one the spectator's view does not hold."""

import json
import random
import re

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.core.cache import cache
from django.db import connections
from django.test import Client
from django.urls import reverse

from games import rendering, tables
from games.botrunner import bot_turn
from games.engines import get_engine
from games.labels import seat_names
from games.models import Table
from games.routing import websocket_urlpatterns
from games.shared_parts import shared_parts
from tests.sockets import WebsocketCommunicator

from .helpers import bot_table, sarg_table, user, user_at


@pytest.fixture(autouse=True)
def fresh_cache():
    """Spectator fragments are cached by table pk and version; test databases reuse pks."""
    cache.clear()
    yield
    cache.clear()


FACE = re.compile(r'data-(card|tile|coin)="([^"]*)"')
COIN_VALUES = ("null", "ace", "2", "3", "4", "5")  # Sarcophagus coins: data-coin="3-moon"
SCANNED_MOVES = 40  # per game; longer games are scanned every 25th move after that


def visible(view) -> set[str]:
    """Every value the view holds, as text: what markup may show."""
    found: set[str] = set()

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("value"), int) and "suit" in value:  # a coin's face
                found.add(f"{COIN_VALUES[value['value']]}-{value['suit']}")
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, str | int) and not isinstance(value, bool):
            found.add(str(value))

    walk(view)
    return found


def leaks(html: str, view) -> list[str]:
    allowed = visible(view)
    return [f"data-{kind}={value}" for kind, value in FACE.findall(html) if value not in allowed]


def scan_all_seats(table: Table) -> int:
    """Render every seat's and a spectator's fragments; the number of faces seen."""
    state = table.state()
    faces = 0
    seats = [None, *range(table.seats.count())]
    watcher = user()
    for seat in seats:
        person = watcher if seat is None else user_at(table, seat)
        html = rendering.table_fragments(table, seat, user=person)
        view = table.engine.view(state, seat)
        assert not leaks(html, view), (seat, leaks(html, view))
        faces += len(FACE.findall(html))
    spectator = table.engine.view(state, None)
    names = seat_names(list(table.seats.all()))
    for part, html in shared_parts(table, names, lambda: spectator).items():
        assert not leaks(html, spectator), (part, leaks(html, spectator))  # drawn for everyone
    return faces


# What a fragment shows is drawn from the views, which the state alone decides, whatever
# database kept it: the PostgreSQL pass repeats the game over HTTP and sockets below (the
# move path on that database) and leaves these four out.
@pytest.mark.any_database
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "seats", "seed"),
    [("sarg", 2, 1), ("sarkophag", 4, 2), ("sarcophagus", 3, 3), ("sacrifice", 2, 4)],
)
def test_random_games_show_each_seat_only_its_view(game, seats, seed):
    host = user()
    table = tables.open_table(game, host, seats=seats)
    for _ in range(1, seats):
        tables.take_seat(table, user())
    table = tables.start(table, host)
    rng = random.Random(seed)
    faces = 0
    for number in range(5000):
        table = Table.objects.with_seats().get(pk=table.pk)
        if number < SCANNED_MOVES or number % 25 == 0 or table.status != "playing":
            faces += scan_all_seats(table)
        if table.status != "playing":
            break
        position = table.to_act[0]
        move = rng.choice(table.engine.legal_moves(table.state(), position))
        tables.play(table, user_at(table, position), move, table.version)
    assert table.status == "finished"
    if game == "sarg":
        assert faces > 0  # the Sarg board marks its cards: the scan saw real markup


@pytest.mark.django_db(transaction=True)
async def test_a_sarg_game_over_http_and_sockets_leaks_nothing():
    """Moves posted through play:move; every response, page and socket message scanned."""
    table = await database_sync_to_async(sarg_table)()
    people = [await database_sync_to_async(user_at)(table, p) for p in (0, 1)]
    watcher = await database_sync_to_async(user)()
    viewers = [(0, people[0]), (1, people[1]), (None, watcher)]
    router = URLRouter(websocket_urlpatterns)
    sockets = []
    for _, person in viewers:
        socket = WebsocketCommunicator(router, f"/ws/play/{table.public_id}/")
        socket.scope["user"] = person
        assert (await socket.connect())[0]
        sockets.append(socket)
    clients = []
    for _, person in viewers:
        client = Client()
        await database_sync_to_async(client.force_login)(person)
        clients.append(client)
    engine = get_engine("sarg")
    rng = random.Random(5)

    def current():
        fresh = Table.objects.with_seats().get(pk=table.pk)
        return fresh, fresh.state()

    def check(html: str, seat, state):
        found = leaks(html, engine.view(state, seat))
        assert not found, (seat, found)

    for _ in range(60):
        fresh, state = await database_sync_to_async(current)()
        for (seat, _), socket in zip(viewers, sockets, strict=True):
            check(await socket.receive_from(timeout=5), seat, state)
        for (seat, _), client in zip(viewers, clients, strict=True):
            page = await database_sync_to_async(client.get)(
                reverse("play:table", args=[table.public_id])
            )
            check(page.content.decode(), seat, state)
        if fresh.status != "playing":
            break
        position = fresh.to_act[0]
        move = rng.choice(engine.legal_moves(state, position))
        response = await database_sync_to_async(clients[position].post)(
            reverse("play:move", args=[table.public_id]),
            {"version": str(fresh.version), "move": json.dumps(move)},
        )
        assert response.status_code == 200
        _, after = await database_sync_to_async(current)()
        check(response.content.decode(), position, after)
    for socket in sockets:
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db
def test_a_game_against_bots_leaks_nothing_to_the_person():
    table = bot_table("sarkophag", 3)
    for _ in range(400):
        table = Table.objects.with_seats().get(pk=table.pk)
        html = rendering.table_fragments(table, 0, user=table.host)
        assert not leaks(html, table.engine.view(table.state(), 0))
        if table.status != "playing":
            break
        if table.bot_to_act:
            bot_turn(table.pk)
        else:
            move = table.engine.legal_moves(table.state(), 0)[0]
            tables.play(table, table.host, move, table.version)
