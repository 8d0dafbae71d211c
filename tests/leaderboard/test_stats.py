"""A player's statistics, from hand-made results: each rule at its edges
(ties, streak boundaries, the 3-game minimum, the K-index), then the pages."""

import datetime as dt
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import ratings
from scoring.leaderboard import stats
from scoring.leaderboard.stats import Meeting, Play
from scoring.models import Player
from tests.scoring.test_ratings import finished

T0 = timezone.make_aware(dt.datetime(2025, 1, 10, 20, 0))


def plays(*places, game="sarg", scores=None):
    """The player's results in order, one a day: ``places`` are their places."""
    return [
        Play(i, uuid.uuid4(), game, T0 + dt.timedelta(days=i), place, (scores or {}).get(i), 2)
        for i, place in enumerate(places)
    ]


def meet(session_id, who, place, member=True):
    return Meeting(session_id, {"Ben": 2, "Clara": 3, "Dora": 4}.get(who, 9), who, place, member)


# --- streaks ----------------------------------------------------------------------------------


def test_no_plays_have_no_streaks():
    assert stats.streaks([]) == stats.Streaks(0, False, 0, 0)


def test_the_current_streak_is_the_run_the_latest_play_ends():
    got = stats.streaks(plays(1, 1, 2, 1, 1, 1))
    assert (got.current, got.current_won) == (3, True)


def test_a_loss_after_wins_starts_a_losing_streak_of_one():
    got = stats.streaks(plays(1, 1, 1, 3))
    assert (got.current, got.current_won) == (1, False)
    assert (got.longest_wins, got.longest_losses) == (3, 1)


def test_longest_streaks_count_each_kind_of_run_apart():
    got = stats.streaks(plays(2, 2, 1, 1, 2, 2, 2, 1))
    assert (got.longest_wins, got.longest_losses) == (2, 3)


def test_a_shared_first_place_is_a_win():
    assert stats.streaks(plays(1, 1)).longest_wins == 2  # a tie for first keeps the run


# --- best and worst ---------------------------------------------------------------------------


def test_best_and_worst_scores_and_the_earlier_on_a_tie():
    rows = plays(1, 2, 1, 2, game="sarg", scores={0: 50, 1: 20, 2: 50, 3: 20})
    (got,) = stats.extremes(rows)
    assert (got.best.session_id, got.worst.session_id) == (0, 1)


def test_fewer_heads_are_better_in_sarkophag():
    rows = plays(1, 2, 3, game="sarkophag", scores={0: 9, 1: 3, 2: 20})
    (got,) = stats.extremes(rows)
    assert (got.best.score, got.worst.score) == (3, 20)


def test_sessions_without_scores_have_no_extremes():
    assert stats.extremes(plays(1, 2)) == []


# --- opponents --------------------------------------------------------------------------------


def test_opponents_count_games_together_and_who_placed_higher():
    mine = plays(1, 2, 1)
    met = stats.opponents(mine, [meet(0, "Ben", 2), meet(1, "Ben", 1), meet(2, "Ben", 1)])
    (ben,) = met
    assert (ben.together, ben.beaten, ben.beat_them) == (3, 1, 1)  # one tie


def test_guests_and_bots_are_not_opponents():
    mine = plays(1)
    assert stats.opponents(mine, [meet(0, "Guest", 2, member=False)]) == []


def three_games(who, their_places, start=0):
    return [meet(start + i, who, p) for i, p in enumerate(their_places)]


def test_the_nemesis_needs_three_games_together():
    mine = plays(2, 2, 2, 2, 2)
    meetings = three_games("Ben", [1, 1]) + three_games("Clara", [1, 3, 3], start=2)
    met = stats.opponents(mine, meetings)
    assert stats.nemesis(met).name == "Clara"  # Ben beat them every time, but only twice


def test_the_nemesis_is_by_share_not_by_count():
    mine = plays(*[2] * 9)
    meetings = three_games("Ben", [1, 1, 1]) + three_games("Clara", [1, 1, 1, 1, 3, 3], start=3)
    assert stats.nemesis(stats.opponents(mine, meetings)).name == "Ben"  # 3 of 3 over 4 of 6


