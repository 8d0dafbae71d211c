"""A table's state is worked out from its JSON once for each value ``state_json`` takes
(``games.kept_state``): a move's state is read again by every frame drawn from the table and by
the next move, and no engine changes a state it is given."""

import pytest

from games import tables
from games.models import Table

from .helpers import acting_user, first_legal, sarg_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def worked_out(monkeypatch):
    """The states the Sarg engine works out from JSON, as they are worked out."""
    table = sarg_table()
    engine = table.engine
    real_from_json = engine.from_json
    calls = []

    def from_json(data):
        calls.append(data)
        return real_from_json(data)

    monkeypatch.setattr(engine, "from_json", from_json)
    return table, calls


def test_the_state_is_worked_out_once_for_each_value(worked_out):
    table, calls = worked_out
    table = Table.objects.get(pk=table.pk)
    first = table.state()
    assert table.state() is first
    assert len(calls) == 1


def test_a_new_value_is_worked_out_anew(worked_out):
    table, calls = worked_out
    table = Table.objects.get(pk=table.pk)
    before = table.state()
    table.state_json = dict(table.state_json)
    assert table.state() is not before
    assert len(calls) == 2


def test_a_table_read_again_works_it_out_again(worked_out):
    table, calls = worked_out
    table = Table.objects.get(pk=table.pk)
    table.state()
    table.refresh_from_db()
    table.state()
    assert len(calls) == 2


def test_a_move_keeps_the_state_it_made_and_the_next_move_starts_from_it(worked_out):
    table, calls = worked_out
    player, position = acting_user(table)
    table = tables.play(table, player, first_legal(table, position), table.version)
    for _ in range(2):
        player, position = acting_user(table)
        move = first_legal(table, position)
        calls.clear()
        table = tables.play(table, player, move, table.version)
        assert calls == []  # neither the move nor the state it made worked out from JSON
    stored = Table.objects.get(pk=table.pk)
    assert table.engine.to_json(table.state()) == stored.state_json
