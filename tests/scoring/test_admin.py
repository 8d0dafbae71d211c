"""The Django admin: organisers (staff) get in and see players; nobody else does."""

import pytest
from django.contrib.auth import get_user_model

from scoring.models import Player

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_the_admin_login(client):
    response = client.get("/admin/scoring/player/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_members_without_staff_status_cannot_use_the_admin(client):
    client.force_login(get_user_model().objects.create_user("member"))
    response = client.get("/admin/scoring/player/")
    assert response.status_code == 302


def test_organisers_see_the_players(admin_client):
    Player.objects.create(name="Henrik", is_guest=True)
    response = admin_client.get("/admin/scoring/player/")
    assert response.status_code == 200
    assert "Henrik" in response.content.decode()


def test_organisers_can_search_players(admin_client):
    Player.objects.create(name="Henrik")
    Player.objects.create(name="Nico")
    html = admin_client.get("/admin/scoring/player/?q=hen").content.decode()
    assert "Henrik" in html and "Nico" not in html


def test_a_play_session_s_seats_and_rounds_are_read_only_in_the_admin(admin_client):
    """Rounds change only through the calculators (the sheet, or an organiser's correction):
    the inlines offer no control to edit, add or delete a seat or a round."""
    import re

    from scoring import sheets

    from .sheet_helpers import sarkophag_sheet, user

    session = sarkophag_sheet(user(), limit=50)
    entry = {"heads": {"Anna": 7, "Ben": 0, "Clara": 12}}
    sheets.apply_edit(session.public_id, session.created_by, "add", entry=entry)
    html = admin_client.get(f"/admin/scoring/playsession/{session.pk}/change/").content.decode()
    controls = re.findall(r"<(?:input|select|textarea)[^>]*>", html)
    editable = [
        c for c in controls if re.search(r'name="(seats|rounds)-\d', c) and 'type="hidden"' not in c
    ]
    assert not editable, editable
    assert "Anna" in html and "12" in html
