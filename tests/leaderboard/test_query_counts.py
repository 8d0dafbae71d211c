"""The leaderboard's pages read stored ratings and aggregates: each page makes the same,
small number of queries whatever the length of the club's history, on the first render
after a change (cache cold) and after (warm). The numbers are pinned so a change that adds
a query per row, per game or per opponent shows up here."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import ratings
from scoring.models import Player
from tests.scoring.test_ratings import finished

pytestmark = pytest.mark.django_db

NOW = timezone.now()
NAMES = ["Anna", "Ben", "Clara", "Dora", "Emil", "Fritz", "Gus"]
PAGES = {  # page: (queries cold, queries warm)
    "/leaderboard/sarg/": (3, 3),
    "/leaderboard/sarg/?page=2&everyone=on": (3, 3),
    "/leaderboard/sarg/?period=year&min=2": (5, 4),  # a replay of the selection, then cached
    "/leaderboard/sarg/?mode=online": (5, 4),
    "/leaderboard/": (4, 4),
    "/players/{anna}/": (11, 4),  # records, history, head-to-head, stats: once per change
    "/players/anna/": (4, 4),  # the same player by slug: what the first render cached
    "/leaderboard/club/": (6, 1),  # months, most active: once per ratings change
    "/": (4, 4),
}


def play(sessions: int, start: int = 0) -> None:
    """``sessions`` more games of Sarg and Sarkophag among the club, spread over two years,
    some online, then rated as an import rates them: one replay per game. Rated one by one,
    each game played before the newest would replay the whole history after it (some 120
    replays, most of the test's time), and the pages read the same stored ratings either
    way (a replay equals the games rated in turn: ``test_ratings_properties``)."""
    for i in range(start, start + sessions):
        table = [NAMES[(i + k) % len(NAMES)] for k in range(2 if i % 2 else 4)]
        game = "sarg" if len(table) == 2 else "sarkophag"
        places = {
            name: k + 1 for k, name in enumerate(table[i % len(table) :] + table[: i % len(table)])
        }
        at = NOW - dt.timedelta(days=(37 * i) % 700, hours=i)
        mode = "online" if i % 3 == 0 else "tabletop"
        finished(game, places, at=at, mode=mode, scores={table[0]: i})
    for game in ("sarg", "sarkophag"):
        ratings.replay(game)


def query_counts(client) -> dict[str, tuple[int, int]]:
    anna = Player.objects.get(name="Anna")
    counts = {}
    for page in PAGES:
        url = page.format(anna=anna.pk)
        renders = []
        for _ in range(2):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            renders.append(len(queries))
        counts[page] = tuple(renders)
    return counts


def test_query_counts_are_pinned_and_do_not_grow_with_history(client):
    play(6)
    small = query_counts(client)
    play(120, start=6)
    large = query_counts(client)
    assert small == large == PAGES