def test_on_an_equal_share_more_games_together_decide():  # 2 of 3 and 4 of 6
    mine = plays(*[2] * 9)
    meetings = three_games("Ben", [1, 1, 3]) + three_games("Clara", [1, 1, 1, 1, 3, 3], start=3)
    assert stats.nemesis(stats.opponents(mine, meetings)).name == "Clara"


def test_on_an_equal_share_and_equal_games_the_name_decides():
    mine = plays(*[1] * 6)
    meetings = three_games("Clara", [2, 2, 1]) + three_games("Ben", [2, 2, 1], start=3)
    met = stats.opponents(mine, meetings)
    assert stats.favourite(met).name == "Ben"
    assert [o.name for o in met] == ["Ben", "Clara"]  # played with most: the same rule


def test_no_nemesis_without_a_loss_to_anyone():
    mine = plays(1, 1, 1)
    assert stats.nemesis(stats.opponents(mine, three_games("Ben", [2, 2, 2]))) is None


def test_the_favourite_opponent_is_the_one_beaten_in_the_largest_share():
    mine = plays(*[1] * 6)
    meetings = three_games("Ben", [2, 2, 1]) + three_games("Clara", [2, 2, 2], start=3)
    assert stats.favourite(stats.opponents(mine, meetings)).name == "Clara"


# --- K-index ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("together", "k"),
    [
        ([], 0),
        ([1], 1),
        ([1, 1, 1], 1),
        ([2, 2], 2),
        ([3, 3, 3], 3),
        ([5, 5, 2], 2),
        ([3, 3, 2], 2),
        ([10], 1),
        ([4, 4, 4, 4, 4], 4),
    ],
)
def test_k_index(together, k):
    assert stats.k_index(together) == k


# --- per game, per year, per month -----------------------------------------------------------


def test_per_game_summary():
    sarg_win = Play(9, uuid.uuid4(), "sarg", T0, 1, None, 2)
    rows = [*plays(1, 3, 2, game="sarkophag", scores={0: 5, 1: 12}), sarg_win]
    sarkophag, sarg = stats.per_game(rows)
    assert (sarkophag.game, sarkophag.plays, sarkophag.wins) == ("sarkophag", 3, 1)
    assert sarkophag.average_place == 2.0 and sarkophag.best_score == 5
    assert (sarg.plays, sarg.win_share, sarg.best_score) == (1, 1.0, None)


def test_a_year_in_review_counts_new_opponents_once_in_the_year_first_met():
    last_year = Play(0, uuid.uuid4(), "sarg", T0.replace(year=2024), 1, None, 2)
    this_year = [
        Play(1, uuid.uuid4(), "sarg", T0, 2, None, 2),
        Play(2, uuid.uuid4(), "sacrifice", T0, 1, None, 2),
        Play(3, uuid.uuid4(), "sacrifice", T0, 1, None, 2),
    ]
    meetings = [meet(0, "Ben", 2), meet(1, "Ben", 1), meet(2, "Clara", 2), meet(3, "Clara", 2)]
    y2025, y2024 = stats.years([last_year, *this_year], meetings)
    assert (y2025.year, y2025.plays, y2025.wins, y2025.games_played) == (2025, 3, 2, 2)
    assert y2025.most_played == ["Sacrifice"]
    assert y2025.new_opponents == ["Clara"] and y2024.new_opponents == ["Ben"]


def test_most_played_lists_every_game_on_a_tie():
    from collections import Counter

    assert stats.most_played(Counter(sarg=2, sarkophag=2, sacrifice=1)) == ["Sarkophag", "Sarg"]


def test_months_run_to_the_last_played_with_empty_months_kept():
    rows = [
        Play(0, uuid.uuid4(), "sarg", T0, 1, None, 2),
        Play(1, uuid.uuid4(), "sarg", T0.replace(month=3), 1, None, 2),
        Play(2, uuid.uuid4(), "sarg", T0.replace(month=3), 1, None, 2),
    ]
    got = stats.plays_per_month(rows)
    assert [(m.month, m.plays) for m in got] == [(1, 1), (2, 0), (3, 2)]


def test_months_keep_the_latest_two_years():
    rows = [
        Play(i, uuid.uuid4(), "sarg", T0 + dt.timedelta(days=31 * i), 1, None, 2) for i in range(40)
    ]  # the last on 3 May 2028
    got = stats.plays_per_month(rows)
    assert len(got) == 24
    assert (got[0].year, got[0].month, got[-1].year, got[-1].month) == (2026, 6, 2028, 5)


