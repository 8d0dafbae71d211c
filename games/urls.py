"""Online play's pages, under /play/ (names are a contract: see docs/contracts/tables-api.md)."""

from django.urls import path

from .views import clock, lobby, move, replay, table, vacation

app_name = "play"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("new/", lobby.create, name="create"),
    path("vacation/", vacation.vacation, name="vacation"),
    path("vacation/<int:pk>/cancel/", vacation.cancel, name="vacation_cancel"),
    path("<uuid:public_id>/", table.table, name="table"),
    path("<uuid:public_id>/move/", move.move, name="move"),
    path("<uuid:public_id>/join/", table.join, name="join"),
    path("<uuid:public_id>/leave/", table.leave, name="leave"),
    path("<uuid:public_id>/start/", table.start, name="start"),
    path("<uuid:public_id>/cancel/", table.cancel, name="cancel"),
    path("<uuid:public_id>/seat-bot/", table.seat_bot, name="seat_bot"),
    path("<uuid:public_id>/hand-to-bot/", table.hand_to_bot, name="hand_to_bot"),
    path("<uuid:public_id>/take-back/", table.take_back, name="take_back"),
    path("<uuid:public_id>/rematch/", table.rematch, name="rematch"),
    path("<uuid:public_id>/replay/", replay.replay, name="replay"),
    path("<uuid:public_id>/give-day/", clock.give_day, name="give_day"),
]
