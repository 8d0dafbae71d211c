"""The replay: a finished table stepped move by move; a running table shows none."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import tables
from games.replay import table_states
from tests.games.helpers import bot_table, first_legal, play_out, sarg_table, user, user_at

pytestmark = pytest.mark.django_db

CARD = re.compile(r'data-card="([^"]*)"')


def finished_table():
    table = sarg_table()
    while table.status == "playing":
        position = table.to_act[0]
        move = first_legal(table, position)
        table = tables.play(table, user_at(table, position), move, table.version)
    return table


def replay(table, query="", someone=None):
    client = Client()
    if someone is not None:
        client.force_login(someone)
    answer = client.get(f"/play/{table.public_id}/replay/{query}")
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_finished_game_steps_from_the_deal_to_the_end():
    table = finished_table()
    last = table.version
    first = replay(table, "?step=0")
    assert f"Step 0 of {last}" in first
    states = list(table_states(table))
    deal = states[0]
    shown = set(CARD.findall(first))
    assert set(deal.hands[0]) | set(deal.hands[1]) <= shown  # over: every hand may show
    assert f"Step {last} of {last}" in replay(table)
    assert "Step 5 of" in replay(table, "?step=5")


@pytest.mark.parametrize("step", ["-1", "²", "٣", "9" * 5000, "abc", "99999999"])
def test_odd_steps_fall_back_to_the_last_or_clamp(step):
    table = finished_table()
    html = replay(table, f"?step={step}", user())
    assert f"of {table.version}" in html


def test_a_running_table_has_no_replay_beyond_its_page():
    table = sarg_table()
    html = replay(table, "?step=0", user_at(table, 0))
    assert "The replay opens once the game is over" in html
    assert not CARD.findall(html)


def test_a_sarcophagus_replay_shows_each_hand_s_coins_in_words():
    table = play_out(bot_table("sarcophagus"))
    html = replay(table, "?step=0")
    hands = html[html.index('class="replay-hands"') : html.index('class="table-board"')]
    assert "sc-coin" in hands
    assert re.search(r"coin worth \d", hands)
    assert "{&#x27;suit&#x27;" not in html and "{'suit'" not in html
