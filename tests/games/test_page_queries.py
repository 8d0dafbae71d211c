"""Pages that list tables read their seats' people in one go: the lobby, a table's page and
its replay make as many statements with many seats as with few."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import tables

from .helpers import user


def statements(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def sarkophag_table(seats: int, *, people: int | None = None, host=None):
    """A Sarkophag table of ``seats``, ``people`` of them taken (all unless told), host first."""
    host = host or user()
    table = tables.open_table("sarkophag", host, seats=seats)
    for _ in range((people or seats) - 1):
        tables.take_seat(table, user())
    return table


@pytest.mark.django_db
def test_the_lobby_reads_seats_and_names_in_a_fixed_number_of_statements(client):
    host = user()
    client.force_login(host)
    sarkophag_table(6, people=5, host=host)
    few = statements(client, reverse("play:lobby"))
    for _ in range(3):
        sarkophag_table(6, people=5, host=host)
    assert statements(client, reverse("play:lobby")) == few


@pytest.mark.django_db
def test_a_table_page_reads_its_seats_names_in_one_statement(client):
    small, large = sarkophag_table(3), sarkophag_table(6)
    assert statements(client, reverse("play:table", args=[small.public_id])) == statements(
        client, reverse("play:table", args=[large.public_id])
    )


@pytest.mark.django_db
def test_a_replay_reads_its_seats_names_in_one_statement(client):
    small, large = (tables.start(t, t.host) for t in (sarkophag_table(3), sarkophag_table(6)))
    assert statements(client, reverse("play:replay", args=[small.public_id])) == statements(
        client, reverse("play:replay", args=[large.public_id])
    )
