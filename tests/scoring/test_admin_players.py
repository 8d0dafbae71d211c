"""The players admin: rename, link to a login, merge (and its refusal), each audited."""

import pytest
from django.contrib.auth.models import User

from scoring.models import AuditEntry, Player, Seat
from tests.scoring.organiser_helpers import (
    finished_sarg,
    organiser,
    player,
    ratings_are_a_full_replay,
)

pytestmark = pytest.mark.django_db

LIST = "/admin/scoring/player/"


def test_the_list_shows_kind_and_sessions_and_filters_guests(client, olga):
    player("Henrik")
    player("henni", is_guest=True)
    finished_sarg(names=("Henrik", "Anna"))
    response = client.get(LIST, {"kind": "guest"})
    names = [p.name for p in response.context["cl"].result_list]
    assert names == ["henni"]
    html = client.get(LIST).content.decode()
    assert "guest" in html and "member" in html


def test_the_change_page_offers_rename_link_and_merge(client, olga):
    henrik = player("Henrik")
    html = client.get(f"{LIST}{henrik.pk}/change/").content.decode()
    for view in ("rename", "link", "merge"):
        assert f"{henrik.pk}/{view}/" in html
    assert 'name="_save"' not in html


def test_the_players_login_is_named_without_a_link_an_organiser_cannot_follow(client, olga):
    henrik = User.objects.create_user("henrik").player  # every login has its player
    html = client.get(f"{LIST}{henrik.pk}/change/").content.decode()
    assert f"/admin/auth/user/{henrik.user_id}/change/" not in html
    assert "henrik" in html


def test_rename_with_the_sign_up_rules(client, olga):
    henrik = player("Henrik")
    player("Anna")
    url = f"{LIST}{henrik.pk}/rename/"
    response = client.post(url, {"name": "ＡＮＮＡ", "reason": "Typo."})
    assert response.status_code == 200
    assert "already has this name" in response.content.decode()
    response = client.post(url, {"name": "  Henrik   B ", "reason": "Surname."})
    assert response.status_code == 302
    henrik.refresh_from_db()
    assert henrik.name == "Henrik B"
    entry = AuditEntry.objects.about(henrik).get()
    assert (entry.before, entry.after) == ({"name": "Henrik"}, {"name": "Henrik B"})
    assert "Surname." in client.get(f"{LIST}{henrik.pk}/change/").content.decode()


def test_link_a_player_to_a_login(client, olga):
    guest = player("Henrik", is_guest=True)
    login = User.objects.create_user("henrik2")
    url = f"{LIST}{guest.pk}/link/"
    response = client.post(url, {"username": "nobody", "reason": "Signed up."})
    assert "There is no login with this user name." in response.content.decode()
    response = client.post(url, {"username": "henrik2", "reason": "Signed up."})
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.user == login and not guest.is_guest
    client.post(url, {"username": "", "reason": "Wrong login."})
    guest.refresh_from_db()
    assert guest.user is None
    assert AuditEntry.objects.about(guest).count() == 2


def test_merge_a_guest_into_a_member(client, olga):
    member, guest = player("Henrik"), player("henni", is_guest=True)
    finished_sarg(names=("henni", "Anna"))
    response = client.post(
        f"{LIST}{guest.pk}/merge/", {"into": member.pk, "reason": "Same person."}
    )
    assert response.status_code == 302 and response["Location"].endswith(f"/{member.pk}/change/")
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert Seat.objects.filter(player=member).count() == 1
    assert ratings_are_a_full_replay("sarg")


def test_a_merge_that_would_seat_one_person_twice_shows_why(client, olga):
    finished_sarg(names=("Henrik", "henni"))
    member, guest = Player.objects.get(name="Henrik"), Player.objects.get(name="henni")
    response = client.post(f"{LIST}{guest.pk}/merge/", {"into": member.pk, "reason": "Same."})
    assert response.status_code == 200
    assert "seat one person twice" in response.content.decode()
    assert Player.objects.filter(pk=guest.pk).exists()


