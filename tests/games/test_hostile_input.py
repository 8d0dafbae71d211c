"""Hostile input, for every game: hypothesis posts random bodies, versions and moves to
``play:move`` (as the player to act, another player, a spectator), among them each game's
hand-picked nasty moves, and sends random frames to the table's socket. Never a 5xx, and a
socket is closed only for abuse (``sarco.socket_limits``); a refusal says why and changes
nothing, an accepted move is applied once."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.core.cache import cache
from django.db import connections, transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from games import tables
from games.engines import GAME_NAMES, IllegalMove, get_engine
from games.models import Table
from games.routing import websocket_urlpatterns
from sarco.socket_limits import POLICY_VIOLATION
from tests.sockets import WebsocketCommunicator

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


# Hand-picked moves: digits that are digits to Python but not to JSON ("²"), numbers too big
# for a float (1e400) or too long to parse, wrong types, extra or foreign keys, JSON that is
# no object. Each game's own, then those for every game.
PICKED_MOVES = {
    "sacrifice": [
        '{"buy": "²", "spend": ["A²", "3H"]}',
        '{"buy": 1e400, "spend": []}',
        '{"sacrifice": [' + "9" * 5000 + "]}",
        '{"done": "yes"}',
        '{"done": true, "x": 1}',
        '{"sacrifice": ["AH"]}',
    ],
    "sarcophagus": [
        '{"coin": "²", "tile": [1, 0]}',
        '{"coin": 1e400, "tile": [1, 0]}',
        '{"coin": ' + "9" * 5000 + ', "tile": [1, 0]}',
        '{"coin": true, "tile": [1, 0]}',
        '{"coin": 2, "tile": [1, 0], "suit": "arms"}',
        '{"discard": "5-sun"}',
        '{"pass": true}',
        '{"pass": "yes"}',
    ],
    "sarkophag": [
        '{"card": "²"}',
        '{"card": 1e400}',
        '{"card": ' + "9" * 5000 + "}",
        '{"card": true}',
        '{"card": 22, "x": 1}',
    ],
}
PICKED_FOR_EVERY_GAME = ["[]", "null"]

# Whole numbers of any size where the game's moves take one.
NUMBER_MOVES = {
    "sacrifice": st.integers().map(lambda n: json.dumps({"play": n})),
    "sarcophagus": st.tuples(st.integers(), st.integers(), st.integers()).map(
        lambda t: json.dumps({"coin": t[0], "tile": [t[1], t[2]]})
    ),
    "sarkophag": st.integers().map(lambda n: json.dumps({"card": n})),
}


def picked_moves(game: str) -> list[str]:
    return PICKED_MOVES.get(game, []) + PICKED_FOR_EVERY_GAME


def game_moves(game: str):
    """The game's hand-picked moves and its moves with numbers of any size."""
    return st.sampled_from(picked_moves(game)) | NUMBER_MOVES.get(game, st.nothing())


@st.composite
def hostile_moves(draw, legal: list[dict], game: str):
    """Legal moves bent out of shape, random objects with the game's keys, JSON that is no
    object, text that is no JSON, the game's own hand-picked moves."""
    keys = sorted({key for move in legal for key in move}) or ["x"]
    bent = draw(st.sampled_from(legal)).copy() if legal else {}
    choice = draw(st.integers(0, 5))
    if choice == 0 and bent:
        bent[draw(st.sampled_from(sorted(bent)))] = draw(JSON_VALUES)
    elif choice == 1 and bent:
        del bent[draw(st.sampled_from(sorted(bent)))]
    elif choice == 2:
        bent[draw(st.sampled_from(keys) | st.text(max_size=6))] = draw(JSON_VALUES)
    elif choice == 3:
        return draw(JSON_VALUES.map(json.dumps))
    elif choice == 4:
        return draw(st.text(max_size=80))
    else:
        return draw(game_moves(game))
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
        engine, state = self.table.engine, self.table.state()
        legal = engine.legal_moves(state, who)
        if parsed in legal:
            return True
        # A move may stand for a listed one (a two-player Sarcophagus coin without its suit,
        # P8): it is legal when it does exactly what one of them does.
        try:
            after = engine.to_json(engine.apply(state, who, parsed))
        except (IllegalMove, TypeError):
            return False
        return any(engine.to_json(engine.apply(state, who, move)) == after for move in legal)

    def post(self, who: int, version: str, move: str):
        """Post the move as person ``who`` and check the answer: 200, 400, 409 or 422 (403 too
        for someone with no seat to act); refused, a message and nothing changed; accepted,
        only a legal move on the current version, applied exactly once."""
        self.client.force_login(self.people[who])
        before = snapshot(self.table)
        url = reverse("play:move", args=[self.table.public_id])
        response = self.client.post(url, {"version": version, "move": move})
        allowed = {200, 400, 409, 422} | ({403} if who not in self.table.to_act else set())
        assert response.status_code in allowed, (response.status_code, move)
        if response.status_code == 200:
            assert self.legit(who, version, move), move
            after = snapshot(self.table)
            assert (after[0], after[4]) == (before[0] + 1, before[4] + 1)  # version, moves
        else:
            assert response.content.strip(), move  # a message a person reads
            assert snapshot(self.table) == before

    @settings(
        max_examples=15,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
    )
    @given(data=st.data())
    def test_hostile_moves_change_nothing(self, data):
        who = data.draw(st.integers(0, len(self.people) - 1), label="poster")
        version = data.draw(
            st.one_of(
                st.integers(-5, 5).map(lambda d: str(self.table.version + d)),
                st.text(max_size=12),
                st.sampled_from(["²", "9" * 5000]),
            ),
            label="version",
        )
        move = data.draw(hostile_moves(self.legal, self.game), label="move")
        self.post(who, version, move)

    def test_hand_picked_moves_from_the_seat_to_act(self):
        """Every hand-picked move, once each, on the current version: the seat to act is the
        one poster whose moves get past the version and turn checks to the engine."""
        who = self.table.to_act[0]
        for move in picked_moves(self.game):
            with transaction.atomic():
                self.post(who, str(self.table.version), move)
                transaction.set_rollback(True)  # an accepted one too: each starts afresh
            cache.clear()  # the login's session went back with the database; the cache follows

    def test_legal_moves_less_a_field_are_refused_or_do_what_a_legal_move_does(self):
        """The first legal moves with one field left out each, on the current version, by the
        seat to act: refused, or applied as the legal move they stand for (a two-player
        Sarcophagus coin without its suit, P8)."""
        who = self.table.to_act[0]
        for legal in self.legal[:3]:
            for field in legal:
                bent = {key: value for key, value in legal.items() if key != field}
                with transaction.atomic():
                    self.post(who, str(self.table.version), json.dumps(bent))
                    transaction.set_rollback(True)
                cache.clear()

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
def test_random_frames_to_the_table_socket_change_nothing(game):
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
        for output in outputs:  # a resync's fragments or a refusal; closed only for abuse
            if output["type"] == "websocket.close":
                assert output["code"] == POLICY_VIOLATION, output
                continue
            assert output["type"] == "websocket.send", output
            assert 'data-version="' in output["text"] or 'id="move-error"' in output["text"]
        assert snapshot(table) == before

    frames_change_nothing()
