"""What reaches a viewer: only their seat's view, in fragments the sockets can swap."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games import rendering, tables
from games.models import Table
from tests.games.helpers import sarg_table, user, user_at

pytestmark = pytest.mark.django_db

CARD = re.compile(r'data-card="([^"]*)"')
CARD_VALUE = re.compile(r'"((?:10|[2-9AJQK])[SHDC]|JK)"')


def allowed(table: Table, seat: int | None) -> set[str]:
    return set(CARD_VALUE.findall(json.dumps(table.engine.view(table.state(), seat))))


def test_fragments_across_a_random_game_show_only_what_each_view_holds():
    table = sarg_table()
    rng = random.Random(7)
    stranger = user()
    while table.status == "playing":
        for seat, who in ((0, user_at(table, 0)), (1, user_at(table, 1)), (None, stranger)):
            html = rendering.table_fragments(table, seat, user=who)
            assert set(CARD.findall(html)) <= allowed(table, seat)
        position = table.to_act[0]
        move = rng.choice(table.engine.legal_moves(table.state(), position))
        table = tables.play(table, user_at(table, position), move, table.version)


def test_fragments_are_elements_with_ids_swapped_out_of_band():
    table = sarg_table()
    html = rendering.table_fragments(table, 0, user=user_at(table, 0))
    for element in ("table-status", "table-seats", "table-board", "table-actions"):
        assert re.search(rf'id="{element}"[^>]*hx-swap-oob="true"', html)
    assert 'data-announce="' in html  # the banner, read out after each swap


def test_spectators_share_one_rendering_per_version():
    table = sarg_table()
    first = rendering.table_fragments(table, None, user=user())
    again = rendering.table_fragments(table, None, user=user())
    assert first == again
    position = table.to_act[0]
    move = table.engine.legal_moves(table.state(), position)[0]
    table = tables.play(table, user_at(table, position), move, table.version)
    assert rendering.table_fragments(table, None, user=user()) != first


def test_a_seat_change_before_the_start_is_not_hidden_by_the_spectator_cache():
    table = tables.open_table("sarg", user(), seats=2)
    watcher = user()
    before = rendering.table_fragments(table, None, user=watcher)
    tables.seat_bot(table, 1, "random")
    table = Table.objects.get(pk=table.pk)
    assert rendering.table_fragments(table, None, user=watcher) != before


def test_viewer_seat():
    table = sarg_table()
    assert rendering.viewer_seat(table, user_at(table, 1)) == 1
    assert rendering.viewer_seat(table, user()) is None
    assert rendering.viewer_seat(table, None) is None


def test_every_form_in_a_fragment_posts_through_htmx():
    """Fragments are rendered without a request, so they hold no CSRF field: their forms
    must post with htmx, which sends the page's CSRF header."""
    waiting = tables.open_table("sarg", user(), seats=2)
    running = sarg_table()
    away = timezone.now() - timedelta(hours=1)  # the host is offered to hand the seat over
    running.seats.filter(position=1).update(last_seen_at=away)
    running = Table.objects.with_seats().get(pk=running.pk)
    for table, who in ((waiting, waiting.host), (waiting, user()), (running, running.host)):
        html = rendering.table_fragments(table, rendering.viewer_seat(table, who), user=who)
        forms = re.findall(r"<form[^>]*>", html)
        assert forms
        assert all("hx-post=" in form for form in forms)


def test_the_banner_of_a_shared_win_says_they_share_it():
    finished = type("Finished", (), {"status": "finished"})()
    rows = [
        {"name": "Anna", "winner": True, "is_you": False},
        {"name": "Ben", "winner": True, "is_you": False},
        {"name": "Clara", "winner": False, "is_you": False},
    ]
    banner = rendering._banner(finished, None, rows, set(), None)
    assert banner["text"] == "Game over: Anna & Ben share the win."


def test_the_fragments_key_names_what_it_holds_and_equals_its_plain_tuple():
    table = Table.objects.with_seats().get(pk=sarg_table().pk)
    host = user_at(table, 0)
    key = rendering.fragments_key(table, 0, host)
    assert (key.public_id, key.version, key.status) == (table.public_id.hex, 0, "playing")
    assert (key.seat, key.signed_in, key.is_host) == (0, True, True)
    assert key == tuple(key) and hash(key) == hash(tuple(key))
    assert key._replace(version=1).version == 1 and key.language == key[-1]


def test_a_seats_score_is_grouped_as_its_readers_language_groups_it_however_often_asked():
    assert rendering.score_text(12345) == "12,345"  # English first, kept
    with translation.override("de"):
        assert rendering.score_text(12345) == "12.345"
    assert (rendering.score_text(12345), rendering.score_text(-7)) == ("12,345", "-7")
