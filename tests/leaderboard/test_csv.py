"""``?format=csv`` on the standings pages: text/csv, a header row, one row per player the
page shows, with the page's filters."""

import csv
import io

import pytest

from scoring import ratings
from scoring.models import Player
from tests.scoring.test_ratings import finished

pytestmark = pytest.mark.django_db


def rows_of(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def play(places, mode="tabletop"):
    ratings.session_changed(finished("sarg", places, mode=mode))


def test_a_games_standings_as_csv(client):
    play({"Anna": 1, "Ben": 2})
    rows = rows_of(client.get("/leaderboard/sarg/?format=csv"))
    assert rows[0][:3] == ["rank", "player", "rating"]
    assert [r[:2] for r in rows[1:]] == [["1", "Anna"], ["2", "Ben"]]


def test_the_csv_keeps_the_pages_filters(client):
    Player.objects.create(name="Gast", is_guest=True)
    play({"Anna": 1, "Gast": 2})
    assert [r[1] for r in rows_of(client.get("/leaderboard/sarg/?format=csv"))[1:]] == ["Anna"]
    everyone = rows_of(client.get("/leaderboard/sarg/?format=csv&everyone=on"))
    assert [r[1] for r in everyone[1:]] == ["Anna", "Gast"]
    assert rows_of(client.get("/leaderboard/sarg/?format=csv&mode=online"))[1:] == []


def test_a_name_a_spreadsheet_would_run_is_kept_as_text(client):
    play({"=SUM(A1)": 1, "Ben": 2})
    rows = rows_of(client.get("/leaderboard/sarg/?format=csv"))
    assert rows[1][1] == "'=SUM(A1)"


def test_the_overview_as_csv_lists_each_games_top(client):
    play({"Anna": 1, "Ben": 2})
    rows = rows_of(client.get("/leaderboard/?format=csv"))
    assert rows[0] == ["game", "rank", "player", "rating", "games"]
    assert [r[:3] for r in rows[1:]] == [["sarg", "1", "Anna"], ["sarg", "2", "Ben"]]


def test_the_standings_page_links_its_csv_with_its_filters(client):
    play({"Anna": 1, "Ben": 2})
    page = client.get("/leaderboard/sarg/?min=1").content.decode()
    assert 'href="?min=1&amp;format=csv"' in page
