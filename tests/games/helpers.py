"""Users and tables for the online-play tests."""

from __future__ import annotations

import itertools

from django.contrib.auth import get_user_model
from django.test import Client

from games import tables
from games.models import Table

_names = itertools.count(1)


def user(name: str | None = None, **extra):
    name = name or f"player{next(_names)}"
    return get_user_model().objects.create_user(name, password="pw-12345-long", **extra)


def sarg_table(host=None, guest=None, *, options=None, started=True) -> Table:
    """A Sarg table of two people (``host`` at seat 0), started unless told otherwise."""
    host = host or user()
    table = tables.open_table("sarg", host, seats=2, options=options)
    tables.take_seat(table, guest or user())
    if started:
        table = tables.start(table, host)
    return Table.objects.get(pk=table.pk)


def bot_table(game: str = "sarg", seats: int | None = None, *, host=None, level="random"):
    """A table where the host plays against bots at every other seat, started."""
    from games.engines import get_engine

    host = host or user()
    seats = seats or get_engine(game).min_players
    table = tables.open_table(game, host, seats=seats, bots=dict.fromkeys(range(1, seats), level))
    return tables.start(table, host)


def user_at(table: Table, position: int):
    return table.seats.get(position=position).user


def first_legal(table: Table, position: int) -> dict:
    return table.engine.legal_moves(table.state(), position)[0]


def acting_user(table: Table):
    """The person to act now (the first of to_act) and their seat."""
    position = table.to_act[0]
    return user_at(table, position), position


def play_out(table: Table, seed: int = 0, max_moves: int = 5000) -> Table:
    """Play a started table to its end: people pick random legal moves through ``play``,
    bots move through the bot runner's ``bot_turn``."""
    import random

    from games.botrunner import bot_turn

    rng = random.Random(seed)
    for _ in range(max_moves):
        table = Table.objects.get(pk=table.pk)
        if table.status != Table.Status.PLAYING:
            return table
        if table.bot_to_act:
            bot_turn(table.pk)
            continue
        position = table.to_act[0]
        moves = table.engine.legal_moves(table.state(), position)
        tables.play(table, user_at(table, position), rng.choice(moves), table.version)
    raise AssertionError("the game did not end")


def client_for(someone=None) -> Client:
    """A test client, logged in as ``someone`` (a visitor when None)."""
    client = Client()
    if someone is not None:
        client.force_login(someone)
    return client
