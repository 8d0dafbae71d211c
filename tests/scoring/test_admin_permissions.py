"""Who gets into the organisers' admin: organisers and superusers; nobody else."""

import pytest
from django.contrib.auth.models import User

from scoring.models import AuditEntry
from scoring.organising import void
from tests.scoring.organiser_helpers import finished_sarg, member, organiser, superuser

pytestmark = pytest.mark.django_db

WHY = {"reason": "Wrong deck."}


def urls(session):
    base = f"/admin/scoring/playsession/{session.pk}"
    return [
        "/admin/scoring/playsession/",
        f"{base}/change/",
        f"{base}/correct/",
        f"{base}/void/",
        f"{base}/restore/",
        "/admin/scoring/playsession/export/seats/",
        "/admin/scoring/player/",
        "/admin/scoring/auditentry/",
        "/admin/scoring/season/",
    ]


def test_anonymous_visitors_are_sent_to_the_login(client):
    for url in urls(finished_sarg()):
        response = client.get(url)
        assert response.status_code == 302, url
        assert "/admin/login/" in response["Location"]


def test_members_are_sent_to_the_login_too(client):
    client.force_login(member())
    for url in urls(finished_sarg()):
        assert client.get(url).status_code == 302, url


def test_a_member_cannot_void_by_posting(client):
    session = finished_sarg()
    client.force_login(member())
    client.post(f"/admin/scoring/playsession/{session.pk}/void/", WHY)
    session.refresh_from_db()
    assert session.voided_at is None


def correction(session) -> dict:
    """A correction of round 1 that an organiser's post would save."""
    fields = {"mode": "typed", "queen": "0", "king": "100", "number": "1", "action": "save"}
    return {**fields, "version": session.version, **WHY}


@pytest.mark.parametrize(
    "who",
    [None, member, lambda: User.objects.create_user("staffer", is_staff=True)],
    ids=["anonymous", "member", "staff outside the organisers"],
)
def test_only_organisers_correct_a_round_by_posting(client, who):
    session = finished_sarg()
    if who is not None:
        client.force_login(who())
    response = client.post(f"/admin/scoring/playsession/{session.pk}/correct/", correction(session))
    assert response.status_code in (302, 403)
    assert session.rounds.get(number=1).entry == {"queen": 38, "king": 30}
    assert not AuditEntry.objects.exists()


def test_an_organiser_without_change_permission_cannot_correct(client):
    user = organiser()
    group = user.groups.get()
    group.permissions.remove(*group.permissions.filter(codename="change_playsession"))
    client.force_login(User.objects.get(pk=user.pk))
    session = finished_sarg()
    response = client.post(f"/admin/scoring/playsession/{session.pk}/correct/", correction(session))
    assert response.status_code == 403
    assert not AuditEntry.objects.exists()


def test_staff_outside_the_organisers_group_get_nothing(client):
    client.force_login(User.objects.create_user("staffer", is_staff=True))
    session = finished_sarg()
    assert client.get("/admin/scoring/playsession/").status_code == 403
    assert client.post(f"/admin/scoring/playsession/{session.pk}/void/", WHY).status_code == 403
    session.refresh_from_db()
    assert session.voided_at is None


def test_organisers_see_every_page(client):
    client.force_login(organiser())
    for url in urls(finished_sarg()):
        if url.endswith("/restore/"):
            continue
        assert client.get(url).status_code == 200, url


def test_superusers_see_every_page(client):
    client.force_login(superuser())
    for url in urls(finished_sarg()):
        assert client.get(url).status_code == 200, url


def test_organisers_cannot_manage_logins_or_groups(client):
    client.force_login(organiser())
    assert client.get("/admin/auth/user/").status_code == 403
    assert client.get("/admin/auth/group/").status_code == 403


def test_session_and_player_pages_are_read_only_views(client):
    client.force_login(organiser())
    session = finished_sarg()
    html = client.get(f"/admin/scoring/playsession/{session.pk}/change/").content.decode()
    assert 'name="_save"' not in html
    assert client.get("/admin/scoring/playsession/add/").status_code == 403
    before = session.game
    client.post(f"/admin/scoring/playsession/{session.pk}/change/", {"game": "sacrifice"})
    session.refresh_from_db()
    assert session.game == before


@pytest.mark.parametrize("make", [organiser, superuser])
def test_nobody_adds_changes_or_deletes_audit_entries(client, make):
    session = finished_sarg()
    entry = void(session, by=organiser("other"), reason="Wrong deck.")
    client.force_login(make())
    assert client.get("/admin/scoring/auditentry/add/").status_code == 403
    page = client.get(f"/admin/scoring/auditentry/{entry.pk}/change/")
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    client.post(f"/admin/scoring/auditentry/{entry.pk}/change/", {"reason": "rewritten"})
    assert client.get(f"/admin/scoring/auditentry/{entry.pk}/delete/").status_code == 403
    client.post(f"/admin/scoring/auditentry/{entry.pk}/delete/", {"post": "yes"})
    client.post(
        "/admin/scoring/auditentry/",
        {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"},
    )
    entry.refresh_from_db()
    assert entry.reason == "Wrong deck."
    assert AuditEntry.objects.count() == 1
