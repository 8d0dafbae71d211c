"""The "your turn" list across a member's tables (home page) and its count in the menu."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import tables, your_turn
from games.models import Table, TableSeat

from .helpers import acting_user, client_for, first_legal, sarg_table, user, user_at

pytestmark = pytest.mark.django_db


def daily_table(host, guest, days: int = 3) -> Table:
    table = tables.open_table("sarg", host, seats=2, clock={"kind": "daily", "days": days})
    tables.take_seat(table, guest)
    tables.start(table, host)
    return Table.objects.get(pk=table.pk)


def tables_to_act_for(someone, count: int) -> list[Table]:
    """``count`` started tables where ``someone`` is the seat to act, oldest first."""
    made = []
    while len(made) < count:
        table = sarg_table(host=someone)
        if user_at(table, table.to_act[0]) == someone:
            made.append(table)
        else:
            mover, position = acting_user(table)
            tables.play(table, mover, first_legal(table, position), table.version)
            table = Table.objects.get(pk=table.pk)
            if user_at(table, table.to_act[0]) == someone:
                made.append(table)
    return made


def test_the_tables_to_act_for_a_member_are_theirs_oldest_waiting_first():
    me = user()
    older, newer = tables_to_act_for(me, 2)
    now = timezone.now()
    Table.objects.filter(pk=older.pk).update(last_move_at=now - timedelta(days=2))
    Table.objects.filter(pk=newer.pk).update(last_move_at=now - timedelta(hours=1))
    assert list(Table.objects.to_act_for(me)) == [older, newer]


def test_a_table_where_someone_else_is_to_act_is_not_listed():
    me = user()
    (table,) = tables_to_act_for(me, 1)
    other = user_at(table, 1 - table.to_act[0])
    assert table not in Table.objects.to_act_for(other)


def test_a_seat_a_bot_plays_for_now_is_not_the_members_turn():
    me = user()
    (table,) = tables_to_act_for(me, 1)
    TableSeat.objects.filter(table=table, user=me).update(bot_level="easy")
    assert list(Table.objects.to_act_for(me)) == []


def test_nobody_signed_in_has_no_turns(rf):
    from django.contrib.auth.models import AnonymousUser

    assert list(Table.objects.to_act_for(AnonymousUser())) == []
    assert your_turn.count_for(AnonymousUser()) == 0


def test_the_count_costs_one_query_however_many_tables(django_assert_num_queries):
    me = user()
    tables_to_act_for(me, 3)
    sarg_table(host=me, started=False)
    with django_assert_num_queries(1):
        assert your_turn.count_for(me) == 3


def test_the_menu_says_at_how_many_tables_it_is_your_turn():
    me = user()
    tables_to_act_for(me, 2)
    html = client_for(me).get("/play/").content.decode()
    assert "Your turn at 2 tables" in html
    assert 'href="/#your-turn"' in html


def test_the_menu_has_no_badge_when_it_is_nobodys_turn():
    me = user()
    html = client_for(me).get("/").content.decode()
    assert "Your turn at" not in html
    assert "Your turn at" not in Client().get("/").content.decode()


def test_the_home_page_lists_each_turn_with_game_opponent_pace_and_time_left():
    me, rival = user("me"), user("rival")
    table = daily_table(me, rival, days=3)
    if user_at(table, table.to_act[0]) != me:
        mover, position = acting_user(table)
        tables.play(table, mover, first_legal(table, position), table.version)
    position = Table.objects.get(pk=table.pk).to_act[0]
    deadline = timezone.now() + timedelta(days=2, hours=3)
    TableSeat.objects.filter(table=table, position=position).update(deadline=deadline)
    html = client_for(me).get("/").content.decode()
    assert 'id="your-turn"' in html
    assert f"/play/{table.public_id}/" in html
    assert "Sarg" in html
    assert "rival" in html
    assert "3 days a move" in html
    assert re.search(r"2\sdays, [23]\shours left", html)


def test_the_home_page_in_german():
    me = user()
    tables_to_act_for(me, 1)
    client = client_for(me)
    html = client.get("/", headers={"accept-language": "de"}).content.decode()
    assert "Du bist dran" in html
    assert "Kein Zeitlimit" in html or "Ohne Uhr" in html or "Keine Uhr" in html


def test_a_member_with_no_turns_sees_no_list():
    html = client_for(user()).get("/").content.decode()
    assert 'id="your-turn"' not in html
