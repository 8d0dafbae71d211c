"""The league: per season and game, games, wins, points by the season's scheme and average
place; minimum games to rank, ties broken by wins; its pages, CSV and print view."""

import csv
import datetime as dt
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import ratings
from scoring.leaderboard.league import current_season, league
from scoring.models import Player, Season, club_today
from tests.scoring.test_ratings import finished

pytestmark = pytest.mark.django_db

CLUB = timezone.get_default_timezone()
DAY = dt.date(2026, 3, 10)


def at(day=DAY, hour=20):
    return dt.datetime.combine(day, dt.time(hour), tzinfo=CLUB)


def season(name="Spring", start=dt.date(2026, 3, 1), end=dt.date(2026, 5, 31), **rules):
    return Season.objects.create(name=name, start=start, end=end, **rules)


def play(game, places, *, when=None, mode="tabletop", voided=False):
    session = finished(game, places, at=when or at(), mode=mode, voided=voided)
    ratings.session_changed(session)
    return session


def table(game="sarg", spring=None, **kwargs):
    tables = {t.game: t for t in league(spring or Season.objects.get(), **kwargs)}
    return tables[game]


def summary(game="sarg"):
    return [(r.name, r.games, r.wins, round(r.points, 2), r.rank) for r in table(game).rows]


def test_points_games_wins_and_average_place_per_player():
    season(min_games=1)
    play("sarkophag", {"Anna": 1, "Ben": 2, "Clara": 3})
    play("sarkophag", {"Anna": 2, "Ben": 1, "Clara": 3}, when=at(hour=21))
    rows = {r.name: r for r in table("sarkophag").rows}
    assert (rows["Anna"].games, rows["Anna"].wins, rows["Anna"].points) == (2, 1, 15)
    assert rows["Clara"].average_place == 3
    assert rows["Ben"].average_place == 1.5


def test_tables_of_different_sizes_count_fairly():
    season(min_games=1)
    play("sarkophag", {"Anna": 1, "Ben": 2, "Clara": 3, "Dora": 4, "Emil": 5})
    play("sarkophag", {"Fritz": 1, "Gus": 2, "Hanna": 3}, when=at(hour=21))
    rows = {r.name: r.points for r in table("sarkophag").rows}
    assert rows["Anna"] == 10 and rows["Fritz"] == 9  # beating four is worth more than two
    assert rows["Emil"] == 2 and rows["Hanna"] == 3  # the last still scores


def test_ties_share_their_places_points():
    season(min_games=1)
    play("sarkophag", {"Anna": 1, "Ben": 1, "Clara": 3})
    assert summary("sarkophag") == [
        ("Anna", 1, 1, 7.5, 1),
        ("Ben", 1, 1, 7.5, 1),
        ("Clara", 1, 0, 3.0, 3),
    ]


def test_equal_points_and_wins_share_a_rank():
    season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2})
    play("sarg", {"Ben": 1, "Anna": 2}, when=at(hour=21))
    assert summary() == [("Anna", 2, 1, 12, 1), ("Ben", 2, 1, 12, 1)]


def test_more_wins_rank_first_on_equal_points():
    season(min_games=1, scheme="fixed", fixed_points="3, 1")
    play("sarg", {"Anna": 1, "Ben": 2})  # Anna 3, Ben 1
    play("sarkophag", {"Ben": 1, "Clara": 2, "Dora": 3}, when=at(hour=21))
    play("sarg", {"Ben": 2, "Clara": 1}, when=at(hour=22))  # Ben 2, Clara 3
    play("sarg", {"Ben": 2, "Dora": 1}, when=at(hour=23))  # Ben 3, Dora 3
    got = [(name, rank) for name, _g, _w, _p, rank in summary("sarg")]
    assert got[:3] == [("Anna", 1), ("Clara", 1), ("Dora", 1)]
    assert got[3] == ("Ben", 4)  # 3 points too, but no win


def test_players_below_the_minimum_are_listed_unranked_after_the_ranked():
    season(min_games=2)
    play("sarg", {"Anna": 1, "Ben": 2})
    play("sarg", {"Anna": 2, "Ben": 1}, when=at(hour=21))
    play("sarg", {"Clara": 1, "Ben": 2}, when=at(hour=22))
    assert [(r.name, r.rank) for r in table().rows] == [("Ben", 1), ("Anna", 2), ("Clara", None)]


def test_voided_sessions_are_left_out():
    season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2})
    play("sarg", {"Ben": 1, "Anna": 2}, when=at(hour=21), voided=True)
    assert summary() == [("Anna", 1, 1, 8, 1), ("Ben", 1, 0, 4, 2)]


