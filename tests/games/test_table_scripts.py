"""The table page loads the scripts of its own game's board (templates/games/<game>/_scripts.html)
and no other game's."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.helpers import bot_table

pytestmark = pytest.mark.django_db

SCRIPTS = ("js/sarg-drag.js", "js/sacrifice-pick.js", "js/roving-groups.js")


def scripts_on(game: str) -> set[str]:
    table = bot_table(game)
    html = Client().get(f"/play/{table.public_id}/").content.decode()
    return {script for script in SCRIPTS if script in html}


@pytest.mark.parametrize(
    ("game", "scripts"),
    [
        ("sarg", {"js/sarg-drag.js"}),
        ("sacrifice", {"js/sacrifice-pick.js", "js/roving-groups.js"}),
        ("sarkophag", set()),
        ("sarcophagus", set()),
    ],
)
def test_a_table_loads_its_own_games_scripts(game, scripts):
    assert scripts_on(game) == scripts
