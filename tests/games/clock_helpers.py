"""A frozen clock and clocked tables for the clocks' tests."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from games import tables
from games.models import Table

from .helpers import user

START = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)  # a Monday, noon


class Frozen:
    """The time every ``timezone.now()`` gives; ``tick`` moves it on."""

    def __init__(self, now: dt.datetime):
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now

    def tick(self, **delta) -> dt.datetime:
        self.now += dt.timedelta(**delta)
        return self.now


def freeze(monkeypatch) -> Frozen:
    """Every ``timezone.now()`` gives ``START`` until ticked: each test file's ``frozen``."""
    clock = Frozen(START)
    monkeypatch.setattr(timezone, "now", clock)
    return clock


def clocked_table(clock, *, host=None, guest=None, game="sarg", seats=2, bots=None) -> Table:
    """A started table of people (host at seat 0) with ``clock``, bots at ``bots``: a
    person is to act."""
    host = host or user()
    bots = bots or {}
    table = tables.open_table(game, host, seats=seats, clock=clock, bots=bots)
    for position in range(1, seats):
        if position not in bots:
            tables.take_seat(table, guest if guest and position == 1 else user())
    tables.start(table, host)
    if bots:  # the bots move first, so a person is to act
        from games.botrunner import bot_turn

        bot_turn(table.pk)
    return Table.objects.get(pk=table.pk)


def seat(table: Table, position: int):
    return table.seats.get(position=position)
