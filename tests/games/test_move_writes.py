"""A move is worked out without a lock and written only if the table is still as it was read;
when something changed in between, the move is played again under the lock and gets exactly
the answer the locked path gives (``games.move_writes``)."""

import pytest

from games import tables
from games.models import Table, TableMove
from games.tables import MoveRefused

from .helpers import acting_user, first_legal, sarg_table, user, user_at

pytestmark = pytest.mark.django_db


def meanwhile(monkeypatch, table: Table, happening) -> None:
    """Let ``happening`` run once, while the next move is being worked out (after the read,
    before the write), as another request would."""
    engine = table.engine
    real_apply = engine.apply
    pending = [happening]

    def apply(state, seat, move):
        if pending:
            pending.pop()()
        return real_apply(state, seat, move)

    monkeypatch.setattr(engine, "apply", apply)


def test_a_move_overtaken_by_the_same_move_is_refused_as_stale(monkeypatch):
    table = sarg_table()
    player, position = acting_user(table)
    move = first_legal(table, position)
    meanwhile(monkeypatch, table, lambda: tables.play(table, player, move, 0))
    with pytest.raises(MoveRefused) as refused:
        tables.play(table, player, move, 0)
    assert refused.value.reason == "stale"
    assert Table.objects.get(pk=table.pk).version == 1
    assert TableMove.objects.filter(table=table).count() == 1


def test_a_simultaneous_choice_overtaken_by_the_other_seat_still_counts(monkeypatch):
    host = user()
    table = tables.open_table("sacrifice", host, seats=2)
    tables.take_seat(table, user())
    table = tables.start(table, host)
    assert table.to_act == [0, 1]
    first, second = user_at(table, 0), user_at(table, 1)
    move_a, move_b = first_legal(table, 0), first_legal(table, 1)
    meanwhile(monkeypatch, table, lambda: tables.play(table, first, move_a, 0))
    after = tables.play(table, second, move_b, 0)
    assert after.version == 2
    assert list(table.moves.order_by("number").values_list("seat", flat=True)) == [0, 1]


def test_a_seat_handed_to_a_bot_meanwhile_cannot_move(monkeypatch):
    table = sarg_table()
    player, position = acting_user(table)
    move = first_legal(table, position)
    meanwhile(monkeypatch, table, lambda: tables.hand_to_bot(table, position, player))
    with pytest.raises(MoveRefused) as refused:
        tables.play(table, player, move, 0)
    assert refused.value.reason == "forbidden"
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.version == 0 and fresh.bot_to_act


def test_a_table_abandoned_meanwhile_takes_no_move(monkeypatch):
    table = sarg_table()
    player, position = acting_user(table)
    move = first_legal(table, position)
    meanwhile(monkeypatch, table, lambda: tables.abandon(table, user(is_staff=True)))
    with pytest.raises(MoveRefused, match="abandoned"):
        tables.play(table, player, move, 0)
    assert not TableMove.objects.filter(table=table).exists()


def test_the_written_table_is_the_table_in_the_database():
    table = sarg_table()
    player, position = acting_user(table)
    after = tables.play(table, player, first_legal(table, position), 0)
    fresh = Table.objects.get(pk=table.pk)
    for name in ("version", "state_json", "last_move_at", "to_act", "bot_to_act", "status"):
        assert getattr(after, name) == getattr(fresh, name), name
    logged = TableMove.objects.get(table=table)
    assert (logged.number, logged.seat, logged.to_act_before) == (1, position, [position])


def test_a_seat_is_to_act_as_its_table_says():
    table = sarg_table()
    player, position = acting_user(table)
    tables.play(table, player, first_legal(table, position), 0)
    fresh = Table.objects.with_seats().get(pk=table.pk)
    assert [s.position for s in fresh.seats.all() if s.to_act] == fresh.to_act == [1 - position]
