"""The pace in the lobby: the host picks it in the new-table form, the lists show it in
words and filter by it with a plain GET (no script needed)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games import tables
from games.models import Table
from games.rendering import lobby_fragments
from tests.games.helpers import client_for, user

pytestmark = pytest.mark.django_db


def create(pace: str, someone=None):
    data = {"game": "sarg", "sarg-seats": "2", "sarg-seat_1": "open", "sarg-pace": pace}
    return client_for(someone or user()).post("/play/new/", data)


def test_the_form_offers_every_pace_in_words():
    html = client_for(user()).get("/play/").content.decode()
    assert 'name="sarg-pace"' in html
    for value in ("live:30", "live:60", "live:90", "live:120"):
        assert f'value="{value}"' in html
    for value in ("daily:1", "daily:2", "daily:3", "daily:5", "daily:7", "daily:14"):
        assert f'value="{value}"' in html
    assert "60 seconds a move" in html
    assert "14 days a move" in html
    assert "No clock" in html


@pytest.mark.parametrize(
    ("pace", "clock"),
    [
        ("", None),
        ("live:30", {"kind": "live", "seconds": 30}),
        ("live:120", {"kind": "live", "seconds": 120}),
        ("daily:1", {"kind": "daily", "days": 1}),
        ("daily:14", {"kind": "daily", "days": 14}),
    ],
)
def test_the_host_picks_the_pace(pace, clock):
    answer = create(pace)
    assert answer.status_code == 302
    assert Table.objects.get().clock == clock


@pytest.mark.parametrize("pace", ["live:45", "daily:4", "live:", "blitz:1", "daily:1e1", "live:٣0"])
def test_a_pace_not_offered_is_refused_with_a_message(pace):
    answer = create(pace)
    assert answer.status_code == 400
    assert not Table.objects.exists()
    assert "field-error" in answer.content.decode()


def _table(clock=None) -> Table:
    return tables.open_table("sarg", user(), seats=2, clock=clock)


def test_each_table_shows_its_pace_in_words():
    _table({"kind": "live", "seconds": 90})
    _table({"kind": "daily", "days": 3})
    _table()
    html = client_for().get("/play/").content.decode()
    assert "90 seconds a move" in html
    assert "3 days a move" in html
    assert "No clock" in html


@pytest.mark.parametrize(
    ("pace", "shown"),
    [("", {"live", "daily", "none"}), ("live", {"live"}), ("daily", {"daily"}), ("none", {"none"})],
)
def test_the_lobby_filters_by_pace_with_a_plain_get(pace, shown):
    made = {
        "live": _table({"kind": "live", "seconds": 30}),
        "daily": _table({"kind": "daily", "days": 2}),
        "none": _table(),
    }
    answer = client_for(user()).get("/play/", {"pace": pace} if pace else {})
    html = answer.content.decode()
    assert answer.status_code == 200
    for kind, table in made.items():
        assert (f"/play/{table.public_id}/" in html) is (kind in shown)


def test_the_filter_form_is_a_get_form_with_the_choice_kept():
    html = client_for().get("/play/", {"pace": "daily"}).content.decode()
    assert 'method="get"' in html
    assert 'name="pace"' in html
    assert 'value="daily" checked' in html or 'value="daily" selected' in html


def test_the_lobby_socket_keeps_the_filter():
    live = _table({"kind": "live", "seconds": 30})
    daily = _table({"kind": "daily", "days": 2})
    html = lobby_fragments(user(), pace="daily")
    assert f"/play/{daily.public_id}/" in html
    assert f"/play/{live.public_id}/" not in html


def test_the_page_connects_its_socket_with_the_filter():
    html = client_for().get("/play/", {"pace": "live"}).content.decode()
    assert 'ws-connect="/ws/play/lobby/?pace=live"' in html


@pytest.mark.parametrize("pace", ["hourly", "<script>", "live&x=1", "٣", "x" * 3000])
def test_a_bad_filter_shows_every_table(pace):
    table = _table({"kind": "live", "seconds": 30})
    answer = client_for().get("/play/", {"pace": pace})
    assert answer.status_code == 200
    assert f"/play/{table.public_id}/" in answer.content.decode()
    assert "<script>" not in answer.content.decode().split("</header>")[-1].split("lobby-filter")[0]


class HostilePaceTest(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.member = user()

    @settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(
        st.one_of(
            st.text(max_size=20),
            st.sampled_from(["live:30.0", "daily:-1", "live:0030", "daily:14 ", ":", "live:1:2"]),
        )
    )
    def test_never_a_server_error_and_a_refusal_opens_nothing(self, pace):
        data = {"game": "sarg", "sarg-seats": "2", "sarg-seat_1": "open", "sarg-pace": pace}
        answer = client_for(self.member).post("/play/new/", data)
        assert answer.status_code < 500
        if answer.status_code != 302:
            assert not Table.objects.exists()
