"""Each scorekeeper page loads the shared provisional totals (static/js/provisional.js) and
its own game's rule (static/js/provisional-<game>.js, through the game's part
templates/scoring/<game>/_provisional.html), no other game's; the worker keeps every rule."""

from __future__ import annotations

import re

import pytest
from django.templatetags.static import static

from games.engines.registry import slugs
from sarco import offline
from scoring import sheets

from .sheet_helpers import players

pytestmark = pytest.mark.django_db

RULE = re.compile(r'<script src="[^"]*/js/provisional-([a-z]+)\.js"')


def rules_on(client, url: str) -> list[str]:
    html = client.get(url).content.decode()
    assert static("js/provisional.js") in html
    return RULE.findall(html)


@pytest.mark.parametrize("game", slugs())
def test_a_new_sheet_page_loads_its_own_game_s_rule(client, owner, game):
    assert rules_on(client, f"/scorekeeper/new/{game}/") == [game]


def test_a_sheet_page_loads_its_game_s_rule(client, owner):
    session = sheets.create_session("sarkophag", owner, players("Anna", "Ben", "Clara"))
    assert rules_on(client, f"/scorekeeper/{session.public_id}/") == ["sarkophag"]


def test_the_start_page_loads_no_game_s_rule(client, owner):
    assert rules_on(client, "/scorekeeper/") == []


@pytest.mark.parametrize("game", slugs())
def test_the_worker_keeps_every_game_s_rule(game):
    assert static(f"js/provisional-{game}.js") in offline.kept_urls()
