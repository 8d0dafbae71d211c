"""Random hostile values posted to every scorekeeper endpoint, as anonymous, a stranger and
the sheet's owner: never a 5xx, and a refused request (or any GET) changes nothing.

The endpoints are read from scoring/urls.py (every route, so a new one is covered the day it
is added) plus the account pages of sarco/urls.py. The values are what hostile clients send:
unicode digits, 5,000-digit numbers, ids past SQLite's integer range, empty strings, lists,
NUL, very long text and broken or hostile sheet JSON.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import sheets
from scoring.models import Player, PlaySession, Round, Seat
from scoring.urls import urlpatterns as scorekeeper_routes
from tests.rows import rows
from tests.visitors import Visitors

from .sheet_helpers import SQUARE, players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db
GAMES = ("sarkophag", "sarg", "sarcophagus", "sacrifice")
ACCOUNT_PAGES = ("signup", "login", "logout")

NUMBERISH = st.sampled_from(
    ["²", "٣", "１２", "9" * 5000, str(2**63), str(2**64 + 1), "-1", "0", "1", "2", "3", "1e9"]
)
LONG = st.sampled_from(["x" * 10_000, "Ä" * 2_000, "1" * 100_000])
HOSTILE_JSON = st.sampled_from(
    [
        "{",
        "[]",
        "[" * 10_000,
        '{"game": "sarg", "players": ["\\ud800", "B"]}',
        '{"game": "sacrifice", "players": ["A\\u0000", "B"]}',
        '{"game": "sarkophag", "players": ["a", "b", "c"], "limit": ' + "9" * 5000 + "}",
        json.dumps({"game": "sarg", "players": [1, 2], "roles": [1]}),
        json.dumps({"game": "sacrifice", "players": ["cards", "king"], "x" * 500: 1}),
        json.dumps({"game": "sacrifice", "players": ["Anna", "Ben"], "trophies": {"Anna": ["kh"]}}),
    ]
)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
).map(json.dumps)
VALUE = st.one_of(NUMBERISH, st.text(max_size=20), LONG, HOSTILE_JSON, JSONISH, st.just(""))
FIELDS = [
    "round", "seen", "adding", "limit", "players", "guests", "new_guest", "q", "swap", "shown",
    "pick", "action", "mode", "cursor", "rank", "queen", "king", "json", "page", "game", "next",
    "username", "password", "password1", "password2", "display_name", "confirm", "seat",
    *(f"{kind}-{n}" for kind in ("heads", "cards", "cell", "held", "sarc", "discard",
                                  "trophies", "sacrificed") for n in (0, 1, 2, 7)),
]  # fmt: skip
DATA = st.dictionaries(
    st.sampled_from(FIELDS), st.one_of(VALUE, st.lists(VALUE, max_size=3)), max_size=6
)
ACTION = st.sampled_from(["save", "start", "undo", "finish", "delete", ""])


def routes() -> list[tuple[str, str]]:
    """(url name, its kind) for every scorekeeper route and the account pages."""
    found = [(route.name, str(route.pattern)) for route in scorekeeper_routes]
    return found + [(name, "") for name in ACCOUNT_PAGES]


ROUTES = routes()


def url_of(name: str, pattern: str, world: dict, game: str) -> str:
    if "<uuid:public_id>" in pattern:
        return reverse(name, kwargs={"public_id": world["sheets"][game].public_id})
    if "<slug:game>" in pattern and "<int:seats>" in pattern:
        return reverse(name, kwargs={"game": game, "seats": 3})
    if "<slug:game>" in pattern:
        return reverse(name, kwargs={"game": game})
    return reverse(name)


def snapshot() -> tuple:
    """What a refused request must not change."""
    return (
        rows(get_user_model(), "pk", "username"),
        rows(Player, "pk", "name", "name_key", "is_guest"),
        rows(PlaySession, "pk", "version", "status", "options"),
        rows(Seat, "pk", "player_id", "score", "place"),
        rows(Round, "pk", "number", "entry", "credited"),
    )


@contextmanager
def rolled_back():
    """Each example starts from the same world: its writes are undone after it."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def world(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    owner = user()
    stranger = user("stranger")
    koph = sarkophag_sheet(owner, limit=50)
    sheets.apply_edit(
        koph.public_id, owner, "add", entry={"heads": {"Anna": 3, "Ben": 1, "Clara": 0}}
    )
    sarg = sarg_sheet(owner)
    sheets.apply_edit(sarg.public_id, owner, "add", entry={"grid": SQUARE})
    return {
        "owner": owner,
        "stranger": stranger,
        "visitors": Visitors({"anonymous": None, "stranger": stranger, "owner": owner}),
        "sheets": {
            "sarkophag": koph,
            "sarg": sarg,
            "sarcophagus": sheets.create_session("sarcophagus", owner, players("Ron", "Amy")),
            "sacrifice": sheets.create_session("sacrifice", owner, players("Anna", "Ben")),
        },
    }


def check(world, who, route, game, method, data, action, htmx):
    name, pattern = route
    client = world["visitors"].client(who)
    with rolled_back():
        url = url_of(name, pattern, world, game)
        if action:
            data = {**data, "action": action}
        before = snapshot()
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        if method == "GET":
            response = client.get(url, data, **headers)
        else:
            response = client.post(url, data, **headers)
        assert response.status_code < 500, (who, method, url, data, response.status_code)
        if method == "GET" or response.status_code >= 400:
            assert snapshot() == before, (who, method, url, data, response.status_code)


HOSTILE = given(
    who=st.sampled_from(["anonymous", "stranger", "owner"]),
    route=st.sampled_from(ROUTES),
    game=st.sampled_from(GAMES),
    method=st.sampled_from(["GET", "POST"]),
    data=DATA,
    action=ACTION,
    htmx=st.booleans(),
)
FIXTURE_OK = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURE_OK)
@HOSTILE
def test_hostile_requests_to_every_endpoint(world, who, route, game, method, data, action, htmx):
    check(world, who, route, game, method, data, action, htmx)


@pytest.mark.slow
@pytest.mark.once  # the 60-example run above is repeated on PostgreSQL
@settings(max_examples=1500, deadline=None, suppress_health_check=FIXTURE_OK)
@HOSTILE
def test_many_hostile_requests_to_every_endpoint(
    world, who, route, game, method, data, action, htmx
):
    check(world, who, route, game, method, data, action, htmx)


@pytest.mark.parametrize("route", ROUTES, ids=[name for name, _ in ROUTES])
@pytest.mark.parametrize("who", ["anonymous", "stranger", "owner"])
def test_each_endpoint_takes_the_worst_values(world, route, who):
    """Every endpoint at least once with every field at its worst, whatever the draw."""
    worst = {field: ["²", "9" * 5000, str(2**64), "x" * 10_000, ""] for field in FIELDS}
    nul = dict.fromkeys(FIELDS, "a\x00b")  # a text PostgreSQL refuses to store
    for game in GAMES:
        for method in ("GET", "POST"):
            for data in (worst, nul):
                check(world, who, route, game, method, data, "save", False)
