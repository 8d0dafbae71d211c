"""Hostile input to the clocks' endpoints (read from games/urls.py by name: "+1 day", the
vacation pages, the lobby's ``?pace=`` filter and the new-table form's pace field) as
anonymous, a stranger, the mover and the opponent, and to the lobby socket's query string:
never a 5xx; a refused request changes nothing and says why (a message a person reads)."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.contrib.messages import get_messages
from django.db import connections, transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Table, TableSeat, Vacation
from games.routing import websocket_urlpatterns
from games.urls import urlpatterns as play_routes
from tests.rows import rows
from tests.sockets import WebsocketCommunicator
from tests.visitors import Visitors

from .clock_helpers import clocked_table
from .helpers import user, user_at

pytestmark = pytest.mark.django_db

DAILY = {"kind": "daily", "days": 3}
CLOCK_ROUTES = ("give_day", "vacation", "vacation_cancel", "lobby", "create")
NUMBERISH = st.sampled_from(
    ["²", "٣", "１", "9" * 5000, str(2**63), str(2**64 + 1), "-1", "0", "1", "2", "1e9", " 1"]
)
DATES = st.sampled_from(
    ["2026-02-30", "0001-01-01", "9999-12-31", "2026-13-01", "-1", "2026-1-1", "٢٠٢٦-٠١-٠١"]
)
PACES = st.sampled_from(
    ["live", "daily", "none", "live:30.0", "daily:-1", "live:0030", "daily:14 ", ":", "live:1:2",
     "daily:4", "<script>", "live&x=1", "x" * 3000, "daily:" + "9" * 5000, "\x00"]
)  # fmt: skip
VALUE = st.one_of(NUMBERISH, DATES, PACES, st.text(max_size=20), st.just(""), st.just("x" * 10_000))
FIELDS = [
    "position", "starts", "ends", "pace", "game", "sarg-pace", "sarg-seats", "sarg-seat_1",
    "version", "next",
]  # fmt: skip
DATA = st.dictionaries(
    st.sampled_from(FIELDS), st.one_of(VALUE, st.lists(VALUE, max_size=3)), max_size=5
)
WHO = ("anonymous", "stranger", "mover", "opponent")
FIXTURE_OK = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


def routes() -> list[tuple[str, str]]:
    """(url name, pattern) of the clocks' routes, as games/urls.py has them."""
    found = [(r.name, str(r.pattern)) for r in play_routes if r.name in CLOCK_ROUTES]
    assert sorted(name for name, _ in found) == sorted(CLOCK_ROUTES)
    return found


ROUTES = routes()


@pytest.fixture
def world(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table = clocked_table(DAILY)
    mover = user_at(table, table.to_act[0])
    opponent = user_at(table, 1 - table.to_act[0])
    stranger = user()
    world = {
        "table": table,
        "anonymous": None,
        "stranger": stranger,
        "mover": mover,
        "opponent": opponent,
        "vacation": Vacation.objects.create(
            user=stranger, starts=dt.date(2099, 1, 1), ends=dt.date(2099, 1, 3)
        ),
    }
    world["visitors"] = Visitors(world)  # each visitor in WHO is a key of the world
    return world


def snapshot() -> tuple:
    """What a refused request must not change."""
    return (
        rows(Table, "pk", "version", "status", "clock", "clock_due", "seat_changes"),
        rows(TableSeat, "pk", "user_id", "bot_level", "deadline", "days_given", "timeouts"),
        rows(Vacation, "pk", "user_id", "starts", "ends"),
    )


@contextmanager
def rolled_back():
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def url_of(name: str, pattern: str, world: dict, pk: str) -> str:
    if "<uuid:public_id>" in pattern:
        return reverse(f"play:{name}", args=[world["table"].public_id])
    if "<int:pk>" in pattern:
        return f"/play/vacation/{pk}/cancel/"
    return reverse(f"play:{name}")


def said_why(response) -> bool:
    """A refusal a person can read: a message on the page or the next one, a body, or the
    way to the login page (or, for the wrong method, the methods allowed)."""
    if response.status_code == 405:
        return bool(response["Allow"])
    if response.status_code in (301, 302):
        location = response["Location"]
        return "/accounts/login/" in location or any(get_messages(response.wsgi_request))
    return bool(response.content.strip())


def check(world, who, route, method, data, htmx, pk):
    name, pattern = route
    client = world["visitors"].client(who)
    with rolled_back():
        url = url_of(name, pattern, world, pk)
        before = snapshot()
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        send = client.get if method == "GET" else client.post
        response = send(url, data, **headers)
        where = (who, method, url, data, response.status_code)
        assert response.status_code < 500, where
        if method == "GET" or response.status_code >= 400:
            assert snapshot() == before, where
        if method == "POST" and snapshot() == before:
            assert said_why(response), where


PKS = st.one_of(NUMBERISH.filter(str.isdigit).filter(str.isascii), st.just("own"))


def resolve_pk(world, pk: str) -> str:
    return str(world["vacation"].pk) if pk == "own" else pk


HOSTILE = given(
    who=st.sampled_from(WHO),
    route=st.sampled_from(ROUTES),
    method=st.sampled_from(["GET", "POST"]),
    data=DATA,
    htmx=st.booleans(),
    pk=PKS,
)


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURE_OK)
@HOSTILE
def test_hostile_requests_to_the_clocks_endpoints(world, who, route, method, data, htmx, pk):
    check(world, who, route, method, data, htmx, resolve_pk(world, pk))


