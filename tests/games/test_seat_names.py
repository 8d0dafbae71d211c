"""Seat names on the table page: several bots of one level are told apart by a number."""

import pytest

from games import tables
from games.labels import seat_names
from games.rendering import table_context
from tests.games.helpers import user

pytestmark = pytest.mark.django_db


def test_repeated_bot_names_are_numbered_and_people_keep_theirs():
    host = user()
    bots = {1: "random", 2: "heuristic", 3: "random", 4: "random"}
    table = tables.open_table("sarkophag", host, seats=5, bots=bots)
    names = seat_names(table.seats.all())
    assert names[1:] == ["Bot (easy)", "Bot (normal)", "Bot (easy) 2", "Bot (easy) 3"]
    assert names[0] == host.player.name
    table = tables.start(table, host)
    assert [row["name"] for row in table_context(table, 0)["seats"]] == names
