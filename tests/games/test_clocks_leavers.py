"""The result of a game records who left, and the ratings rank them last."""

import pytest

from games import tables
from games.botrunner import bot_turn
from games.clock_kinds import LIVE_BANK_SECONDS, TIMEOUTS_TO_LEAVE
from games.models import Table
from scoring.models import RatingEvent

from .clock_helpers import clocked_table

pytestmark = pytest.mark.django_db

LIVE = {"kind": "live", "seconds": 30}


def _leave_and_finish(table, frozen) -> Table:
    for _ in range(TIMEOUTS_TO_LEAVE):
        frozen.tick(seconds=30 + LIVE_BANK_SECONDS)
        assert tables.run_clocks() == 1
        bot_turn(table.pk)
    for _ in range(500):  # bots only now
        table = Table.objects.get(pk=table.pk)
        if table.status != Table.Status.PLAYING:
            break
        bot_turn(table.pk)
    return table


def test_the_result_records_who_left_and_places_them_last(frozen):
    table = _leave_and_finish(clocked_table(LIVE, bots={1: "heuristic"}), frozen)
    assert table.status == Table.Status.FINISHED
    seats = {s.position: s for s in table.session.seats.all()}
    assert seats[0].left and not seats[1].left
    assert (seats[0].place, seats[1].place) == (2, 1)


def test_the_ratings_rank_the_leaver_last(frozen):
    table = _leave_and_finish(clocked_table(LIVE, bots={1: "heuristic"}), frozen)
    places = dict(
        RatingEvent.objects.filter(session=table.session).values_list("position", "place")
    )
    assert places == {0: 2, 1: 1}
