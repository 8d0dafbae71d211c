"""Twenty people at once asking for the same new name, on real threads and connections.

The uniqueness check runs before the insert, so simultaneous requests all pass it; the
database's unique key then lets one in. The others must get the form back with "that name is
taken" (sign-up) or the player the winner made (a guest, an import: as if one after the other),
never a 500. The PostgreSQL pass of `make test` runs these against the real server.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client, override_settings

from scoring.models import Player, PlaySession

from .sheet_helpers import players, user

PEOPLE = 20
PASSWORD = "a-Long-and-unusual-pw-42"
FAST_HASHER = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])

pytestmark = pytest.mark.django_db(transaction=True)


def all_at_once(request: Callable[[int, Client], object]) -> list:
    """``request(n, client)`` on PEOPLE threads released together; their answers."""
    start = threading.Barrier(PEOPLE)
    answers: list = [None] * PEOPLE

    def person(n: int) -> None:
        client = Client(raise_request_exception=False)
        try:
            start.wait()
            answers[n] = request(n, client)
        except BaseException as exc:  # checked in the test's own thread
            answers[n] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=person, args=(n,)) for n in range(PEOPLE)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


def sign_up(username: str, display_name: str):
    def request(n, client):
        return client.post(
            "/accounts/signup/",
            {
                "username": username.format(n=n),
                "display_name": display_name,
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )

    return request


@FAST_HASHER
def test_simultaneous_sign_ups_with_one_new_name():
    answers = all_at_once(sign_up("person{n}", "Zed"))
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200] * (PEOPLE - 1) + [302], statuses
    refused = [a for a in answers if a.status_code == 200]
    assert all("That name is taken" in a.content.decode() for a in refused)
    assert Player.objects.named("zed").count() == 1
    assert get_user_model().objects.count() == 1  # nothing kept of the refused sign-ups


@FAST_HASHER
def test_simultaneous_sign_ups_with_one_new_username():
    answers = all_at_once(sign_up("zed", "Zed {n}"))
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200] * (PEOPLE - 1) + [302], statuses
    refused = [a.content.decode() for a in answers if a.status_code == 200]
    assert all("username already exists" in page for page in refused)
    assert get_user_model().objects.count() == 1
    assert Player.objects.count() == 1


def test_simultaneous_new_sheets_with_one_new_guest():
    owner = user()
    anna, ben = players("Anna", "Ben")

    def request(n, client):
        client.force_login(owner)
        data = {"players": [anna.pk, ben.pk], "guests": ["Zed"], "action": "start"}
        return client.post("/scorekeeper/new/sarkophag/", data)

    answers = all_at_once(request)
    assert [a.status_code for a in answers] == [302] * PEOPLE
    zed = Player.objects.named("zed").get()
    assert zed.is_guest
    assert PlaySession.objects.count() == PEOPLE
    assert zed.seats.count() == PEOPLE


def test_simultaneous_imports_with_one_new_name():
    owner = user()

    def request(n, client):
        client.force_login(owner)
        # Twenty different sheets (a repeated sheet may be skipped as already imported).
        sheet = {"game": "sarkophag", "players": ["Zed", "Ymir", "Xena"], "limit": 100 + n}
        return client.post("/scorekeeper/import/", {"json": json.dumps(sheet)})

    answers = all_at_once(request)
    assert [a.status_code for a in answers] == [302] * PEOPLE
    assert Player.objects.named("zed").count() == 1
    assert PlaySession.objects.count() == PEOPLE
