"""Leaderboard pages: standings, filters, the overview, player pages; bounded queries."""

import datetime as dt
from urllib.parse import quote, urlencode

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import ratings
from scoring.models import Player, Season
from tests.scoring.test_ratings import finished

pytestmark = pytest.mark.django_db

NOW = timezone.now()


def club(n_sessions=6):
    """Anna mostly beats Ben; Clara (a guest) and a bot play once; an old online game."""
    for i in range(n_sessions):
        places = {"Anna": 1, "Ben": 2} if i % 3 else {"Anna": 2, "Ben": 1}
        s = finished("sarg", places, at=NOW - dt.timedelta(days=40 - i), scores={"Anna": 90})
        ratings.session_changed(s)
    Player.objects.get_or_create(name="Clara", is_guest=True)
    Player.objects.get_or_create(name="Bot (normal)", is_bot=True)
    ratings.session_changed(finished("sarg", {"Clara": 1, "Anna": 2}, at=NOW))
    ratings.session_changed(finished("sarg", {"Bot (normal)": 1, "Ben": 2}, at=NOW))
    old = NOW.replace(year=NOW.year - 1)
    ratings.session_changed(finished("sarg", {"Ben": 1, "Anna": 2}, at=old, mode="online"))


def names(response):
    return [row.name for row in response.context["page"].object_list]


def test_contract_paths():
    assert reverse("leaderboard:index") == "/leaderboard/"
    assert reverse("leaderboard:game", args=["sarg"]) == "/leaderboard/sarg/"
    assert reverse("leaderboard:player", args=[7]) == "/players/7/"


def test_standings_rank_by_ordinal_and_hide_guests_and_bots(client):
    club()
    response = client.get("/leaderboard/sarg/")
    assert response.status_code == 200
    assert names(response) == ["Anna", "Ben"]
    html = response.content.decode()
    anna = response.context["page"].object_list[0]
    assert f"{anna.ordinal:.1f}" in html
    assert f"μ {anna.mu:.2f}" in html and "<details" in html
    everyone = client.get("/leaderboard/sarg/?everyone=on")
    assert set(names(everyone)) == {"Anna", "Ben", "Clara", "Bot (normal)"}


def test_filters_replay_only_the_selected_events(client):
    club()
    online = client.get("/leaderboard/sarg/?mode=online")
    rows = online.context["page"].object_list
    assert [r.name for r in rows] == ["Ben", "Anna"]
    assert all(r.games == 1 for r in rows)
    assert "online only" in online.content.decode()
    year = client.get("/leaderboard/sarg/?period=year")
    assert all(r.games < 9 for r in year.context["page"].object_list)
    assert names(client.get("/leaderboard/sarg/?min=8")) == ["Anna", "Ben"]
    assert names(client.get("/leaderboard/sarg/?min=9")) == []


def test_a_season_filters_its_dates(client):
    club()
    season = Season.objects.create(
        name="Last year",
        start=NOW.date().replace(year=NOW.year - 1, month=1, day=1),
        end=NOW.date().replace(year=NOW.year - 1, month=12, day=31),
    )
    response = client.get(f"/leaderboard/sarg/?period=season&season={season.pk}")
    assert names(response) == ["Ben", "Anna"]
    assert "Last year" in response.content.decode()


