"""Numbers no person types: unicode digits, 5,000 digits, ids past SQLite's integer range,
search text of any length. Every numeric field and query parameter answers without a 500
and changes nothing."""

import pytest
from django.test import Client

from scoring import sheets
from scoring.models import Player, PlaySession, Round

from .sheet_helpers import players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db

BAD = ["²", "٣", "1²", "9" * 5000, str(2**63), str(2**64 + 1), "-1", " ", "1e3", "0x10"]


@pytest.fixture
def keeper():
    owner = user()
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    return owner, client


def state() -> tuple:
    return (
        Player.objects.count(),
        PlaySession.objects.count(),
        list(Round.objects.values_list("session_id", "number", "entry")),
        list(PlaySession.objects.values_list("version", "status")),
    )


@pytest.mark.parametrize("value", BAD)
def test_sheet_pages_and_forms(keeper, value):
    owner, client = keeper
    koph = sarkophag_sheet(owner, limit=100)
    sarg = sarg_sheet(owner)
    sheets.apply_edit(
        koph.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 0}}
    )
    before = state()
    for session in (koph, sarg):
        base = f"/scorekeeper/{session.public_id}/"
        assert client.get(base, {"round": value}).status_code < 500
        assert (
            client.get(f"{base}entry/", {"round": value}, HTTP_HX_REQUEST="true").status_code < 500
        )
        for data in (
            {"round": value, "action": "save", "seen": value},
            {"seen": value, "heads-0": value, "heads-1": "0", "heads-2": "0", "action": "save"},
            {
                "mode": "cards",
                "cards-0": [value, "3"],
                "cards-1": value,
                "action": "save",
                "seen": value,
            },
            {"pick": f"step:{value}:1"},
            {"pick": f"cell:{value}"},
            {"cursor": value, "pick": "rank:Q"},
            {"queen": value, "king": value, "mode": "typed", "action": "save", "seen": value},
        ):
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                response = client.post(f"{base}entry/", data, **headers)
                assert response.status_code < 500, (data, response.status_code)
        for action in ("undo", "finish"):
            assert client.post(f"{base}{action}/", {"seen": value}).status_code < 500
    # the valid parts of these posts may have saved a round; the bad numbers never did
    for entry in Round.objects.values_list("entry", flat=True):
        assert not value.strip() or value not in str(entry) or value in ("-1",)
    assert Player.objects.count() == before[0]


@pytest.mark.parametrize("value", BAD)
def test_new_sheet_and_picker(keeper, value):
    _owner, client = keeper
    anna, ben, clara = players("Anna", "Ben", "Clara")
    before = state()
    for game in ("sarkophag", "sarg"):
        for data in (
            {"players": [value, anna.pk], "q": value},
            {"players": [anna.pk, ben.pk, clara.pk], "limit": value, "action": "start"},
            {"players": [value], "action": "start"},
        ):
            assert client.get(f"/scorekeeper/new/{game}/players/", data).status_code < 500
            assert client.post(f"/scorekeeper/new/{game}/", data).status_code < 500
    if value.strip():  # a blank limit is no limit: that sheet may start
        assert state() == before
    assert client.get("/scorekeeper/results/", {"page": value, "game": value}).status_code < 500
    assert client.get("/scorekeeper/", {"page": value}).status_code < 500


def test_a_limit_past_the_bound_is_refused_on_the_form(keeper):
    _owner, client = keeper
    anna, ben, clara = players("Anna", "Ben", "Clara")
    data = {"players": [anna.pk, ben.pk, clara.pk], "limit": "99999", "action": "start"}
    response = client.post("/scorekeeper/new/sarkophag/", data)
    assert response.status_code == 200 and not PlaySession.objects.exists()


@pytest.mark.parametrize("length", [41, 1000, 100_000])
def test_search_text_of_any_length(keeper, length):
    _owner, client = keeper
    players("Anna")
    response = client.get("/scorekeeper/new/sarg/players/", {"q": "A" * length})
    assert response.status_code == 200
