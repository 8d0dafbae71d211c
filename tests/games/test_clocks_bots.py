"""Bots never time out, and the hard bot thinks within a live clock's time."""

import pytest

from games import botrunner
from games.bots.search import DEFAULT_BUDGET
from games.clocks import bot_budget

from .clock_helpers import clocked_table

pytestmark = pytest.mark.django_db


def test_a_live_clock_bounds_the_search_under_its_seconds():
    assert bot_budget({"kind": "live", "seconds": 30}) < 30
    assert bot_budget({"kind": "daily", "days": 1}) is None
    assert bot_budget(None) is None


@pytest.mark.parametrize("level", ["search", "search:100000"])
def test_the_hard_bot_at_a_live_table_gets_a_budget_under_the_seconds(frozen, level):
    table = clocked_table({"kind": "live", "seconds": 30}, bots={1: "heuristic"})
    bot = botrunner.bot_for(table, level)
    assert bot.budget is not None
    assert bot.budget <= bot_budget(table.clock) < 30


def test_the_hard_bot_without_a_clock_keeps_its_own_budget(frozen):
    table = clocked_table(None, bots={1: "heuristic"})
    assert botrunner.bot_for(table, "search").budget == DEFAULT_BUDGET
    assert botrunner.bot_for(table, "search:50").budget is None
