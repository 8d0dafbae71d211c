"""Hostile and malformed requests to the scorekeeper: a clear answer, never a 500 page."""

import json

import pytest
from django.test import Client

from scoring import sheets

from .sheet_helpers import players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db

GARBAGE = [
    {},
    {"pick": "nonsense"},
    {"pick": "step:99:1"},
    {"pick": "step:a:b"},
    {"pick": "mode:weird"},
    {"pick": "rank:Z"},
    {"pick": "suit:Q"},
    {"pick": "cell:77"},
    {"heads-0": "x", "action": "save"},
    {"action": "save", "heads-0": "-5", "heads-1": "1e9", "heads-2": ""},
    {"action": "save", "round": "abc"},
    {"action": "save", "round": "99"},
    {"action": "save", "seen": "-1"},
    {"action": "undo", "seen": "zz"},
    {"action": "finish"},
    {"cell-0": "ZZ", "action": "save"},
    {"held-0": "7-sun", "sarc-1": "junk", "discard-0": "x", "action": "save"},
    {"trophies-0": "ZZ", "sacrificed-1": "KH#x", "action": "save"},
]


def sheets_of_every_game(owner):
    return [
        sarg_sheet(owner),
        sarkophag_sheet(owner, limit=50),
        sheets.create_session("sarcophagus", owner, players("Ron", "Amy")),
        sheets.create_session("sacrifice", owner, players("Anna", "Ben")),
    ]


# Only the owner's posts reach the sheet's own code (the others are turned away at the door,
# alike on any database): the PostgreSQL pass repeats the owner's grid alone.
@pytest.mark.parametrize(
    "who",
    [
        pytest.param("anonymous", marks=pytest.mark.any_database),
        pytest.param("stranger", marks=pytest.mark.any_database),
        "owner",
    ],
)
def test_garbage_posted_to_every_sheet_endpoint_never_breaks_the_page(who):
    owner = user()
    client = Client(raise_request_exception=False)
    if who != "anonymous":
        client.force_login(owner if who == "owner" else user("stranger"))
    for session in sheets_of_every_game(owner):
        base = f"/scorekeeper/{session.public_id}/"
        for path in (base, f"{base}entry/", f"{base}undo/", f"{base}finish/"):
            for data in GARBAGE:
                for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                    status = client.post(path, data, **headers).status_code
                    assert status < 500, (session.game, path, data, status)
            assert client.get(path).status_code < 500, path


def test_bad_new_sheet_and_import_requests_are_answered(client):
    client.force_login(user())
    for path in ("/scorekeeper/new/chess/", "/scorekeeper/results/?game=zzz"):
        assert client.get(path).status_code < 500, path
    for data in [{}, {"players": "abc"}, {"players": ["999999"]}, {"guest": "x" * 500}]:
        for game in ("sarkophag", "sarg", "sarcophagus", "sacrifice"):
            assert client.post(f"/scorekeeper/new/{game}/", data).status_code < 500, data
    bad_sheet = {"game": "sarg", "players": ["A", "B"], "roles": {"queen": "A", "king": "B"}}
    for body in ["{", "[]", json.dumps({"game": "sarg"}), json.dumps(bad_sheet | {"rounds": 3})]:
        assert client.post("/scorekeeper/import/", {"json": body}).status_code < 500, body
