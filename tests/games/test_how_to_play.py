"""The "How to play" drawer: every table page carries its game's rules, closed until asked for."""

from __future__ import annotations

import pytest
from django.test import Client

from games import tables
from games.rendering import rules_template
from tests.games.helpers import bot_table, user

pytestmark = pytest.mark.django_db


def page(table) -> str:
    answer = Client().get(f"/play/{table.public_id}/")
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize(("game", "words"), [("sarkophag", "mummy heads"), ("sarg", "vampire")])
def test_a_running_table_has_the_rules_drawer_closed(game, words):
    html = page(bot_table(game))
    assert '<details class="how-to-play" id="how-to-play">' in html
    assert "How to play" in html
    assert words in html


def test_an_open_table_has_the_drawer_too():
    table = tables.open_table("sarkophag", user(), seats=3)
    assert 'class="how-to-play"' in page(table)


def test_a_game_without_rules_gets_no_drawer_and_no_error():
    assert rules_template("no-such-game") == ""
    assert rules_template("sarkophag") == "games/sarkophag/_rules.html"
