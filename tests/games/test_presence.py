"""Who has left a table: the host is offered to hand a seat to a bot only once its person has
been away for ``SARCO_AWAY_AFTER`` seconds, and is told since when."""

from datetime import datetime, timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from games import presence, rendering
from games.models import Table, TableSeat
from tests.rows import rows

from .helpers import sarg_table, user_at

pytestmark = pytest.mark.django_db


def host_fragments(table: Table) -> str:
    table = Table.objects.with_seats().get(pk=table.pk)
    host = user_at(table, 0)
    return rendering.table_fragments(table, 0, user=host)


def last_seen(table: Table, position: int, ago: timedelta) -> None:
    seen = timezone.now() - ago
    TableSeat.objects.filter(table=table, position=position).update(last_seen_at=seen)


def test_a_player_seen_just_now_is_not_offered_to_a_bot():
    table = sarg_table()
    assert "has been away" not in host_fragments(table)
    assert "Let a bot play" not in host_fragments(table)


def test_a_player_gone_for_less_than_the_threshold_is_not_away_yet():
    table = sarg_table()
    last_seen(table, 1, timedelta(seconds=30))
    assert "Let a bot play" not in host_fragments(table)


@override_settings(TIME_ZONE="Europe/Berlin")
def test_a_player_gone_longer_than_the_threshold_is_away_since_then():
    table = sarg_table()
    last_seen(table, 1, timedelta(minutes=2))
    seen = TableSeat.objects.get(table=table, position=1).last_seen_at
    clock = presence.since_text(seen)  # the time alone, or date and time just after midnight
    html = host_fragments(table)
    name = user_at(table, 1).player.name
    assert f"{name} has been away since {clock}" in html
    assert "Let a bot play" in html


@override_settings(SARCO_AWAY_AFTER=600)
def test_the_threshold_is_a_setting():
    table = sarg_table()
    last_seen(table, 1, timedelta(minutes=2))
    assert "Let a bot play" not in host_fragments(table)


def test_a_player_never_seen_at_the_table_counts_from_the_start():
    table = sarg_table()
    TableSeat.objects.filter(table=table, position=1).update(last_seen_at=None)
    Table.objects.filter(pk=table.pk).update(started_at=timezone.now() - timedelta(minutes=5))
    assert "Let a bot play" in host_fragments(table)


def test_only_the_host_sees_who_is_away():
    table = sarg_table()
    last_seen(table, 0, timedelta(minutes=2))
    table = Table.objects.with_seats().get(pk=table.pk)
    guest = user_at(table, 1)
    assert "has been away" not in rendering.table_fragments(table, 1, user=guest)


def test_marking_a_seat_seen_says_whether_it_was_away():
    table = sarg_table()
    guest = user_at(table, 1)
    assert presence.mark_seen(table.public_id, guest) is False
    last_seen(table, 1, timedelta(minutes=2))
    assert presence.mark_seen(table.public_id, guest) is True
    assert presence.away_seats(Table.objects.get(pk=table.pk)) == {}


def test_marking_a_seat_never_seen_since_the_start_long_ago_says_it_was_away():
    table = sarg_table()
    guest = user_at(table, 1)
    TableSeat.objects.filter(table=table, position=1).update(last_seen_at=None)
    Table.objects.filter(pk=table.pk).update(started_at=timezone.now() - timedelta(minutes=5))
    assert presence.mark_seen(table.public_id, guest) is True
    assert TableSeat.objects.get(table=table, position=1).last_seen_at is not None


def test_marking_a_seat_seen_writes_now_and_the_table_s_version():
    table = sarg_table()
    guest = user_at(table, 1)
    Table.objects.filter(pk=table.pk).update(version=7)
    before = timezone.now()
    presence.mark_seen(table.public_id, guest)
    seat = TableSeat.objects.get(table=table, position=1)
    assert seat.looked_version == 7
    assert before <= seat.last_seen_at <= timezone.now()
    host_seat = TableSeat.objects.get(table=table, position=0)
    assert host_seat.looked_version != 7  # only the person's own seats


def test_a_finished_table_s_seat_was_never_away():
    table = sarg_table()
    guest = user_at(table, 1)
    last_seen(table, 1, timedelta(minutes=2))
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert presence.mark_seen(table.public_id, guest) is False


def test_someone_without_a_seat_marks_nothing(django_user_model):
    table = sarg_table()
    before = rows(TableSeat, "pk", "last_seen_at", "looked_version")
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-123")
    assert presence.mark_seen(table.public_id, stranger) is False
    assert rows(TableSeat, "pk", "last_seen_at", "looked_version") == before


def test_opening_the_table_page_marks_the_seat_seen(client):
    table = sarg_table()
    last_seen(table, 1, timedelta(minutes=2))
    client.force_login(user_at(table, 1))
    client.get(f"/play/{table.public_id}/")
    assert presence.away_seats(Table.objects.get(pk=table.pk)) == {}


def test_since_today_is_the_time_alone_and_before_today_the_date_too():
    now = timezone.make_aware(datetime(2026, 11, 26, 0, 1))
    just_before_midnight = now - timedelta(minutes=2)
    assert presence.since_text(now - timedelta(seconds=30), now) == "00:00"
    assert presence.since_text(just_before_midnight, now) not in ("23:59", "")
    assert "23:59" in presence.since_text(just_before_midnight, now)
    assert "2026" in presence.since_text(just_before_midnight, now)


@pytest.mark.parametrize(
    "seen",
    [{}, {1: timedelta(minutes=2)}, {1: None}, {0: timedelta(minutes=3), 1: timedelta(seconds=5)}],
)
def test_who_is_away_read_alone_is_who_the_table_shows_away(seen):
    """What the host's beat reads on its own (``away_now``) is what the host's view holds."""
    table = sarg_table()
    Table.objects.filter(pk=table.pk).update(started_at=timezone.now() - timedelta(minutes=5))
    for position, ago in seen.items():
        when = None if ago is None else timezone.now() - ago
        TableSeat.objects.filter(table=table, position=position).update(last_seen_at=when)
    held = Table.objects.with_seats().get(pk=table.pk)
    assert presence.away_now(table.public_id) == presence.away_seats(held)
    assert presence.away_now(table.public_id) == {
        position: held.seat_list[position].last_seen_at or held.started_at
        for position, ago in seen.items()
        if ago is None or ago > timedelta(minutes=1)
    }


def test_no_one_is_away_at_a_table_not_playing():
    table = sarg_table()
    last_seen(table, 1, timedelta(minutes=2))
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert presence.away_now(table.public_id) == {}
