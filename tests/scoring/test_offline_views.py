"""What a phone sends when the network is back: entries and sheets kept offline."""

import uuid

import pytest
from django.test import Client

from scoring import sheets, stored_sheets
from scoring.models import PlaySession

from .sheet_helpers import players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db


def phone(owner) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    return client


def token(client) -> str:
    response = client.get("/scorekeeper/csrf/")
    assert (
        response["Cache-Control"].startswith("max-age=0") or "no-store" in response["Cache-Control"]
    )
    return response.json()["token"]


def kept_round(adding: int, anna: int, key=None, seen=0) -> dict:
    return {
        "mode": "heads",
        "seen": str(seen),
        "round": "",
        "adding": str(adding),
        "heads-0": str(anna),
        "heads-1": "0",
        "heads-2": str(20 - anna),
        "key": str(key or uuid.uuid4()),
        "action": "save",
    }


def send(client, session, data):
    return client.post(
        f"/scorekeeper/{session.public_id}/sync/", data, HTTP_X_CSRFTOKEN=token(client)
    )


def test_a_kept_round_is_saved_and_answers_applied():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)

    response = send(phone(owner), session, kept_round(1, 3))

    assert response.status_code == 200
    assert response.json()["status"] == "applied"
    assert response["Cache-Control"].count("no-store") == 1
    assert session.rounds.get().named_entry()["heads"] == {"Anna": 3, "Ben": 0, "Clara": 17}


def test_a_kept_round_sent_twice_is_saved_once():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    data = kept_round(1, 3)

    send(phone(owner), session, data)
    again = send(phone(owner), session, data)  # another process, another cookie

    assert again.status_code == 200
    assert again.json() | {"version": 0} == {
        "status": "applied",
        "message": "Round 1 was already saved from this phone.",
        "already": True,
        "version": 0,
    }
    assert session.rounds.count() == 1


def test_a_round_another_phone_saved_meanwhile_is_a_conflict():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 9, "Ben": 1, "Clara": 10}}
    )

    response = send(phone(owner), session, kept_round(1, 3))

    assert response.status_code == 409
    assert response.json()["status"] == "conflict"
    assert "Round 1 was saved on another phone meanwhile" in response.json()["message"]
    assert session.rounds.get().named_entry()["heads"]["Anna"] == 9


def test_the_rounds_after_a_conflict_follow_the_other_phone_s_round():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    client = phone(owner)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 9, "Ben": 1, "Clara": 10}}
    )

    answers = [send(client, session, kept_round(n, n)).status_code for n in (1, 2, 3)]

    assert answers == [409, 200, 200]
    assert [r.named_entry()["heads"]["Anna"] for r in session.rounds.order_by("number")] == [
        9,
        2,
        3,
    ]


def test_without_the_csrf_token_nothing_is_saved():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)

    response = phone(owner).post(f"/scorekeeper/{session.public_id}/sync/", kept_round(1, 3))

    assert response.status_code == 403
    assert session.rounds.count() == 0


def test_someone_logged_out_is_told_and_nothing_is_saved():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    client = Client(enforce_csrf_checks=True)

    response = send(client, session, kept_round(1, 3))

    assert response.status_code == 403
    assert response.json()["status"] == "forbidden"
    assert session.rounds.count() == 0


@pytest.mark.parametrize("key", ["", "not-a-uuid"])
def test_an_entry_without_a_readable_key_is_refused(key):
    owner = user()
    session = sarkophag_sheet(owner, limit=100)

    response = send(phone(owner), session, kept_round(1, 3) | {"key": key})

    assert response.status_code == 400
    assert session.rounds.count() == 0


def test_an_incomplete_entry_is_refused_with_its_reason():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)

    response = send(phone(owner), session, kept_round(1, 3) | {"heads-2": "-4"})

    assert response.status_code == 422
    assert response.json()["status"] == "refused"
    assert response.json()["message"].endswith("Nothing was saved.")
    assert session.rounds.count() == 0


