"""Leaderboard URLs (docs/contracts/ratings-api.md): mounted at the root by sarco/urls.py."""

from django.urls import path

from . import club, importing, league_views, views

app_name = "leaderboard"

urlpatterns = [
    path("leaderboard/", views.index, name="index"),
    path("leaderboard/import/", importing.bulk_import, name="import"),
    path("leaderboard/league/", league_views.current, name="league"),
    path("leaderboard/league/<int:season_id>/", league_views.season, name="league-season"),
    path("leaderboard/club/", club.club, name="club"),
    path("leaderboard/<slug:game>/", views.game, name="game"),
    path("players/<str:key>/", views.player, name="player"),
]
