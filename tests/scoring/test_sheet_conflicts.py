"""Two devices on one sheet: a save is checked against the sheet as its form was opened."""

import re

import pytest
from django.test import Client

from scoring import sheets

from .sheet_helpers import sarkophag_sheet, user

pytestmark = pytest.mark.django_db(transaction=True)


def device(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def seen_in(body: str) -> str:
    return re.search(r'name="seen" value="(\d+)"', body).group(1)


def edit_round_1(client, url, seen, anna, action=None):
    data = {"mode": "heads", "round": "1", "seen": seen}
    data.update({"heads-0": str(anna), "heads-1": "0", "heads-2": str(20 - anna)})
    if action:
        data["action"] = action
    return client.post(url, data, HTTP_HX_REQUEST="true").content.decode()


def test_the_second_device_s_change_of_a_round_is_refused_and_the_first_stays():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 19}}
    )
    url = f"/scorekeeper/{session.public_id}/entry/"
    a, b = device(owner), device(owner)
    seen_a = seen_in(a.get(url, {"round": 1}, HTTP_HX_REQUEST="true").content.decode())
    seen_b = seen_in(b.get(url, {"round": 1}, HTTP_HX_REQUEST="true").content.decode())

    assert "Round 1 changed." in edit_round_1(a, url, seen_a, 5, "save")
    tapped = edit_round_1(b, url, seen_b, 7)  # a live recompute after A's save...
    assert seen_in(tapped) == seen_b  # ...keeps the version B's form was opened at
    refused = edit_round_1(b, url, seen_in(tapped), 7, "save")

    assert "Round 1 was changed on another device; here it is now." in refused
    assert 'id="heads-0"' in refused and re.search(r'id="heads-0"[^>]*value="5"', refused)
    assert session.rounds.get().named_entry()["heads"]["Anna"] == 5


def test_after_the_refusal_the_form_saves_on_top_of_the_other_change():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 19}}
    )
    url = f"/scorekeeper/{session.public_id}/entry/"
    a, b = device(owner), device(owner)
    seen_a = seen_in(a.get(url, {"round": 1}, HTTP_HX_REQUEST="true").content.decode())
    edit_round_1(a, url, seen_a, 5, "save")
    refused = edit_round_1(b, url, seen_a, 7, "save")
    assert "Round 1 changed." in edit_round_1(b, url, seen_in(refused), 7, "save")
    assert session.rounds.get().named_entry()["heads"]["Anna"] == 7
