"""A player page's recent sessions link to where each game can be looked at again: the
online table's replay for a game played online, the score sheet for one typed in."""

import re

import pytest
from django.urls import reverse

from games import tables
from scoring import ratings
from tests.games.helpers import first_legal, sarg_table, user_at
from tests.scoring.test_ratings import finished

pytestmark = pytest.mark.django_db

LINKS = re.compile(r'class="recent-link" href="([^"]+)"')


def played_out_table():
    table = sarg_table()
    while table.status == "playing":
        position = table.to_act[0]
        table = tables.play(
            table, user_at(table, position), first_legal(table, position), table.version
        )
    return table


def recent_links(client, player_id) -> list[str]:
    return LINKS.findall(client.get(f"/players/{player_id}/").content.decode())


def test_an_online_game_links_to_its_table_replay(client):
    table = played_out_table()
    assert table.session is not None
    player = table.seats.order_by("position").first().player
    assert recent_links(client, player.pk) == [reverse("play:replay", args=[table.public_id])]


def test_a_tabletop_game_links_to_its_sheet(client):
    session = finished("sarg", {"Anna": 1, "Ben": 2})
    ratings.session_changed(session)
    anna = session.seats.get(position=0).player
    assert recent_links(client, anna.pk) == [reverse("sheet", args=[session.public_id])]


def test_an_online_session_without_a_table_links_to_its_sheet(client):
    """An online session imported from an old sheet has no table to replay."""
    session = finished("sarg", {"Anna": 1, "Ben": 2}, mode="online")
    ratings.session_changed(session)
    anna = session.seats.get(position=0).player
    assert recent_links(client, anna.pk) == [reverse("sheet", args=[session.public_id])]


def test_a_voided_session_is_marked_among_the_recent_ones(client):
    session = finished("sarg", {"Anna": 1, "Ben": 2}, voided=True)
    anna = session.seats.get(position=0).player
    html = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span class="badge">voided</span>' in html.split('class="recent-link"')[1]