def test_merge_the_selected_players_asks_for_the_target_first(client, olga):
    member = player("Henrik")
    guests = [player("henni", is_guest=True), player("H.", is_guest=True)]
    finished_sarg(names=("henni", "Anna"))
    finished_sarg(names=("H.", "Ben"))
    body = {"action": "merge_selected", "_selected_action": [g.pk for g in guests]}
    response = client.post(LIST, body)
    assert response.status_code == 200 and "Merge players" in response.content.decode()
    response = client.post(LIST, {**body, "apply": "1", "into": member.pk, "reason": "Same."})
    assert response.status_code == 302
    assert Seat.objects.filter(player=member).count() == 2
    assert AuditEntry.objects.filter(action="merge").count() == 2
    assert ratings_are_a_full_replay("sarg")


def test_a_merge_sent_twice_applies_once_and_says_the_player_is_gone(client, olga):
    member, guest = player("Henrik"), player("henni", is_guest=True)
    url = f"{LIST}{guest.pk}/merge/"
    assert client.post(url, {"into": member.pk, "reason": "Same."}).status_code == 302
    again = client.post(url, {"into": member.pk, "reason": "Same."}, follow=True)
    assert again.status_code == 200 and "doesn’t exist" in again.content.decode()
    assert AuditEntry.objects.filter(action="merge").count() == 1


# --- undoing a merge, from its audit entry --------------------------------------------------------


def merged_guest(client):
    member, guest = player("Henrik"), player("henni", is_guest=True)
    finished_sarg(names=("henni", "Anna"))
    client.post(f"{LIST}{guest.pk}/merge/", {"into": member.pk, "reason": "Same person."})
    return AuditEntry.objects.get(action="merge"), member, guest


def test_a_merges_audit_entry_offers_its_undo(client, olga):
    entry, _member, _guest = merged_guest(client)
    html = client.get(f"/admin/scoring/auditentry/{entry.pk}/change/").content.decode()
    assert f"/admin/scoring/auditentry/{entry.pk}/undo-merge/" in html
    assert "Undo this merge" in html
    page = client.get(f"/admin/scoring/auditentry/{entry.pk}/undo-merge/").content.decode()
    assert 'value="Undo the merge"' in page and "henni comes back" in page


def test_undo_a_merge_asks_why_then_brings_the_player_back(client, olga):
    entry, _member, guest = merged_guest(client)
    url = f"/admin/scoring/auditentry/{entry.pk}/undo-merge/"
    response = client.post(url, {"reason": ""})
    assert response.status_code == 200 and not Player.objects.filter(pk=guest.pk).exists()
    response = client.post(url, {"reason": "Not the same person."})
    assert response.status_code == 302
    assert response["Location"].endswith(f"/admin/scoring/player/{guest.pk}/change/")
    assert Seat.objects.filter(player_id=guest.pk).count() == 1
    assert ratings_are_a_full_replay("sarg")
    html = client.get(f"/admin/scoring/auditentry/{entry.pk}/change/").content.decode()
    assert "This merge was undone on" in html and "Undo this merge" not in html


def test_a_merge_that_cannot_be_undone_says_why_and_offers_no_button(client, olga):
    entry, _member, _guest = merged_guest(client)
    player("Henni")
    url = f"/admin/scoring/auditentry/{entry.pk}/undo-merge/"
    html = client.get(url).content.decode()
    assert "A club player is called henni now" in html and 'value="Undo the merge"' not in html
    assert client.post(url, {"reason": "Not the same."}).status_code == 200
    assert not AuditEntry.objects.filter(action="undo_merge").exists()


def test_only_organisers_who_may_merge_undo_a_merge(client):
    olga = organiser()
    client.force_login(olga)
    entry, _member, guest = merged_guest(client)
    group = olga.groups.get()
    group.permissions.remove(*group.permissions.filter(codename="change_player"))
    client.force_login(User.objects.get(pk=olga.pk))
    url = f"/admin/scoring/auditentry/{entry.pk}/undo-merge/"
    assert client.post(url, {"reason": "x"}).status_code == 403
    html = client.get(f"/admin/scoring/auditentry/{entry.pk}/change/").content.decode()
    assert "Undo this merge" not in html
    assert not Player.objects.filter(pk=guest.pk).exists()
