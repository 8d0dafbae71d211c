"""Bot levels on tables: easy, normal and hard offered, stored, named and played; old
tables' "random" bots still work and show as easy."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games import botrunner, organising, tables
from games.bot_players import bot_name, level_choices, level_label
from games.bots import BOT_LEVELS, get_bot
from games.bots.easy import EasyBot
from games.bots.search import SearchBot
from games.forms import seat_choices
from games.labels import seat_name
from games.models import Table
from games.rendering import table_context

from .helpers import bot_table, sarg_table, user

pytestmark = pytest.mark.django_db


def test_tables_offer_easy_normal_and_hard():
    assert level_choices() == (("easy", "easy"), ("heuristic", "normal"), ("search", "hard"))
    offered = dict(seat_choices())
    assert offered["bot:easy"] == "Bot (easy)"
    assert offered["bot:heuristic"] == "Bot (normal)"
    assert offered["bot:search"] == "Bot (hard)"
    assert "bot:random" not in offered


def test_the_levels_are_named_in_each_readers_language_however_often_asked():
    level_choices()  # English first, kept
    with translation.override("de"):
        assert level_choices() == (
            ("easy", "leicht"),
            ("heuristic", "normal"),
            ("search", "schwer"),
        )
    assert level_choices()[0] == ("easy", "easy")


def test_the_levels_are_the_easy_heuristic_and_search_bots():
    assert isinstance(get_bot("sarg", "easy"), EasyBot)
    assert get_bot("sarg", "heuristic").name == "heuristic"
    assert isinstance(get_bot("sarg", "search"), SearchBot)
    assert BOT_LEVELS == ("easy", "heuristic", "search")


def test_a_hard_bot_seat_shows_its_level():
    table = bot_table("sarg", level="search")
    seat = table.seats.get(position=1)
    assert seat.bot_level == "search"
    assert seat_name(seat) == "Bot (hard)"
    assert seat.player.name == bot_name("search") == "Bot (hard)"


def test_an_old_random_bot_still_plays_and_shows_as_easy():
    table = bot_table("sarg", level="random")
    seat = table.seats.get(position=1)
    assert seat_name(seat) == "Bot (easy)" and level_label("random") == "easy"


def test_creating_a_table_with_a_hard_bot_from_the_lobby():
    client = Client()
    client.force_login(user())
    answer = client.post(
        "/play/new/", {"game": "sarg", "sarg-seats": "2", "sarg-seat_1": "bot:search"}
    )
    assert answer.status_code == 302
    assert Table.objects.get().seats.get(position=1).bot_level == "search"


def test_the_host_seats_a_bot_at_a_chosen_level_and_the_page_offers_the_levels():
    host = user()
    table = tables.open_table("sarg", host, seats=2)
    context = table_context(table, 0, user=host)
    assert context["bot_levels"] == level_choices()
    tables.seat_bot(table, 1, "search")
    assert table.seats.get(position=1).bot_level == "search"
    with pytest.raises(tables.TableError):
        tables.seat_bot(table, 1, "grandmaster")


def test_an_organiser_hands_a_seat_to_a_hard_bot():
    table = sarg_table()
    organiser = user(is_staff=True)
    organising.hand_seat_to_bot(
        table, 1, by=organiser, reason="left the club night", level="search"
    )
    assert table.seats.get(position=1).bot_level == "search"


def test_a_hard_bot_moves_at_a_table():
    host = user()
    table = bot_table("sarg", host=host, level="search")
    for _ in range(3):
        table.refresh_from_db()
        if table.bot_to_act:
            assert botrunner.bot_turn(table.pk) == 1
        else:
            move = table.engine.legal_moves(table.state(), 0)[0]
            tables.play(table, host, move, table.version)
    assert table.moves.filter(by_bot=True).exists()
