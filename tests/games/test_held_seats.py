"""A seat held with a table (``Table.hold_seats``) answers with that table, which it keeps
only weakly (``games.held_seats``)."""

import copy
import gc
import pickle

import pytest

from games import recent_tables
from games.models import Table

from .helpers import sarg_table


def held(table: Table) -> Table:
    """A copy of ``table`` holding copies of its seats, as a move works it out."""
    recent_tables.remember(table)
    return recent_tables.held_copy(table.public_id.hex, table.version)


@pytest.mark.django_db
def test_a_held_seat_answers_with_its_table_and_its_turn_without_a_query(
    django_assert_num_queries,
):
    table = held(Table.objects.with_seats().get(pk=sarg_table().pk))
    table.to_act = [1]
    with django_assert_num_queries(0):
        assert all(seat.table is table for seat in table.seat_list)
        assert [seat.to_act for seat in table.seat_list] == [False, True]


@pytest.mark.django_db
def test_a_seat_given_another_table_follows_that_one():
    table = held(Table.objects.with_seats().get(pk=sarg_table().pk))
    seat, other = table.seat_list[0], Table(to_act=[0])
    seat.table = other
    assert seat.table is other and seat.to_act


@pytest.mark.django_db
def test_a_held_seat_whose_table_is_gone_reads_its_table():
    table = held(Table.objects.with_seats().get(pk=sarg_table().pk))
    seat = table.seat_list[0]
    del table
    gc.collect()
    assert seat.table.pk == seat.table_id


@pytest.mark.django_db
def test_a_held_seat_pickles_and_copies_without_its_table():
    table = held(Table.objects.with_seats().get(pk=sarg_table().pk))
    seat = table.seat_list[0]
    for again in (pickle.loads(pickle.dumps(seat)), copy.copy(seat)):
        assert again.pk == seat.pk
        assert again.table.pk == table.pk  # read: a copy is not held by that table
