"""Hostile input, for every game: hypothesis posts random bodies, versions and moves to
``play:move`` (as the player to act, another player, a spectator) and sends random frames to
the table's socket. Never a 5xx, never a closed socket, and nothing changes."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.urls import reverse
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from games import tables
from games.engines import GAME_NAMES, get_engine
from games.models import Table
from games.routing import websocket_urlpatterns

from .helpers import user, user_at
from .test_tables import snapshot

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=10,
)


def started_table(game: str) -> Table:
    """A started table of ``game`` with a person at every seat."""
    engine = get_engine(game)
    host = user()
    table = tables.open_table(game, host, seats=engine.min_players)
    for _ in range(1, engine.min_players):
        tables.take_seat(table, user())
    return tables.start(table, host)


def moves_of(table: Table) -> list[dict]:
    state = table.state()
    return [m for seat in table.to_act for m in table.engine.legal_moves(state, seat)]


@st.composite
def hostile_moves(draw, legal: list[dict]):
    """Legal moves bent out of shape, random objects with the game's keys, JSON that is no
    object, text that is no JSON."""
    keys = sorted({key for move in legal for key in move}) or ["x"]
    bent = draw(st.sampled_from(legal)).copy() if legal else {}
    choice = draw(st.integers(0, 4))
    if choice == 0 and bent:
        bent[draw(st.sampled_from(sorted(bent)))] = draw(JSON_VALUES)
    elif choice == 1 and bent:
        del bent[draw(st.sampled_from(sorted(bent)))]
    elif choice == 2:
        bent[draw(st.sampled_from(keys) | st.text(max_size=6))] = draw(JSON_VALUES)
    elif choice == 3:
        return draw(JSON_VALUES.map(json.dumps))
    else:
        return draw(st.text(max_size=80))
    return json.dumps(bent)


class HostilePosts:
    """Mixed into one TestCase per game (``game``)."""

    game = ""

    @classmethod
    def setUpTestData(cls):
        cls.table = started_table(cls.game)
        cls.legal = moves_of(cls.table)
        cls.people = [user_at(cls.table, p) for p in range(cls.table.seats.count())]
        cls.people.append(user())  # a spectator

    def legit(self, who: int, version: str, move: str) -> bool:
        """The one thing that may change the table: its current version and a legal move of
        a seat to act, posted by that seat's player."""
        try:
            parsed = json.loads(move)
        except (ValueError, RecursionError):
            return False
        if version != str(self.table.version) or who not in self.table.to_act:
            return False
        engine = self.table.engine
        return parsed in engine.legal_moves(self.table.state(), who)

    @settings(
        max_examples=15,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
    )
    @given(data=st.data())
    def test_hostile_moves_change_nothing(self, data):
        who = data.draw(st.integers(0, len(self.people) - 1), label="poster")
        version = data.draw(
            st.one_of(
                st.integers(-3, 3).map(lambda d: str(self.table.version + d)),
                st.text(max_size=12),
            ),
            label="version",
        )
        move = data.draw(hostile_moves(self.legal), label="move")
        assume(not self.legit(who, version, move))
        self.client.force_login(self.people[who])
        before = snapshot(self.table)
        url = reverse("play:move", args=[self.table.public_id])
        response = self.client.post(url, {"version": version, "move": move})
        assert 400 <= response.status_code < 500, (response.status_code, move)
        assert response.content  # a message a person reads
        assert snapshot(self.table) == before

    @settings(
        max_examples=8,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
    )
    @given(
        body=st.binary(max_size=600),
        content_type=st.sampled_from(
            [
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=xyz",
                "application/json",
                "text/plain",
                "",
            ]
        ),
    )
    def test_random_bodies_change_nothing(self, body, content_type):
        self.client.force_login(self.people[self.table.to_act[0]])
        before = snapshot(self.table)
        url = reverse("play:move", args=[self.table.public_id])
        response = self.client.generic("POST", url, body, content_type=content_type)
        assert response.status_code < 500
        if response.status_code == 200:  # a body that happened to spell a legal move
            return
        assert snapshot(self.table) == before


def _cases():
    for game in GAME_NAMES:
        name = f"TestHostilePosts_{game}"
        globals()[name] = type(name, (HostilePosts, HypothesisTestCase), {"game": game})


_cases()


# --- the socket ---------------------------------------------------------------------------------

FRAMES = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300),
    st.sampled_from(["resync", "resync" * 60, '{"resync": true}', "", "\x00", "🂡" * 100]),
    JSON_VALUES.map(json.dumps),
    st.builds(
        lambda v, m: json.dumps({"version": v, "move": m, "type": "table.version", "force": True}),
        st.integers(),
        JSON_VALUES,
    ),
)


async def _send_frames(table: Table, person, frames: list[str | bytes]) -> list[dict]:
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/play/{table.public_id}/")
    socket.scope["user"] = person
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_output(timeout=5)
    assert first["type"] == "websocket.send"
    for frame in frames:  # empty frames too, which the communicator's send_to refuses
        key = "bytes" if isinstance(frame, bytes) else "text"
        await socket.send_input({"type": "websocket.receive", key: frame})
    outputs = []
    while not await socket.receive_nothing(timeout=0.1):
        outputs.append(await socket.receive_output(timeout=1))
    await socket.disconnect()
    await database_sync_to_async(connections.close_all)()
    return outputs


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.django_db(transaction=True)
def test_random_frames_to_the_table_socket_change_nothing_and_close_nothing(game):
    table = started_table(game)
    people = [user_at(table, p) for p in range(table.seats.count())] + [user(), None]

    @settings(
        max_examples=6,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(who=st.integers(0, len(people) - 1), frames=st.lists(FRAMES, max_size=8))
    def frames_change_nothing(who, frames):
        before = snapshot(table)
        outputs = async_to_sync(_send_frames)(table, people[who], frames)
        for output in outputs:  # at most a resync's fragments: never a close
            assert output["type"] == "websocket.send", output
            assert 'data-version="' in output["text"]
        assert snapshot(table) == before

    frames_change_nothing()
