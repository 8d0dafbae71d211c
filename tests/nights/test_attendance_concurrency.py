"""Members taking the last seats at the same moment, on real threads and real connections.

``nights.attendance`` locks the night's row (SELECT ... FOR UPDATE on PostgreSQL; an
IMMEDIATE transaction on SQLite), so the seats are counted one member at a time and a night
is never overbooked. The PostgreSQL pass of `make test` runs this against the real server.
"""

import threading

import pytest
from django.db import connections
from django.test import Client

from nights.models import Attendance

from .helpers import a_night, member

MEMBERS = 20
CAPACITY = 5


def all_at_once(users, url: str) -> None:
    start = threading.Barrier(len(users))
    failures: list[BaseException] = []

    def phone(person) -> None:
        try:
            client = Client()
            client.force_login(person)
            start.wait()
            response = client.post(url)
            assert response.status_code == 302, response.status_code
        except BaseException as exc:  # reported below, in the test's own thread
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(u,)) for u in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures


@pytest.mark.django_db(transaction=True)
def test_twenty_members_at_once_never_overbook_five_seats():
    night = a_night(capacity=CAPACITY)
    users = [member(f"m{i}") for i in range(MEMBERS)]
    all_at_once(users, f"/nights/{night.pk}/come/")
    rows = Attendance.objects.filter(night=night)
    assert rows.filter(waiting=False).count() == CAPACITY
    assert rows.filter(waiting=True).count() == MEMBERS - CAPACITY


@pytest.mark.django_db(transaction=True)
def test_the_seats_go_to_the_first_who_came():
    night = a_night(capacity=CAPACITY)
    users = [member(f"m{i}") for i in range(MEMBERS)]
    all_at_once(users, f"/nights/{night.pk}/come/")
    order = list(Attendance.objects.filter(night=night).order_by("joined_at", "id"))
    assert [a.waiting for a in order] == [False] * CAPACITY + [True] * (MEMBERS - CAPACITY)
