"""A move right after a seat changed hands is judged on the seats as they now are: this
process may still hold the table at that version (``recent_tables``) with the seats from
before, and a bot handed a seat a moment ago was refused "No bot plays this seat". The bot
runner does not try again, so the game stood still (seen with Sacrifice in a loaded run)."""

import pytest

from games import tables
from games.models import Table

from .helpers import acting_user, first_legal, sarg_table, user_at

pytestmark = pytest.mark.django_db(transaction=True)


def held_by_a_move() -> Table:
    """A two-person table this process holds at its version, as a move left it."""
    table = sarg_table()
    player, position = acting_user(table)
    return tables.play(table, player, first_legal(table, position), table.version)


def test_a_bot_moves_at_once_on_a_seat_just_handed_to_it():
    table = held_by_a_move()
    _, position = acting_user(table)
    host = user_at(table, 0)
    tables.hand_to_bot(table, position, host, level="random")
    move = first_legal(table, position)
    played = tables.play_as_bot(table, position, move, table.version)
    assert played.version == table.version + 1


def test_a_person_moves_at_once_on_a_seat_just_taken_back():
    table = held_by_a_move()
    person, position = acting_user(table)
    host = user_at(table, 0)
    tables.hand_to_bot(table, position, host, level="random")
    tables.take_back(table, position, person)
    played = tables.play(table, person, first_legal(table, position), table.version)
    assert played.version == table.version + 1