@pytest.mark.slow
@pytest.mark.once  # the 60-example run above is repeated on PostgreSQL
@settings(max_examples=800, deadline=None, suppress_health_check=FIXTURE_OK)
@HOSTILE
def test_many_hostile_requests_to_the_clocks_endpoints(world, who, route, method, data, htmx, pk):
    check(world, who, route, method, data, htmx, resolve_pk(world, pk))


@pytest.mark.parametrize("route", ROUTES, ids=[name for name, _ in ROUTES])
@pytest.mark.parametrize("who", WHO)
def test_each_clock_endpoint_takes_the_worst_values(world, route, who):
    worst = {field: ["²", "9" * 5000, str(2**64), "x" * 10_000, ""] for field in FIELDS}
    nul = dict.fromkeys(FIELDS, "a\x00b")  # a text PostgreSQL refuses to store
    for method in ("GET", "POST"):
        for htmx in (False, True):
            for pk in ("own", str(2**64), "0"):
                check(world, who, route, method, worst, htmx, resolve_pk(world, pk))
            check(world, who, route, method, nul, htmx, resolve_pk(world, "own"))


@pytest.mark.parametrize("position", ["", "x", "-1", "٣", "99", "1" * 50, "9" * 5000])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_day_for_a_hostile_seat_is_refused_with_a_message(world, position, htmx):
    table = world["table"]
    client = Client()
    client.force_login(world["opponent"])
    before = snapshot()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    answer = client.post(f"/play/{table.public_id}/give-day/", {"position": position}, **headers)
    assert snapshot() == before
    assert said_why(answer)


# --- the lobby socket's query string ----------------------------------------------------------

QUERY = st.one_of(
    PACES.map(lambda p: f"pace={p}"),
    st.text(max_size=60),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
    st.sampled_from(["pace=live&pace=daily", "pace", "=", "%ff%fe", "pace=%00", "&&&", "%"]),
)


async def _lobby_with(query: str) -> tuple[bool, str]:
    socket = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), "/ws/play/lobby/?" + query.replace("?", "")
    )
    socket.scope["query_string"] = query.encode("utf-8", "surrogatepass")
    socket.scope["user"] = None
    connected, _ = await socket.connect()
    text = ""
    if connected:
        output = await socket.receive_output(timeout=5)
        text = output.get("text", "")
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()
    return connected, text


@pytest.mark.django_db(transaction=True)
def test_hostile_query_strings_to_the_lobby_socket_change_nothing():
    clocked_table(DAILY)

    @settings(max_examples=25, deadline=None, suppress_health_check=FIXTURE_OK)
    @given(query=QUERY)
    def lobby_with(query):
        before = snapshot()
        connected, text = async_to_sync(_lobby_with)(query)
        assert connected, query  # an unknown pace is every table, never a refusal
        assert "<script>" not in text
        assert snapshot() == before

    lobby_with()