def test_htmx_filter_change_returns_just_the_standings(client):
    club()
    response = client.get("/leaderboard/sarg/?mode=tabletop", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<table" in html and "<html" not in html


@pytest.mark.parametrize(
    "query",
    [
        "min=-3",
        "min=99999999999999999999",
        "min=²",
        "period=season&season=999",
        "mode=x",
        "start=2024-13-45&period=dates",
        "page=abc",
        "everyone=%00",
        "period=" + "y" * 5000,
    ],
)
def test_bad_filter_values_fall_back_never_500(client, query):
    club(3)
    response = client.get(f"/leaderboard/sarg/?{query}")
    assert response.status_code == 200


def test_unknown_game_and_player_are_404(client):
    assert client.get("/leaderboard/chess/").status_code == 404
    assert client.get("/players/999/").status_code == 404
    assert client.get("/players/nobody-here/").status_code == 404


def test_overview_shows_the_four_games(client):
    club()
    html = client.get("/leaderboard/").content.decode()
    for title in ("Sarkophag", "Sacrifice", "Sarcophagus", "Sarg"):
        assert title in html
    assert "Anna" in html


def test_player_page_by_id_and_slug(client):
    club()
    anna = Player.objects.get(name="Anna")
    response = client.get(f"/players/{anna.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html and "<title" in html and "rating as a table" in html
    assert "Ben" in html  # head to head
    assert client.get("/players/anna/").context["person"] == anna
    (sarg,) = response.context["records"]
    assert (sarg.games, sarg.best_score) == (8, 90)


def test_query_counts_do_not_grow_with_history(client):
    club(3)
    anna = Player.objects.get(name="Anna")
    urls = ["/leaderboard/sarg/", "/leaderboard/", f"/players/{anna.pk}/", "/"]
    small = {}
    for url in urls:
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        small[url] = len(ctx)
    club(30)
    for url in urls:
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        assert len(ctx) <= small[url], url


def test_home_shows_the_top_three_of_each_game(client):
    club()
    for i, name in enumerate(["Dora", "Emil", "Fritz"]):
        ratings.session_changed(finished("sarg", {name: 1, "Gus": 2}, at=NOW + dt.timedelta(i)))
    response = client.get("/")
    html = response.content.decode()
    assert "Top three" in html
    sarg = {g.slug: rows for g, rows in response.context["podiums"]}["sarg"]
    assert len(sarg) == 3
    assert all(f'href="/players/{row.player_id}/"' in html for row in sarg)


FILTER_KEYS = ["period", "season", "start", "end", "mode", "min", "everyone", "page"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(params=st.dictionaries(st.sampled_from(FILTER_KEYS), st.text(max_size=40), max_size=8))
def test_any_filter_query_renders(client, params):
    query = urlencode(params)
    assert client.get(f"/leaderboard/sarg/?{query}").status_code == 200
    htmx = client.get(f"/leaderboard/sarkophag/?{query}", headers={"HX-Request": "true"})
    assert htmx.status_code == 200


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.text(min_size=1, max_size=60).filter(lambda k: k not in (".", "..")))
def test_any_player_key_is_a_page_or_a_404(client, key):
    response = client.get(f"/players/{quote(key, safe='')}/")
    assert response.status_code in (200, 404)


def test_player_page_follows_a_finished_game_at_once(client):
    club(3)
    anna = Player.objects.get(name="Anna")
    before = client.get(f"/players/{anna.pk}/").context["records"][0].games
    ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}, at=NOW))
    assert client.get(f"/players/{anna.pk}/").context["records"][0].games == before + 1


def test_head_to_head_shows_the_most_met_first_and_all_on_request(client, monkeypatch):
    from scoring.leaderboard import views

    club(3)
    monkeypatch.setattr(views, "RIVALS_SHOWN", 1)
    anna = Player.objects.get(name="Anna")
    response = client.get(f"/players/{anna.pk}/")
    assert [r.name for r in response.context["rivals"]] == ["Ben"]
    assert "Show all 2 opponents" in response.content.decode()
    every = client.get(f"/players/{anna.pk}/?opponents=all").context["rivals"]
    assert {r.name for r in every} == {"Ben", "Clara"}


def test_the_standings_table_is_rendered_once_per_content_and_never_stale(client, monkeypatch):
    from scoring.leaderboard import views

    club(3)
    renders = []
    real = views.render_to_string
    monkeypatch.setattr(
        views, "render_to_string", lambda *a, **k: renders.append(a) or real(*a, **k)
    )

    def table():
        html = client.get("/leaderboard/sarg/").content.decode()
        return html.split('id="standings"')[1].split("</table>")[0]

    first = table()
    rendered = len(renders)  # 0 when an earlier test already showed these very rows
    assert table() == first and "Anna" in first
    assert len(renders) == rendered <= 1  # the second view reused the table
    Player.objects.filter(name="Anna").update(name="Annette")
    assert "Annette" in table()
    htmx = client.get("/leaderboard/sarg/", headers={"HX-Request": "true"}).content.decode()
    assert "Annette" in htmx and "<html" not in htmx


def test_player_page_shows_sarcophagus_best_score_once(client):
    """The most fame is the best score: one highlight, not "Best score" and "Most fame"."""
    session = finished("sarcophagus", {"Anna": 1, "Ben": 2}, scores={"Anna": 16, "Ben": 9})
    ratings.session_changed(session)
    anna = Player.objects.get(name="Anna")
    html = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    game = html.split('id="g-sarcophagus"')[1].split("</dl>")[0]
    assert game.count("<dd>16 fame</dd>") == 1


def test_head_to_head_columns_use_the_words_of_its_sentence_in_german(client):
    """The sentence says "vor, hinter oder gleichauf": so do the columns, not Höher/Tiefer."""
    club(3)
    anna = Player.objects.get(name="Anna")
    html = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    table = html.split('class="standings h2h"')[1].split("</thead>")[0]
    assert all(word in table for word in (">Vor<", ">Hinter<", ">Gleichauf<"))
    assert "vor, hinter oder gleichauf" in html
    assert "Höher" not in table and "Tiefer" not in table
