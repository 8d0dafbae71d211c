"""The club's figures from hand-made results: sessions, not seats; members only; months on
the club's clock; the chart's two years."""

import datetime as dt

import pytest
from django.utils import timezone

from scoring import ratings
from scoring.leaderboard import club_stats
from scoring.models import Player
from tests.scoring.test_ratings import finished

T0 = timezone.make_aware(dt.datetime(2025, 1, 10, 20, 0))


@pytest.mark.django_db
def test_the_club_counts_sessions_not_seats_and_leaves_out_guests_and_bots():
    Player.objects.create(name="Gus", is_guest=True)
    for day in range(3):
        at = T0 + dt.timedelta(days=day)
        ratings.session_changed(finished("sarkophag", {"Anna": 1, "Ben": 2, "Gus": 3}, at=at))
    ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}, at=T0, voided=True))
    got = club_stats.compute_club_stats()
    assert got.sessions == 3
    assert [(m.month, m.plays, m.most_played) for m in got.months] == [(1, 3, ["Sarkophag"])]
    assert [(m.name, m.plays, m.wins) for m in got.active] == [("Anna", 3, 3), ("Ben", 3, 0)]


@pytest.mark.django_db
def test_members_with_equal_plays_share_a_rank():
    ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}, at=T0))
    ratings.session_changed(finished("sarg", {"Anna": 1, "Clara": 2}, at=T0))
    ratings.session_changed(finished("sarg", {"Dora": 1, "Clara": 2}, at=T0))
    got = [(m.rank, m.name) for m in club_stats.most_active()]
    assert got == [(1, "Anna"), (1, "Clara"), (3, "Ben"), (3, "Dora")]


@pytest.mark.django_db
def test_the_club_counts_months_in_the_club_time_zone():
    local = timezone.get_default_timezone()
    late_january = dt.datetime(2025, 1, 31, 23, 30, tzinfo=local)
    early_february = dt.datetime(2025, 2, 1, 0, 30, tzinfo=local)
    for at in (late_january, early_february, early_february):
        ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}, at=at))
    got = club_stats.club_months()
    assert [(m.month, m.plays) for m in got] == [(1, 1), (2, 2)]


@pytest.mark.django_db
def test_the_club_chart_keeps_the_latest_two_years_with_empty_months():
    for at in (T0.replace(year=2020), T0, T0.replace(month=3)):
        ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}, at=at))
    got = club_stats.club_months()
    assert len(got) == 24 and (got[-1].year, got[-1].month) == (2025, 3)
    assert [m.plays for m in got[-3:]] == [1, 0, 1]