# --- from the database ------------------------------------------------------------------------


@pytest.mark.django_db
def test_voided_sessions_never_count():
    ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}, at=T0))
    ratings.session_changed(finished("sarg", {"Anna": 2, "Ben": 1}, at=T0, voided=True))
    got = stats.compute_player_stats(Player.objects.get(name="Anna"))
    assert (got.plays, got.wins, got.streaks.longest_losses) == (1, 1, 0)


@pytest.mark.django_db
def test_a_player_without_rated_games_has_no_stats():
    player = Player.objects.create(name="Anna")
    assert stats.compute_player_stats(player) is None


# --- the pages --------------------------------------------------------------------------------


def small_club():
    """Anna beats Ben twice, then loses to Ben and to a guest."""
    Player.objects.create(name="Gus", is_guest=True)
    for day, places in enumerate([(1, 2), (1, 2), (2, 1)]):
        at = T0 + dt.timedelta(days=day)
        scores = {"Anna": 40 + day, "Ben": 30}
        ratings.session_changed(
            finished("sarg", dict(zip(["Anna", "Ben"], places, strict=True)), at=at, scores=scores)
        )
    ratings.session_changed(finished("sarkophag", {"Gus": 1, "Anna": 2}, at=T0.replace(month=3)))


@pytest.mark.django_db
def test_the_player_page_shows_the_stats(client):
    small_club()
    html = client.get("/players/anna/").content.decode()
    assert 'id="stats"' in html and 'id="years"' in html
    assert "2 losses" in html  # the current streak
    assert "<svg" in html and "Plays per month as a table" in html
    assert ">Ben</a>" in html  # the nemesis and the favourite opponent, met three times


@pytest.mark.django_db
def test_best_and_worst_results_link_their_sessions(client):
    small_club()
    anna = client.get("/players/anna/").context["stats"]
    (sarg,) = anna.extremes
    assert (sarg.best.score, sarg.worst.score) == (42, 40)
    assert sarg.best_url == reverse("sheet", args=[sarg.best.public_id])
    assert f'href="{sarg.best_url}"' in client.get("/players/anna/").content.decode()


@pytest.mark.django_db
def test_a_player_without_games_shows_no_stats(client):
    Player.objects.create(name="Anna")
    html = client.get("/players/anna/").content.decode()
    assert 'id="stats"' not in html


@pytest.mark.django_db
def test_the_club_page_is_linked_from_the_leaderboard(client):
    small_club()
    assert 'href="/leaderboard/club/"' in client.get("/leaderboard/").content.decode()
    html = client.get("/leaderboard/club/").content.decode()
    assert "Most active members" in html and ">Anna</a>" in html and ">Gus</a>" not in html


@pytest.mark.django_db
def test_the_club_page_without_games(client):
    assert "No rated games yet." in client.get("/leaderboard/club/").content.decode()


@pytest.mark.django_db
def test_the_stats_speak_german(client):
    small_club()
    html = client.get("/players/anna/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Jahresrückblick" in html and "Erzfeind" in html
    club = client.get("/leaderboard/club/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Der Club in Zahlen" in club


@pytest.mark.django_db
def test_a_game_played_online_links_its_table_replay():
    from tests.leaderboard.test_recent_sessions import played_out_table

    table = played_out_table()
    player = table.seats.order_by("position").first().player
    got = stats.compute_player_stats(player)
    assert got.first.url == got.last.url == reverse("play:replay", args=[table.public_id])


@pytest.mark.django_db
def test_names_are_escaped_in_the_stats(client):
    for day in range(3):
        at = T0 + dt.timedelta(days=day)
        ratings.session_changed(finished("sarg", {"<b>Anna</b>": 2, "<i>Ben</i>": 1}, at=at))
    anna = Player.objects.get(name="<b>Anna</b>")
    html = client.get(f"/players/{anna.pk}/").content.decode()
    assert "<b>Anna</b>" not in html and "<i>Ben</i>" not in html
    assert "&lt;b&gt;Anna&lt;/b&gt;'s plays per month" in html
