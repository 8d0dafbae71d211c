"""The table page's "your turn" notice: its script and words for seated players only."""

from __future__ import annotations

import pytest
from django.test import Client

from .helpers import sarg_table, user, user_at

pytestmark = pytest.mark.django_db


def page(someone, table, language: str = "en") -> str:
    client = Client()
    if someone is not None:
        client.force_login(someone)
    answer = client.get(f"/play/{table.public_id}/", headers={"accept-language": language})
    return answer.content.decode()


def test_a_seated_player_gets_the_notice_hidden_until_the_script_offers_it():
    table = sarg_table()
    html = page(user_at(table, 0), table)
    assert 'id="turn-notice" hidden' in html
    assert 'data-notice-title="Your turn"' in html
    assert "data-allow-notifications" in html
    assert "js/turn-notice.js" in html


def test_spectators_and_visitors_get_no_notice():
    table = sarg_table()
    assert 'id="turn-notice"' not in page(user(), table)
    assert 'id="turn-notice"' not in page(None, table)


def test_the_notice_speaks_german():
    table = sarg_table()
    html = page(user_at(table, 0), table, "de")
    assert 'data-notice-title="Du bist dran"' in html
    assert "Benachrichtigungen erlauben" in html
