"""The last moves since you looked: the table page marks the log entries of the moves made
after the version its person last had the table open at, then records the version as looked."""

from __future__ import annotations

import re

import pytest

from games import presence, since_looked, tables
from games.models import Table, TableSeat

from .helpers import client_for, first_legal, sarg_table, user_at

pytestmark = pytest.mark.django_db

NEW = re.compile(r'<li class="new-since-looked">')


def play(table: Table, count: int) -> Table:
    for _ in range(count):
        position = table.to_act[0]
        tables.play(table, user_at(table, position), first_legal(table, position), table.version)
        table = Table.objects.get(pk=table.pk)
    return table


def looked(table: Table, position: int) -> int:
    return TableSeat.objects.get(table=table, position=position).looked_version


def test_marking_a_seat_seen_records_the_tables_version_as_looked():
    table = play(sarg_table(), 3)
    guest = user_at(table, 1)
    presence.mark_seen(table.public_id, guest)
    assert looked(table, 1) == table.version == 3
    assert looked(table, 0) == 0  # only the one who looked


def test_opening_the_page_records_the_version_as_looked():
    table = play(sarg_table(), 2)
    client_for(user_at(table, 0)).get(f"/play/{table.public_id}/")
    assert looked(table, 0) == 2


def test_the_moves_since_you_looked_are_marked_for_eyes_and_screen_readers():
    table = play(sarg_table(), 1)
    host = user_at(table, 0)
    presence.mark_seen(table.public_id, host)
    table = play(table, 2)
    expected = since_looked.new_events(table, 1)
    assert expected >= 1
    html = client_for(host).get(f"/play/{table.public_id}/").content.decode()
    assert len(NEW.findall(html)) == min(expected, 6)
    assert "new since you looked" in html
    # The second visit has nothing new.
    html = client_for(host).get(f"/play/{table.public_id}/").content.decode()
    assert not NEW.search(html)
    assert "new since you looked" not in html


def test_nothing_is_new_when_nothing_moved():
    table = play(sarg_table(), 2)
    assert since_looked.new_events(table, table.version) == 0


def test_spectators_see_nothing_marked():
    table = play(sarg_table(), 2)
    from .helpers import user

    html = client_for(user()).get(f"/play/{table.public_id}/").content.decode()
    assert not NEW.search(html)


def test_new_events_counts_the_events_the_moves_since_then_added():
    table = play(sarg_table(), 4)
    engine = table.engine
    now = engine.view(table.state(), None)["events"]
    for then in range(table.version + 1):
        count = since_looked.new_events(table, then)
        assert 0 <= count <= len(now)
    assert since_looked.new_events(table, 0) >= since_looked.new_events(table, 3)


def test_an_event_with_the_same_words_as_the_window_before_is_still_new():
    """The kept window reads the same after the move; the count tells the new entry."""
    window = [{"text": "Anna buys nothing."}] * 20
    then = {"events": window, "events_total": 40}
    now = {"events": window, "events_total": 41}
    assert since_looked.added(then, now) == 1


def test_more_new_events_than_are_shown_counts_the_shown_ones():
    then = {"events": [], "events_total": 0}
    now = {"events": ["a", "b"], "events_total": 30}
    assert since_looked.added(then, now) == 2


def test_views_without_a_count_compare_the_events():
    assert since_looked.added({"events": ["a", "b"]}, {"events": ["a", "b", "c"]}) == 1


def test_the_words_are_german_on_a_german_page():
    table = play(sarg_table(), 1)
    host = user_at(table, 0)
    presence.mark_seen(table.public_id, host)
    table = play(table, 2)
    page = client_for(host).get(f"/play/{table.public_id}/", headers={"accept-language": "de"})
    assert "neu, seit du zuletzt geschaut hast" in page.content.decode()
