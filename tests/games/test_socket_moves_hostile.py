"""Hostile frames on every game's table socket: hypothesis sends bad JSON, wrong types, huge
fields, stale versions and other seats' moves. Never a closed socket, never a logged error,
never a change to the table; every frame that is not a resync is answered with a refusal."""

import json
import logging

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import rendering, tables
from games.engines import get_engine
from games.models import Table
from games.routing import websocket_urlpatterns
from tests.sockets import WebsocketCommunicator

from .helpers import user, user_at
from .test_tables import snapshot

pytestmark = pytest.mark.django_db(transaction=True)
router = URLRouter(websocket_urlpatterns)
GAMES = ["sarg", "sacrifice", "sarcophagus", "sarkophag"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
versions = st.one_of(
    st.none(), st.integers(), st.text(max_size=12), st.just("7"), st.just("9" * 12), st.just("²")
)


def moves(legal: list[dict]):
    return st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=40),
        st.just("x" * 2000),  # over the move's size, under the frame's
        st.builds(json.dumps, json_values),
        st.sampled_from(legal).map(json.dumps),  # the acting seat's moves, sent by another
        st.sampled_from(legal),  # a move as an object, not as JSON text
    )


def frames(legal: list[dict]):
    fields = st.fixed_dictionaries(
        {"version": versions, "move": moves(legal)},
        optional={"HEADERS": json_values, "resync": st.booleans()},
    )
    return st.one_of(
        st.text(min_size=1, max_size=200),
        st.builds(json.dumps, json_values),
        st.builds(json.dumps, fields),
    )


def people_table(game: str) -> Table:
    engine = get_engine(game)
    host = user()
    table = tables.open_table(game, host, seats=engine.min_players)
    for _ in range(engine.min_players - 1):
        tables.take_seat(table, user())
    return tables.start(table, host)


@pytest.fixture
def stub(monkeypatch, settings):
    settings.SARCO_SOCKET_FRAMES_PER_SECOND = 10_000  # the limits are tested elsewhere
    settings.SARCO_SOCKET_FRAME_BURST = 10_000

    def table_fragments(table, seat, *, user=None, board=True, key=None):
        return f"v{table.version}"

    monkeypatch.setattr(rendering, "table_fragments", table_fragments)


async def exchange(table: Table, person, sent: list[str]) -> list[dict]:
    socket = WebsocketCommunicator(router, f"/ws/play/{table.public_id}/")
    socket.scope["user"] = person
    ok, _ = await socket.connect()
    assert ok
    answers = [await socket.receive_output(timeout=3)]
    resyncs = 0  # frames that may be a resync: each answered with the board, or not at all
    for text in sent:
        await socket.send_to(text_data=text)
        if "resync" in text[:200]:
            resyncs += 1
            continue
        answer = await socket.receive_output(timeout=3)
        while resyncs and answer.get("text", "").startswith("v"):
            resyncs -= 1  # a resync's board, not this frame's answer
            answer = await socket.receive_output(timeout=3)
        answers.append(answer)
    await socket.disconnect()
    return answers


@pytest.mark.parametrize("game", GAMES)
def test_hostile_frames_never_close_log_or_change(game, stub, caplog):
    table = people_table(game)
    acting = set(table.to_act)
    others = [user_at(table, p) for p in range(len(table.seats.all())) if p not in acting]
    senders = [*others, user(), None]  # a seat that may not act, a spectator, signed out
    legal = table.engine.legal_moves(table.state(), sorted(acting)[0])

    @settings(
        max_examples=15,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.sampled_from(senders), st.lists(frames(legal), min_size=1, max_size=4))
    def send(person, sent):
        before = snapshot(table)
        with caplog.at_level(logging.WARNING):
            answers = async_to_sync(exchange)(table, person, sent)
        assert all(a["type"] == "websocket.send" for a in answers), answers
        assert all('data-refusal="' in a["text"] for a in answers[1:]), answers
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert snapshot(table) == before

    send()


def test_the_acting_seat_with_a_stale_version_changes_nothing(stub):
    table = people_table("sarg")
    position = table.to_act[0]
    move = json.dumps(table.engine.legal_moves(table.state(), position)[0])
    before = snapshot(table)
    sent = [json.dumps({"version": v, "move": move}) for v in ("7", "00000001", "1")]
    answers = async_to_sync(exchange)(table, user_at(table, position), sent)
    assert all('data-refusal="stale"' in a["text"] for a in answers[1:])
    assert snapshot(table) == before
