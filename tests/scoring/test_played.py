"""When and where: a sheet's played date, location and notes (scoring.played)."""

import datetime as dt
import json

import pytest
from django.utils import timezone

from scoring import organising, ratings, sheet_import, sheets
from scoring.bulk_import import ImportRefused, import_sheets
from scoring.exports import sheet_lines
from scoring.leaderboard.league import league
from scoring.models import AuditEntry, PlaySession, Rating, RatingEvent, Season, club_today
from scoring.played import finishing_moment, moved_to

from .organiser_helpers import organiser
from .sheet_helpers import players, user

pytestmark = pytest.mark.django_db

HEADS = {"Anna": 7, "Ben": 3, "Clara": 12}
CLUB = timezone.get_default_timezone()


def club_day(moment):
    return timezone.localtime(moment, CLUB).date()


def played_sheet(owner, day=None, heads=HEADS, names=("Anna", "Ben", "Clara")):
    """A one-round Sarkophag sheet, played on ``day`` (today if None), finished."""
    details = {"played_on": day} if day else None
    session = sheets.create_session("sarkophag", owner, players(*names), details=details)
    sheets.apply_edit(session.public_id, owner, "add", entry={"heads": heads})
    sheets.apply_edit(session.public_id, owner, "finish")
    return PlaySession.objects.get(pk=session.pk)


def snapshot(game="sarkophag"):
    return sorted(Rating.objects.filter(game=game).values_list("player__name", "mu", "sigma"))


# --- the date ------------------------------------------------------------------------------------


def test_a_new_sheet_is_played_today_in_the_clubs_time_zone(owner):
    session = sheets.create_session("sarkophag", owner, players("Anna", "Ben", "Clara"))
    assert session.played_on == club_today()


def test_a_sheet_finished_on_its_played_day_is_finished_now():
    now = timezone.now()
    assert finishing_moment(club_day(now), now) == now


def test_a_backdated_sheet_finishes_at_the_start_of_its_played_day():
    now = timezone.now()
    moment = finishing_moment(club_day(now) - dt.timedelta(days=5), now)
    local = timezone.localtime(moment, CLUB)
    assert (local.date(), local.time()) == (club_day(now) - dt.timedelta(days=5), dt.time())


def test_a_backdated_sheet_lands_in_its_season_and_its_place_in_the_rating_order(owner):
    today = club_today()
    then = today - dt.timedelta(days=40)
    old = Season.objects.create(name="Before", start=then - dt.timedelta(days=5), end=then)
    now = Season.objects.create(name="Now", start=then + dt.timedelta(days=1), end=today)
    played_sheet(owner, heads={"Anna": 0, "Ben": 3, "Clara": 12})  # today
    late = played_sheet(owner, then, heads={"Anna": 12, "Ben": 3, "Clara": 0})  # entered after
    assert club_day(late.finished_at) == then == late.played_on
    assert RatingEvent.objects.filter(session=late).first().at == late.finished_at
    before, after = league(old), league(now)
    assert [r.name for r in before[0].rows] == ["Clara", "Ben", "Anna"]
    assert all(r.games == 1 for r in after[0].rows)
    kept = snapshot()
    assert ratings.replay("sarkophag").rows_written == 0  # equal to a full replay
    assert snapshot() == kept


def test_the_backdated_sheet_is_rated_before_a_later_one_entered_earlier(owner):
    played_sheet(owner, heads={"Anna": 0, "Ben": 3, "Clara": 12})
    late = played_sheet(owner, club_today() - dt.timedelta(days=3))
    first = RatingEvent.objects.filter(game="sarkophag").order_by("at", "session_id").first()
    assert first.session_id == late.pk


def test_the_new_sheet_form_takes_a_played_date_location_and_notes(client, owner):
    day = club_today() - dt.timedelta(days=2)
    anna, ben = players("Anna", "Ben")
    body = {
        "action": "start",
        "players": [anna.pk, ben.pk],
        "played_on": day.isoformat(),
        "location": "  Café   Nil ",
        "notes": "Birthday\r\nnight",
    }
    response = client.post("/scorekeeper/new/sacrifice/", body)
    assert response.status_code == 302
    session = PlaySession.objects.get()
    assert (session.played_on, session.location, session.notes) == (
        day,
        "Café Nil",
        "Birthday\nnight",
    )


