"""The lobby page and its create form: who sees what, and hostile posts changing nothing."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games import tables
from games.forms import NewTableForm
from games.models import Table
from games.rendering import lobby_fragments
from games.views.lobby import blank_fields
from sarco.catalog import GAMES
from tests.games.helpers import client_for, sarg_table, user, user_at

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_see_the_lists_and_a_way_to_log_in():
    page = client_for().get("/play/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/accounts/login/?next=/play/" in html
    assert 'name="game"' not in html  # no create form


def test_members_get_a_create_form_per_game_with_its_options():
    html = client_for(user()).get("/play/").content.decode()
    for game in ("sarkophag", "sacrifice", "sarcophagus", "sarg"):
        assert f'name="game" value="{game}"' in html
    assert 'name="sarg-to_1000"' in html
    assert 'name="sarkophag-limit"' in html
    assert 'name="sarkophag-seat_5"' in html  # six seats: seats 2..6 to choose
    assert 'name="sarg-seat_2"' not in html  # two seats: only seat 2


def test_creating_a_sarg_table_against_a_bot_opens_it_and_goes_there():
    host = user()
    answer = client_for(host).post(
        "/play/new/", {"game": "sarg", "sarg-seats": "2", "sarg-seat_1": "bot:heuristic"}
    )
    table = Table.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/play/{table.public_id}/"
    assert table.host == host
    assert table.seats.get(position=1).bot_level == "heuristic"
    assert table.options == {"to_1000": False}


def test_an_invite_only_seat_and_play_to_1000():
    client_for(user()).post(
        "/play/new/",
        {"game": "sarg", "sarg-seats": "2", "sarg-to_1000": "on", "sarg-seat_1": "invite"},
    )
    table = Table.objects.get()
    assert table.options == {"to_1000": True}
    assert table.seats.get(position=1).invite_only
    assert not Table.objects.joinable().exists()  # the lobby does not offer that seat


def test_sarkophag_with_a_head_limit_and_four_seats():
    client_for(user()).post(
        "/play/new/",
        {
            "game": "sarkophag",
            "sarkophag-seats": "4",
            "sarkophag-limit": "50",
            **{f"sarkophag-seat_{n}": "open" for n in range(1, 6)},
        },
    )
    table = Table.objects.get()
    assert table.options == {"limit": 50}
    assert table.seats.count() == 4


def test_a_bad_seat_count_is_refused_with_the_form_again():
    answer = client_for(user()).post(
        "/play/new/", {"game": "sarkophag", "sarkophag-seats": "9", "sarkophag-seat_1": "open"}
    )
    assert answer.status_code == 400
    assert not Table.objects.exists()
    assert "field-error" in answer.content.decode()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_blank_create_forms_are_drawn_once_and_as_afresh(language):
    """blank_fields keeps each game's blank form per language: the same HTML as a form drawn
    afresh, in that language, and a second page draws none again."""
    blank_fields.cache_clear()
    with translation.override(language):
        for info in GAMES:
            afresh = render_to_string(
                "games/_create_fields.html", {"form": NewTableForm(info.slug)}
            )
            assert blank_fields(info.slug, language) == afresh
    assert blank_fields.cache_info().misses == len(GAMES)
    member = client_for(user())
    member.get("/play/", headers={"accept-language": language})
    member.get("/play/", headers={"accept-language": language})
    assert blank_fields.cache_info().misses == len(GAMES)


def test_a_refused_form_is_drawn_with_its_values_not_the_blank_one():
    answer = client_for(user()).post(
        "/play/new/",
        {"game": "sarkophag", "sarkophag-seats": "9", "sarkophag-limit": "77"},
    )
    forms = answer.content.decode().split('<details class="create-game')[1:]
    refused = next(form for form in forms if "game-sarkophag" in form)
    assert 'name="sarkophag-limit" value="77"' in refused and "field-error" in refused
    assert all("field-error" not in form for form in forms if form is not refused)


def test_anonymous_create_goes_to_log_in_and_opens_nothing():
    answer = client_for().post("/play/new/", {"game": "sarg", "sarg-seats": "2"})
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")
    assert not Table.objects.exists()


def test_my_tables_mark_the_ones_where_it_is_my_turn():
    table = sarg_table()
    mover = user_at(table, table.to_act[0])
    html = client_for(mover).get("/play/").content.decode()
    assert "table-your-turn" in html
    assert "▶ Play online" in html  # the tab title says so too
    other = user_at(table, 1 - table.to_act[0])
    assert "table-your-turn" not in client_for(other).get("/play/").content.decode()


def test_waiting_and_running_tables_are_listed_per_game():
    waiting = tables.open_table("sarg", user(), seats=2)
    running = sarg_table()
    html = client_for(user()).get("/play/").content.decode()
    assert f"/play/{waiting.public_id}/" in html
    assert f"/play/{running.public_id}/" in html


def test_lobby_fragments_are_out_of_band_elements():
    tables.open_table("sarg", user(), seats=2)
    html = lobby_fragments(user())
    assert re.search(r"<section id=\"lobby-live\"[^>]*hx-swap-oob=\"true\"", html)
    assert re.search(r"<section id=\"lobby-mine\"[^>]*hx-swap-oob=\"true\"", html)
    assert 'hx-swap-oob="true"' in html


FIELDS = ["game", "sarg-seats", "sarg-to_1000", "sarg-seat_1", "sarkophag-seats",
          "sarkophag-limit", "sarkophag-seat_1", "sarkophag-seat_3"]  # fmt: skip
HOSTILE = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["²", "٣", "-1", "0", "1e3", "9" * 5000, "bot:", "bot:god", "sarg", "on"]),
)


class HostileCreateTest(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.member = user()

    @settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(st.dictionaries(st.sampled_from(FIELDS), HOSTILE, max_size=8))
    def test_never_a_server_error_and_a_refusal_opens_nothing(self, data):
        answer = client_for(self.member).post("/play/new/", data)
        assert answer.status_code < 500
        if answer.status_code != 302:
            assert not Table.objects.exists()


def test_no_game_seats_more_than_the_lobby_css_can_hide():
    """static/css/play.css hides the seats beyond the chosen count for up to six seats."""
    from games.engines import GAME_NAMES, get_engine

    assert max(get_engine(game).max_players for game in GAME_NAMES) <= 6
