"""0015_rounds_by_seat on rounds shaped as every game stores them, both ways."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("scoring", "0014_offline_applied_edits")
AFTER = ("scoring", "0015_rounds_by_seat")
SQUARE = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]
SHEETS = {  # game, players in seat order, stored entries before -> after
    "sarkophag": (
        ["Anna", "Ben", "Clara"],
        [
            ({"heads": {"Anna": 12, "Ben": 0, "Clara": 7}}, {"heads": {"0": 12, "1": 0, "2": 7}}),
            (
                {"cards": {"Anna": [22, 15], "Ben": [], "Clara": [9, 8, 36]}},
                {"cards": {"0": [22, 15], "1": [], "2": [9, 8, 36]}},
            ),
        ],
    ),
    "sarg": (
        ["Anna", "Ben"],
        [({"grid": SQUARE}, {"grid": SQUARE}), ({"queen": 38, "king": 30},) * 2],
    ),
    "sarcophagus": (
        ["Ron", "Amy"],
        [
            (
                {
                    "tiles": {"Ron": ["5-sun", "2-moon"], "Amy": ["ace-sun", "null-arms"]},
                    "sarcophagus": {"Amy": ["null-moon"]},
                    "discard": {"Ron": "2-moon"},
                },
                {
                    "tiles": {"0": ["5-sun", "2-moon"], "1": ["ace-sun", "null-arms"]},
                    "sarcophagus": {"1": ["null-moon"]},
                    "discard": {"0": "2-moon"},
                },
            )
        ],
    ),
    "sacrifice": (
        ["Dora", "Emil"],
        [
            (
                {
                    "trophies": {"Dora": ["KH", "JK", "QD"], "Emil": ["QS"]},
                    "sacrificed": {"Dora": ["AS"]},
                    "lost_by_cards": "Dora",
                },
                {
                    "trophies": {"0": ["KH", "JK", "QD"], "1": ["QS"]},
                    "sacrificed": {"0": ["AS"]},
                    "lost_by_cards": 0,
                },
            )
        ],
    ),
}


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


@pytest.fixture
def old_apps():
    apps = migrate(BEFORE)
    yield apps
    migrate_all_forward()


def migrate_all_forward() -> None:
    """Every app back to its latest migration: going back in scoring also took back what
    other apps' later migrations built on it (games' clocks), which the next test needs."""
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def stored(apps):
    Round = apps.get_model("scoring", "Round")
    return {
        (r.session.game, r.number): r.entry
        for r in Round.objects.select_related("session").order_by("session__game", "number")
    }


def make_sessions(apps):
    Player = apps.get_model("scoring", "Player")
    PlaySession = apps.get_model("scoring", "PlaySession")
    Seat = apps.get_model("scoring", "Seat")
    Round = apps.get_model("scoring", "Round")
    for game, (names, rounds) in SHEETS.items():
        session = PlaySession.objects.create(game=game, played_on="2025-03-01")
        for i, name in enumerate(names[::-1]):  # seated in another order than created
            position = len(names) - 1 - i
            player, _ = Player.objects.get_or_create(name=name, name_key=name.lower())
            Seat.objects.create(session=session, player=player, position=position)
        for number, (before, _after) in enumerate(rounds, 1):
            Round.objects.create(session=session, number=number, entry=before)


def expected(which: int):
    return {
        (game, number): pair[which]
        for game, (_names, rounds) in SHEETS.items()
        for number, pair in enumerate(rounds, 1)
    }


def test_rounds_of_every_game_come_to_name_seats_and_go_back_to_names(old_apps):
    make_sessions(old_apps)
    assert stored(old_apps) == expected(0)
    assert stored(migrate(AFTER)) == expected(1)
    assert stored(migrate(BEFORE)) == expected(0)


def test_going_back_and_forth_leaves_every_app_migrated():
    """The other tests on this worker need every app's tables as they are now."""
    migrate(BEFORE)
    migrate_all_forward()
    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []
