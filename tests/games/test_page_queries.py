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


def waiting_tables(host, count: int) -> None:
    for _ in range(count):
        table = tables.open_table("sarkophag", host, seats=6)
        for _ in range(4):
            tables.take_seat(table, user())


@pytest.mark.django_db
def test_the_lobby_reads_seats_and_names_in_a_fixed_number_of_statements(client):
    host = user()
    client.force_login(host)
    waiting_tables(host, 1)
    few = statements(client, reverse("play:lobby"))
    waiting_tables(host, 3)
    assert statements(client, reverse("play:lobby")) == few


@pytest.mark.django_db
def test_a_table_page_reads_its_seats_names_in_one_statement(client):
    small = tables.open_table("sarkophag", user(), seats=3)
    large = tables.open_table("sarkophag", user(), seats=6)
    for table, guests in ((small, 2), (large, 5)):
        for _ in range(guests):
            tables.take_seat(table, user())
    assert statements(client, reverse("play:table", args=[small.public_id])) == statements(
        client, reverse("play:table", args=[large.public_id])
    )


@pytest.mark.django_db
def test_a_replay_reads_its_seats_names_in_one_statement(client):
    def started(seats: int):
        host = user()
        table = tables.open_table("sarkophag", host, seats=seats)
        for _ in range(seats - 1):
            tables.take_seat(table, user())
        return tables.start(table, host)

    small, large = started(3), started(6)
    assert statements(client, reverse("play:replay", args=[small.public_id])) == statements(
        client, reverse("play:replay", args=[large.public_id])
    )
