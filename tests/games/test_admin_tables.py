"""Online tables in the organisers' admin: list running ones, abandon, hand a seat to a bot."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Table
from scoring.models import AuditEntry
from tests.scoring.organiser_helpers import member, organiser

from .helpers import sarg_table

pytestmark = pytest.mark.django_db

LIST = "/admin/games/table/"


@pytest.fixture
def olga(client):
    user = organiser()
    client.force_login(user)
    return user


def test_the_list_shows_running_tables(client, olga):
    running = sarg_table()
    waiting = sarg_table(started=False)
    response = client.get(LIST, {"live": "running"})
    assert response.status_code == 200
    assert [t.pk for t in response.context["cl"].result_list] == [running.pk]
    assert waiting.pk not in [t.pk for t in response.context["cl"].result_list]


def test_seats_are_counted_from_one_and_logins_are_not_links_to_a_403(client, olga):
    table = sarg_table()
    html = client.get(f"{LIST}{table.pk}/change/").content.decode()
    assert re.findall(r"field-seat_number\">\s*<p>(\d+)</p>", html) == ["1", "2"]
    assert "/admin/auth/user/" not in html


def test_the_change_page_is_read_only_with_the_organisers_actions(client, olga):
    table = sarg_table()
    html = client.get(f"{LIST}{table.pk}/change/").content.decode()
    assert 'name="_save"' not in html
    assert f"{table.pk}/abandon/" in html and f"{table.pk}/hand-to-bot/" in html


def test_abandon_needs_a_reason_and_is_audited(client, olga):
    table = sarg_table()
    url = f"{LIST}{table.pk}/abandon/"
    assert client.post(url, {"reason": " "}).status_code == 200
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
    assert client.post(url, {"reason": "Both players left."}).status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ABANDONED and not table.bot_to_act
    entry = AuditEntry.objects.about(table).get()
    assert entry.action == "abandon" and entry.reason == "Both players left."
    assert entry.before["status"] == "playing" and entry.after["status"] == "abandoned"


def test_abandoning_a_finished_table_is_refused_with_a_message(client, olga):
    table = sarg_table()
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    response = client.post(f"{LIST}{table.pk}/abandon/", {"reason": "Stuck."})
    assert response.status_code == 200 and "errornote" in response.content.decode()
    assert not AuditEntry.objects.exists()


def test_hand_an_absent_players_seat_to_a_bot(client, olga):
    table = sarg_table()
    url = f"{LIST}{table.pk}/hand-to-bot/"
    body = {"position": 1, "level": "heuristic", "reason": "Ben went home."}
    assert client.post(url, body).status_code == 302
    seat = table.seats.get(position=1)
    assert seat.bot_level == "heuristic" and seat.user_id is not None  # can take it back
    entry = AuditEntry.objects.about(table).get()
    assert entry.action == "hand_to_bot" and entry.after["handed"] == {
        "seat": 2,
        "level": "heuristic",
    }


def test_members_cannot_reach_the_tables_admin(client):
    table = sarg_table()
    client.force_login(member())
    assert client.get(LIST).status_code == 302
    client.post(f"{LIST}{table.pk}/abandon/", {"reason": "x"})
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


NASTY = st.one_of(st.text(max_size=30), st.sampled_from(["²", "-1", "99", "9" * 5000, ""]))


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=NASTY, level=NASTY, reason=NASTY, view=st.sampled_from(["abandon", "hand-to-bot"]))
def test_odd_posts_never_fail_with_a_server_error(position, level, reason, view):
    client = Client()
    client.force_login(User.objects.filter(username="olga").first() or organiser())
    table = Table.objects.running().first() or sarg_table()
    body = {"position": position, "level": level, "reason": reason}
    assert client.post(f"{LIST}{table.pk}/{view}/", body).status_code in (200, 302)