def test_an_entry_for_a_deleted_sheet_says_so():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    client = phone(owner)
    data = kept_round(1, 3)
    session.delete()

    response = send(client, session, data)

    assert response.status_code == 404
    assert response.json()["status"] == "missing"


def test_a_save_from_the_page_keeps_its_key():
    owner = user()
    session = sarkophag_sheet(owner, limit=100)
    client = Client()
    client.force_login(owner)
    data = kept_round(1, 3)

    client.post(f"/scorekeeper/{session.public_id}/entry/", data, HTTP_HX_REQUEST="true")
    send(phone(owner), session, data)  # its answer was lost: the phone sends it again

    assert session.rounds.count() == 1


def start_data(public_id, anna, ben):
    return {"public_id": str(public_id), "players": [str(anna.pk), str(ben.pk)], "limit": "50"}


def test_a_sheet_started_offline_gets_the_phone_s_id_once():
    owner = user()
    anna, ben, clara = players("Anna", "Ben", "Clara")
    public_id = uuid.uuid4()
    data = start_data(public_id, anna, ben) | {"players": [str(p.pk) for p in (anna, ben, clara)]}
    client = phone(owner)

    first = client.post("/scorekeeper/new/sarkophag/sync/", data, HTTP_X_CSRFTOKEN=token(client))
    second = client.post("/scorekeeper/new/sarkophag/sync/", data, HTTP_X_CSRFTOKEN=token(client))

    assert first.status_code == second.status_code == 200
    assert first.json()["url"] == f"/scorekeeper/{public_id}/"
    assert second.json()["already"] is True
    session = PlaySession.objects.get(public_id=public_id)
    assert session.options == {"limit": 50}
    assert [s.player.name for s in stored_sheets.seats_of(session)] == ["Anna", "Ben", "Clara"]


def test_someone_else_s_sheet_id_is_refused():
    owner, other = user(), user("other")
    anna, ben, clara = players("Anna", "Ben", "Clara")
    taken = sarkophag_sheet(owner)
    client = phone(other)
    data = start_data(taken.public_id, anna, ben) | {
        "players": [str(anna.pk), str(ben.pk), str(clara.pk)]
    }

    response = client.post("/scorekeeper/new/sarkophag/sync/", data, HTTP_X_CSRFTOKEN=token(client))

    assert response.status_code == 409
    assert PlaySession.objects.count() == 1


def test_a_sarg_round_typed_as_numbers_is_kept_as_the_phone_draws_it():
    owner = user()
    session = sarg_sheet(owner)
    data = {"mode": "typed", "queen": "30", "king": "12", "seen": "0", "adding": "1"}

    response = send(phone(owner), session, data | {"key": str(uuid.uuid4()), "action": "save"})

    assert response.json()["status"] == "applied"
    assert session.rounds.count() == 1


@pytest.mark.parametrize(("game", "seats"), [("sacrifice", 2), ("sarcophagus", 4)])
def test_the_end_of_game_form_is_drawn_for_seats_named_later(game, seats):
    response = phone(user()).get(f"/scorekeeper/new/{game}/offline-form/{seats}/")

    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="entry-form"' in page
    assert all(f"SEAT{i}PLAYER" in page for i in range(seats))
    assert f"SEAT{seats}PLAYER" not in page
    assert PlaySession.objects.count() == 0


@pytest.mark.parametrize(
    ("query", "drawn"),
    [("", 'name="pick" value="cell:8"'), ("?mode=typed", 'name="queen"')],
)
def test_sarg_s_first_round_form_is_drawn_in_either_mode(query, drawn):
    response = phone(user()).get(f"/scorekeeper/new/sarg/offline-form/2/{query}")

    page = response.content.decode()
    assert drawn in page
    assert "SEAT0PLAYER</strong> Queen" in page


@pytest.mark.parametrize(
    "path",
    ["sarkophag/offline-form/2", "sacrifice/offline-form/3", "sarcophagus/offline-form/9",
     "chess/offline-form/2"],
)  # fmt: skip
def test_no_offline_form_for_a_seat_count_the_game_has_not(path):
    response = phone(user()).get(f"/scorekeeper/new/{path}/")

    assert response.status_code == 404