def test_a_played_date_in_the_future_is_refused_and_no_sheet_starts(client, owner):
    anna, ben = players("Anna", "Ben")
    tomorrow = club_today() + dt.timedelta(days=1)
    body = {"action": "start", "players": [anna.pk, ben.pk], "played_on": tomorrow.isoformat()}
    response = client.post("/scorekeeper/new/sacrifice/", body)
    assert response.status_code == 200
    assert "cannot be played in the future" in response.content.decode()
    assert not PlaySession.objects.exists()


def test_an_unreadable_played_date_is_refused_with_a_message(client, owner):
    anna, ben = players("Anna", "Ben")
    body = {"action": "start", "players": [anna.pk, ben.pk], "played_on": "32.13.2026"}
    response = client.post("/scorekeeper/new/sacrifice/", body)
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
    assert not PlaySession.objects.exists()


def test_the_new_sheet_form_starts_at_today_and_offers_no_later_day(client, owner):
    page = client.get("/scorekeeper/new/sarg/").content.decode()
    today = club_today().isoformat()
    assert f'value="{today}"' in page and f'max="{today}"' in page


def test_the_new_sheet_form_offers_the_clubs_places(client, owner):
    PlaySession.objects.create(game="sarg", location="Vereinsheim")
    page = client.get("/scorekeeper/new/sarg/").content.decode()
    assert 'list="club-locations"' in page
    assert '<option value="Vereinsheim">' in page


# --- the sheet page ------------------------------------------------------------------------------


def test_the_keeper_changes_an_open_sheets_date_and_place_without_a_new_version(client, owner):
    session = sheets.create_session("sarkophag", owner, players("Anna", "Ben", "Clara"))
    day = club_today() - dt.timedelta(days=1)
    body = {"played_on": day.isoformat(), "location": "Anna's", "notes": "rainy"}
    response = client.post(f"/scorekeeper/{session.public_id}/details/", body)
    assert response.status_code == 302
    session.refresh_from_db()
    assert (session.played_on, session.location, session.notes, session.version) == (
        day,
        "Anna's",
        "rainy",
        0,
    )


def test_a_finished_sheets_date_is_not_the_keepers_to_change(client, owner):
    session = played_sheet(owner)
    day = club_today() - dt.timedelta(days=9)
    client.post(
        f"/scorekeeper/{session.public_id}/details/",
        {"played_on": day.isoformat(), "location": "Park"},
    )
    session.refresh_from_db()
    assert (session.played_on, session.location) == (club_today(), "Park")


def test_a_watcher_cannot_change_a_sheets_details(client, owner):
    session = sheets.create_session("sarkophag", owner, players("Anna", "Ben", "Clara"))
    client.force_login(user("someone"))
    response = client.post(f"/scorekeeper/{session.public_id}/details/", {"location": "X"})
    assert response.status_code == 403
    session.refresh_from_db()
    assert session.location == ""


def test_the_sheet_page_shows_the_played_date_place_and_notes(client, owner):
    session = sheets.create_session(
        "sarkophag",
        owner,
        players("Anna", "Ben", "Clara"),
        details={"location": "Vereinsheim", "notes": "Finale"},
    )
    page = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert "Vereinsheim" in page and "Finale" in page
    assert f'datetime="{club_today().isoformat()}"' in page


# --- organisers change the date later ----------------------------------------------------------


def test_an_organiser_redates_a_session_through_the_audit_trail(owner):
    session = played_sheet(owner)
    day = club_today() - dt.timedelta(days=30)
    audit = organising.redate(session, day, by=organiser(), reason="entered late")
    session.refresh_from_db()
    assert club_day(session.finished_at) == day == session.played_on
    assert audit.action == AuditEntry.Action.REDATE
    assert audit.before["played_on"] == club_today().isoformat()
    assert audit.after["played_on"] == day.isoformat()