def test_online_and_tabletop_count_alike():
    season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2}, mode="online")
    play("sarg", {"Anna": 1, "Ben": 2}, mode="tabletop", when=at(hour=21))
    assert summary()[0] == ("Anna", 2, 2, 16, 1)


def test_only_the_seasons_days_count():
    season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2}, when=at(dt.date(2026, 2, 28), 23))
    play("sarg", {"Anna": 2, "Ben": 1}, when=at(dt.date(2026, 6, 1), 0))
    play("sarg", {"Anna": 2, "Ben": 1}, when=at(dt.date(2026, 5, 31), 23))
    assert summary() == [("Ben", 1, 1, 8, 1), ("Anna", 1, 0, 4, 2)]


def test_bots_are_hidden_unless_asked_for():
    season(min_games=1)
    Player.objects.create(name="Robo", is_bot=True)
    play("sarg", {"Anna": 1, "Robo": 2})
    assert [r.name for r in table().rows] == ["Anna"]
    assert [r.name for r in table(everyone=True).rows] == ["Anna", "Robo"]


def test_a_changed_scheme_is_read_at_once():
    spring = season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2})
    assert table(spring=spring).rows[0].points == 8
    spring.scheme = "beaten"
    spring.save()
    assert table(spring=Season.objects.get()).rows[0].points == 10


def test_the_current_season_contains_today_else_it_is_the_latest():
    today = club_today()
    season("Old", today - dt.timedelta(days=400), today - dt.timedelta(days=300))
    latest = season("Latest", today - dt.timedelta(days=100), today - dt.timedelta(days=50))
    assert current_season() == latest
    now = season("Now", today - dt.timedelta(days=10), today + dt.timedelta(days=10))
    assert current_season() == now


# --- pages ----------------------------------------------------------------------------------------


def test_the_league_page_shows_each_games_table(client):
    spring = season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2})
    page = client.get(f"/leaderboard/league/{spring.pk}/").content.decode()
    assert 'id="league-sarg"' in page and "Anna" in page


def test_the_current_league_page_answers_without_seasons(client):
    response = client.get("/leaderboard/league/")
    assert response.status_code == 200
    assert "no seasons yet" in response.content.decode()


@pytest.mark.parametrize("season_id", ["999", "99999999999999999999999"])
def test_an_unknown_season_is_not_found(client, season_id):
    assert client.get(f"/leaderboard/league/{season_id}/").status_code == 404


def test_the_league_page_is_linked_from_the_leaderboard(client):
    assert 'href="/leaderboard/league/"' in client.get("/leaderboard/").content.decode()


def test_the_league_csv_has_a_header_then_a_row_per_player_shown(client):
    spring = season(min_games=2)
    play("sarg", {"Anna": 1, "Ben": 2})
    play("sarg", {"Anna": 1, "Ben": 2}, when=at(hour=21))
    play("sarkophag", {"Anna": 1, "Ben": 2, "Clara": 3}, when=at(hour=22))
    response = client.get(f"/leaderboard/league/{spring.pk}/?format=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:7] == ["season", "game", "rank", "player", "games", "wins", "points"]
    assert len(rows) == 1 + 5
    assert rows[1][:8] == ["Spring", "sarkophag", "", "Anna", "1", "1", "9.00", "1.00"]
    assert ["Spring", "sarg", "1", "Anna", "2", "2", "16.00", "1.00"] in [r[:8] for r in rows]


def test_the_printable_league_puts_each_game_on_its_own_page(client):
    spring = season(min_games=1)
    play("sarg", {"Anna": 1, "Ben": 2})
    page = client.get(f"/leaderboard/league/{spring.pk}/?view=print").content.decode()
    assert page.count('class="print-page"') == 4
    assert "league-print.css" in page


def test_the_league_pages_make_few_queries_however_long_the_history(client):
    spring = season(min_games=1)
    url = f"/leaderboard/league/{spring.pk}/"

    def counts():
        renders = []
        for _ in range(2):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            renders.append(len(queries))
        return renders

    play("sarg", {"Anna": 1, "Ben": 2})
    small = counts()
    for i in range(30):
        names = ["Anna", "Ben", "Clara", "Dora"][i % 3 :][:2]
        play("sarg", dict(zip(names, (1, 2), strict=True)), when=at(hour=0) + dt.timedelta(hours=i))
    assert counts() == small
    assert small[1] <= 5
