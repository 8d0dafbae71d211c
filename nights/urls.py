"""Club nights, under /nights/."""

from django.urls import path

from . import views

app_name = "nights"

urlpatterns = [
    path("", views.night_list, name="list"),
    path("new/", views.announce, name="new"),
    path("calendar/", views.calendar_page, name="calendar"),
    path("calendar/<slug:token>.ics", views.feed, name="feed"),  # token_urlsafe's alphabet
    path("<int:night_id>/night.ics", views.night_ics, name="ics"),
    path("<int:night_id>/", views.night, name="night"),
    path("not-coming/<str:token>/", views.not_coming, name="not-coming"),
    path("<int:night_id>/change/", views.change, name="change"),
    path("<int:night_id>/cancel/", views.cancel, name="cancel"),
    path("<int:night_id>/come/", views.come, name="come"),
    path("<int:night_id>/leave/", views.leave, name="leave"),
    path("<int:night_id>/table/", views.open_table, name="open-table"),
]
