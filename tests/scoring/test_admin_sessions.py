"""The sessions admin: find a session, read it, void, restore and delete it (correcting a round:
test_admin_correct.py)."""

import re

import pytest
from django.contrib.auth.models import User

from scoring.models import AuditEntry, PlaySession
from tests.scoring.organiser_helpers import (
    finished_sarg,
    hours_ago,
    organiser,
    ratings_are_a_full_replay,
    superuser,
)

pytestmark = pytest.mark.django_db

LIST = "/admin/scoring/playsession/"


def page(client, url, **params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200
    return response.content.decode()


def listed(client, **params) -> set[int]:
    response = client.get(LIST, params)
    assert response.status_code == 200
    return {s.pk for s in response.context["cl"].result_list}


# --- the list -----------------------------------------------------------------------------------


def test_the_list_shows_game_date_and_players(client, olga):
    finished_sarg(names=("Anna", "Ben"))
    html = page(client, LIST)
    assert "Anna, Ben" in html and "Sarg" in html


def test_search_by_player_name(client, olga):
    anna = finished_sarg(names=("Anna", "Ben"))
    finished_sarg(names=("Clara", "Dora"))
    assert listed(client, q="ann") == {anna.pk}


def test_search_by_a_sheets_public_id(client, olga):
    anna = finished_sarg()
    assert listed(client, q=str(anna.public_id)) == {anna.pk}


def test_filters_by_game_mode_status_voided_player_and_date(client, olga):
    old = finished_sarg(names=("Anna", "Ben"), at=hours_ago(24 * 40))
    new = finished_sarg(names=("Clara", "Ben"))
    PlaySession.objects.filter(pk=new.pk).update(voided_at=new.finished_at, mode="online")
    clara = new.seats.get(position=0).player
    assert listed(client, game="sarg") == {old.pk, new.pk}
    assert listed(client, game="sarkophag") == set()
    assert listed(client, mode="online") == {new.pk}
    assert listed(client, status="finished") == {old.pk, new.pk}
    assert listed(client, voided="yes") == {new.pk}
    assert listed(client, voided="no") == {old.pk}
    assert listed(client, seats__player__id__exact=clara.pk) == {new.pk}
    since = str(hours_ago(24 * 7))
    assert listed(client, finished_at__gte=since) == {new.pk}


# --- the change page ----------------------------------------------------------------------------


def test_the_change_page_shows_seats_rounds_results_and_actions(client, olga):
    session = finished_sarg()
    html = page(client, f"{LIST}{session.pk}/change/")
    assert "Anna" in html and "Ben" in html
    assert "queen" in html and "38" in html  # a round's entry
    assert f"{session.pk}/correct/" in html and f"{session.pk}/void/" in html
    assert "Audit trail" in html


def test_created_by_names_the_login_without_a_link_an_organiser_cannot_follow(client, olga):
    session = finished_sarg()
    user_page = f"/admin/auth/user/{session.created_by_id}/change/"
    assert client.get(user_page).status_code == 403
    html = page(client, f"{LIST}{session.pk}/change/")
    assert user_page not in html
    assert "keeper" in html  # the name, shown plainly


def test_created_by_links_to_the_login_for_whoever_may_view_it(client):
    client.force_login(superuser())
    session = finished_sarg()
    html = page(client, f"{LIST}{session.pk}/change/")
    assert f"/admin/auth/user/{session.created_by_id}/change/" in html


def test_seats_are_counted_from_one_beside_the_seat_names(client, olga):
    session = finished_sarg()
    response = client.get(f"{LIST}{session.pk}/change/")
    html = response.content.decode()
    numbers = re.findall(r"field-seat_number\">\s*<p>(\d+)</p>", html)
    assert numbers == ["1", "2"]
    assert "Anna at seat 1" in html


# --- void, restore, delete ----------------------------------------------------------------------


def test_void_needs_a_reason_then_takes_the_session_out(client, olga):
    session = finished_sarg()
    url = f"{LIST}{session.pk}/void/"
    assert client.post(url, {"reason": ""}).status_code == 200
    session.refresh_from_db()
    assert session.voided_at is None
    response = client.post(url, {"reason": "Wrong deck."})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.voided_at is not None
    assert AuditEntry.objects.about(session).get().reason == "Wrong deck."
    html = page(client, f"{LIST}{session.pk}/change/")
    assert f"{session.pk}/restore/" in html and "Void since" in html


def test_restore_through_the_admin(client, olga):
    session = finished_sarg()
    client.post(f"{LIST}{session.pk}/void/", {"reason": "Wrong deck."})
    client.post(f"{LIST}{session.pk}/restore/", {"reason": "Right deck after all."})
    session.refresh_from_db()
    assert session.voided_at is None
    assert ratings_are_a_full_replay("sarg")


def test_voiding_the_selected_sessions_asks_why_first(client, olga):
    first, second = finished_sarg(), finished_sarg(names=("Clara", "Dora"))
    body = {"action": "void_selected", "_selected_action": [first.pk, second.pk]}
    response = client.post(LIST, body)
    assert response.status_code == 200 and "Void these sessions" in response.content.decode()
    assert not PlaySession.objects.filter(voided_at__isnull=False).exists()
    response = client.post(LIST, {**body, "apply": "1", "reason": "Test games."})
    assert response.status_code == 302
    assert PlaySession.objects.filter(voided_at__isnull=False).count() == 2
    assert AuditEntry.objects.filter(action="void").count() == 2
    assert ratings_are_a_full_replay("sarg")


def test_restoring_selected_sessions_that_count_says_so(client, olga):
    session = finished_sarg()
    body = {"action": "restore_selected", "_selected_action": [session.pk], "apply": "1"}
    response = client.post(LIST, {**body, "reason": "Oops."}, follow=True)
    assert "not void" in response.content.decode()


def test_delete_asks_why_and_keeps_the_audit_entry(client, olga):
    session = finished_sarg()
    response = client.post(f"{LIST}{session.pk}/remove/", {"reason": "Entered twice."})
    assert response.status_code == 302
    assert not PlaySession.objects.exists()
    html = page(client, "/admin/scoring/auditentry/")
    assert "Entered twice." in html


def test_the_audit_list_counts_its_entries_in_words(client, olga):
    for session in (finished_sarg(), finished_sarg(names=("Clara", "Dora"))):
        client.post(f"{LIST}{session.pk}/void/", {"reason": "Wrong deck."})
    assert "2 audit entries" in page(client, "/admin/scoring/auditentry/")
    german = client.get("/admin/scoring/auditentry/", HTTP_ACCEPT_LANGUAGE="de")
    assert "2 Protokolleinträge" in german.content.decode()


def test_django_own_delete_is_not_offered(client, olga):
    session = finished_sarg()
    assert client.get(f"{LIST}{session.pk}/delete/").status_code == 403
    body = {"action": "delete_selected", "_selected_action": [session.pk], "post": "yes"}
    client.post(LIST, body)
    assert PlaySession.objects.filter(pk=session.pk).exists()


def test_deleting_the_selected_sessions_asks_why_and_audits_each(client, olga):
    first, second = finished_sarg(), finished_sarg(names=("Clara", "Dora"))
    body = {"action": "delete_selected", "_selected_action": [first.pk, second.pk]}
    response = client.post(LIST, body)
    assert response.status_code == 200 and "Delete these sessions" in response.content.decode()
    response = client.post(LIST, {**body, "apply": "1", "reason": " "})
    assert response.status_code == 200 and PlaySession.objects.count() == 2
    response = client.post(LIST, {**body, "apply": "1", "reason": "Entered twice."}, follow=True)
    assert "2 sessions were deleted; ratings are updated." in response.content.decode()
    assert not PlaySession.objects.exists()
    assert AuditEntry.objects.filter(action="delete", reason="Entered twice.").count() == 2
    assert ratings_are_a_full_replay("sarg")


def test_the_bulk_delete_is_not_offered_without_delete_permission(client):
    user = organiser()
    group = user.groups.get()
    group.permissions.remove(*group.permissions.filter(codename="delete_playsession"))
    client.force_login(User.objects.get(pk=user.pk))
    session = finished_sarg()
    assert 'value="delete_selected"' not in page(client, LIST)
    body = {"action": "delete_selected", "_selected_action": [session.pk], "apply": "1"}
    client.post(LIST, {**body, "reason": "Entered twice."})
    assert PlaySession.objects.filter(pk=session.pk).exists()


def test_an_organiser_without_delete_permission_cannot_delete(client):
    user = organiser()
    group = user.groups.get()
    group.permissions.remove(*group.permissions.filter(codename="delete_playsession"))
    client.force_login(User.objects.get(pk=user.pk))
    session = finished_sarg()
    assert client.post(f"{LIST}{session.pk}/remove/", {"reason": "x"}).status_code == 403
    assert PlaySession.objects.filter(pk=session.pk).exists()