def test_a_redated_session_keeps_its_time_of_day():
    moment = timezone.make_aware(dt.datetime(2026, 3, 5, 21, 30), CLUB)
    moved = timezone.localtime(moved_to(moment, dt.date(2026, 2, 1)), CLUB)
    assert (moved.date(), moved.time()) == (dt.date(2026, 2, 1), dt.time(21, 30))


def test_redating_replays_the_ratings_to_equal_a_full_replay(owner):
    played_sheet(owner, heads={"Anna": 0, "Ben": 3, "Clara": 12})
    second = played_sheet(owner, heads={"Anna": 12, "Ben": 3, "Clara": 0})
    unchanged = snapshot()
    organising.redate(second, club_today() - dt.timedelta(days=2), by=organiser(), reason="x")
    moved = snapshot()
    assert moved != unchanged  # the order of the two events changed
    assert ratings.replay("sarkophag").rows_written == 0
    assert snapshot() == moved


def test_a_redate_into_the_future_is_refused_and_changes_nothing(owner):
    session = played_sheet(owner)
    with pytest.raises(organising.OrganisingRefused):
        organising.redate(
            session, club_today() + dt.timedelta(days=1), by=organiser(), reason="oops"
        )
    session.refresh_from_db()
    assert session.played_on == club_today()
    assert not AuditEntry.objects.exists()


def test_the_admin_changes_the_played_date(client, owner):
    session = played_sheet(owner)
    client.force_login(organiser())
    day = club_today() - dt.timedelta(days=3)
    url = f"/admin/scoring/playsession/{session.pk}/redate/"
    assert client.get(url).status_code == 200
    response = client.post(url, {"played_on": day.isoformat(), "reason": "late entry"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.played_on == day


# --- sorting, import and export ----------------------------------------------------------------


def test_sheets_in_progress_sort_by_their_played_date(owner):
    names = players("Anna", "Ben", "Clara")
    older = sheets.create_session(
        "sarkophag", owner, names, details={"played_on": club_today() - dt.timedelta(days=4)}
    )
    newer = sheets.create_session("sarkophag", owner, names)
    assert list(PlaySession.objects.newest_first()) == [newer, older]


def test_location_and_notes_go_out_and_come_back_in(owner):
    session = played_sheet(owner)
    session.location, session.notes = "Vereinsheim", "Finale\nmit Kuchen"
    session.save()
    [sheet] = json.loads("".join(sheet_lines(PlaySession.objects.all())))
    assert (sheet["location"], sheet["notes"]) == ("Vereinsheim", "Finale\nmit Kuchen")
    session.delete()
    import_sheets([sheet])
    back = PlaySession.objects.get()
    assert (back.location, back.notes) == ("Vereinsheim", "Finale\nmit Kuchen")


def test_an_imported_sheet_is_played_on_its_date():
    sheet = {"game": "sarkophag", "players": ["Anna", "Ben", "Cy"], "date": "2019-04-02"}
    sheet["rounds"] = [{"heads": {"Anna": 20, "Ben": 3, "Cy": 0}}]
    import_sheets([sheet])
    assert PlaySession.objects.get().played_on == dt.date(2019, 4, 2)


def test_a_location_that_is_not_text_is_refused_naming_the_sheet_and_field():
    sheet = {"game": "sarkophag", "players": ["Anna", "Ben", "Cy"], "date": "2019-04-02"}
    sheet.update(rounds=[{"heads": {"Anna": 20, "Ben": 3, "Cy": 0}}], location=["a", "list"])
    with pytest.raises(ImportRefused) as refused:
        import_sheets([sheet])
    assert (refused.value.index, refused.value.field) == (0, "location")
    assert not PlaySession.objects.exists()


def test_the_sheets_own_export_carries_its_location(client, owner):
    session = sheets.create_session(
        "sarkophag", owner, players("Anna", "Ben", "Clara"), details={"location": "Park"}
    )
    data = client.get(f"/scorekeeper/{session.public_id}/export.json").json()
    assert data["location"] == "Park"
    assert "notes" not in data  # empty: left out


def test_the_sheets_own_export_imports_back_with_its_place(owner):
    session = played_sheet(owner)
    session.location = "Park"
    session.save()
    data = sheet_import.export_sheet(session)
    session.delete()
    assert sheet_import.import_sheet(data, owner).location == "Park"
