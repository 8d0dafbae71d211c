"""The bots' choice at a table, shared by the bot runner and the clocks (which make a
move for a seat out of time): seeded by table, version and seat, so two servers racing for
one turn choose the same move, and bounded by a live clock (``clocks.bot_budget``)."""

from __future__ import annotations

import random
from typing import Any

from games.bots import get_bot

from .clocks import bot_budget
from .models import Table


def choose(table: Table, state: Any, position: int, level: str) -> dict[str, Any]:
    """The bot's move; its randomness is seeded by table, version and seat, so two runners
    racing for one turn pick the same move."""
    rng = random.Random(f"{table.seed}:{table.version}:{position}")
    return bot_for(table, level).choose(table.engine, state, position, rng)


def bot_for(table: Table, level: str):
    """The bot of ``level`` for the table: at a live table a bot that thinks against a
    clock (the search) gets a time budget well under the move's seconds."""
    bot = get_bot(table.game, level)
    limit = bot_budget(table.clock)
    if limit is not None and hasattr(bot, "budget"):
        bot.budget = limit if bot.budget is None else min(bot.budget, limit)
    return bot
