"""A server works out a table's next version from the version before and what the move wrote
(``recent_tables``), exactly as the database has it, and reads the table when it cannot."""

import gc
import json
import random
import uuid
import weakref
from collections import OrderedDict

import pytest

from games import move_news, recent_tables, tables
from games.models import Table
from scoring.models import PlaySession

from .helpers import sarg_table, user_at


def read(table: Table) -> Table:
    return Table.objects.with_seats().get(pk=table.pk)


def row(table: Table) -> dict:
    """What a move writes (``recent_tables.MOVE_FIELDS``) and what the seats show of it."""
    fields = {name: getattr(table, name) for name in recent_tables.MOVE_FIELDS if name != "session"}
    fields["session_id"] = table.session_id
    seats = [(s.position, s.user_id, s.is_bot, s.to_act) for s in table.seat_list]
    return {**fields, "seats": seats}


@pytest.fixture
def play(monkeypatch, django_capture_on_commit_callbacks):
    """Make a move; the record its message to the table's group carried."""
    sent: list[dict] = []
    monkeypatch.setattr(move_news, "_send", lambda group, message: sent.append(message))

    def move(table: Table, choice: int = 0) -> str:
        position = table.to_act[0]
        legal = table.engine.legal_moves(table.state(), position)
        with django_capture_on_commit_callbacks(execute=True):
            tables.play(table, user_at(table, position), legal[choice % len(legal)], table.version)
        return next(m["record"] for m in reversed(sent) if m["type"] == "table.version")

    return move


@pytest.mark.django_db
def test_each_move_of_a_whole_game_advances_the_table_to_what_the_database_holds(play):
    table = read(sarg_table())
    rng = random.Random(3)
    while table.status == Table.Status.PLAYING:
        recent_tables.remember(table)
        record = play(table, rng.randrange(100))
        worked_out = recent_tables.advanced(table.public_id.hex, table.version + 1, record)
        table = read(table)
        assert worked_out is not None
        assert row(worked_out) == row(table)
        assert worked_out.state() == table.state()
    assert table.session_id is not None  # the last move's record carried the recorded session


@pytest.mark.django_db
def test_a_record_with_the_state_dumped_for_the_write_says_the_same():
    table = read(sarg_table())
    dumped = json.dumps(table.state_json)
    with_text = recent_tables.move_record(table, dumped)
    assert json.loads(with_text) == json.loads(recent_tables.move_record(table))
    assert dumped in with_text  # put in as it is, not dumped again


@pytest.mark.django_db
def test_the_table_before_stays_as_it_was(play):
    before = read(sarg_table())
    recent_tables.remember(before)
    kept = row(before)
    after = recent_tables.advanced(before.public_id.hex, 1, play(before))
    assert after is not before and row(before) == kept
    assert [s.to_act for s in after.seat_list] != [s.to_act for s in before.seat_list]


@pytest.mark.django_db
def test_without_the_version_before_or_with_a_wrong_record_it_reads_instead(play):
    table = read(sarg_table())
    record = play(table)
    key = table.public_id.hex
    assert recent_tables.advanced(key, 1, record) is None  # version 0 was never held here
    recent_tables.remember(table)
    for wrong in (None, "", "not json", "[]", json.dumps({"version": 7}), 17):
        assert recent_tables.advanced(key, 1, wrong) is None
    assert recent_tables.advanced(key, 2, record) is None  # a record of another version
    assert recent_tables.advanced(key, 1, record) is not None


@pytest.mark.django_db
def test_a_table_read_too_long_ago_is_read_again(play, monkeypatch):
    table = read(sarg_table())
    clock = [1000.0]
    monkeypatch.setattr(recent_tables.time, "monotonic", lambda: clock[0])
    recent_tables.remember(table)
    record = play(table)
    clock[0] += recent_tables.TRUST_SECONDS + 0.1
    assert recent_tables.advanced(table.public_id.hex, 1, record) is None


@pytest.mark.django_db
def test_a_move_that_records_the_session_shows_it_not_the_one_cached_before():
    before = read(sarg_table())
    assert before.session is None  # now cached on the table
    session = PlaySession.objects.create(game="sarg", mode="online")
    recent_tables.remember(before)
    wrote = {**json.loads(recent_tables.move_record(before)), "version": 1}
    after = recent_tables.advanced(
        before.public_id.hex, 1, json.dumps(wrote | {"session_id": session.pk})
    )
    assert after.session == session and before.session is None


@pytest.mark.django_db
def test_an_advanced_table_shows_its_own_seats_to_every_reader_without_a_query(
    play, django_assert_num_queries
):
    before = read(sarg_table())
    recent_tables.remember(before)
    after = recent_tables.advanced(before.public_id.hex, 1, play(before))
    mover = user_at(after, after.to_act[0])
    with django_assert_num_queries(0):
        seats = after.seat_list
        assert after.seat_of(mover) == after.to_act[0]
    assert all(seat.table is after for seat in seats)
    assert [s.to_act for s in seats] != [s.to_act for s in before.seat_list]


def test_a_process_holds_two_versions_of_every_live_table(monkeypatch):
    """A crowd of tables must not push out the version a table's next move starts from:
    its sockets on the other server would each read the table again."""
    monkeypatch.setattr(recent_tables, "_tables", OrderedDict())
    crowd = [uuid.uuid4() for _ in range(recent_tables.LIVE_TABLES)]
    for public_id in crowd:
        recent_tables.remember(Table(public_id=public_id, version=7))
        recent_tables.remember(Table(public_id=public_id, version=8))
    assert all(recent_tables.at(public_id.hex, 7) is not None for public_id in crowd)


def test_a_tables_older_versions_are_let_go(monkeypatch):
    """Flat out, a table moves on every few milliseconds: only the versions a move can start
    from stay held, not every version the process has seen."""
    monkeypatch.setattr(recent_tables, "_tables", OrderedDict())
    public_id = uuid.uuid4()
    for version in range(1, 6):
        recent_tables.remember(Table(public_id=public_id, version=version))
    held = [v for v in range(1, 6) if recent_tables.at(public_id.hex, v) is not None]
    assert held == [4, 5]


@pytest.mark.django_db
def test_a_version_let_go_is_freed_at_once_not_by_the_cycle_collector(play, monkeypatch):
    """A table and its seats must not hold each other: a busy server lets a version go on
    every move, and freeing them all by the cycle collector stopped it for 40-70 ms."""
    monkeypatch.setattr(recent_tables, "_tables", OrderedDict())
    table = read(sarg_table())
    recent_tables.remember(table)
    table = recent_tables.advanced(table.public_id.hex, 1, play(table))
    first = weakref.ref(table)
    gc.disable()
    try:
        for version in (2, 3):
            table = recent_tables.advanced(table.public_id.hex, version, play(table))
        assert recent_tables.at(table.public_id.hex, 1) is None
        assert first() is None
    finally:
        gc.enable()


@pytest.mark.django_db
def test_a_held_copy_is_its_own_and_leaves_the_held_table_as_it_was():
    table = read(sarg_table())
    recent_tables.remember(table)
    copied = recent_tables.held_copy(table.public_id.hex, table.version)
    seat, copied_seat = table.seat_list[0], copied.seat_list[0]

    copied.version += 1
    copied._state.adding = True
    copied_seat.bot_level = "random"
    copied_seat._state.fields_cache.clear()

    assert copied_seat is not seat and copied_seat.table is copied and seat.table is table
    assert (table.version, table._state.adding) == (copied.version - 1, False)
    assert seat.bot_level == "" and "user" in seat._state.fields_cache
    assert row(recent_tables.at(table.public_id.hex, table.version)) == row(read(table))
