"""The clock on a table's page and in its socket fragments: whose clock runs, how much is
left (a countdown and words for screen readers), "+1 day" at turn-based tables and the
notice for a seat on vacation."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from games import clocks, vacations
from games.clock_display import duration_words
from games.models import Table
from games.rendering import table_fragments
from tests.games.clock_helpers import clocked_table
from tests.games.helpers import client_for, sarg_table, user, user_at

pytestmark = pytest.mark.django_db

LIVE = {"kind": "live", "seconds": 60}
DAILY = {"kind": "daily", "days": 2}


def page(table: Table, someone=None) -> str:
    return client_for(someone).get(f"/play/{table.public_id}/").content.decode()


def clock_part(html: str) -> str:
    match = re.search(r'<section id="table-clock".*?</section>', html, re.S)
    assert match, "no clock part"
    return match.group(0)


def mover_and_other(table: Table):
    mover = table.to_act[0]
    return user_at(table, mover), user_at(table, 1 - mover)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0, "0 seconds"),
        (1, "1 second"),
        (42, "42 seconds"),
        (60, "1 minute"),
        (179, "2 minutes 59 seconds"),
        (3600 * 5 + 60, "5 hours 1 minute"),
        (86400 * 2 + 3600 * 3 + 17, "2 days 3 hours"),
        (86400, "1 day"),
    ],
)
def test_time_left_in_words(seconds, words):
    assert duration_words(seconds) == words


def test_a_live_table_shows_whose_clock_runs_with_words_and_a_deadline(frozen):
    table = clocked_table(LIVE)
    mover, _ = mover_and_other(table)
    frozen.tick(seconds=18)
    part = clock_part(page(table))
    name = mover.get_username()
    assert "60 seconds a move" in part
    assert f"{name}&#x27;s move: 42 seconds left (time bank: 2 minutes)" in part
    deadline = table.seats.get(position=table.to_act[0]).deadline
    assert f'data-deadline="{int(deadline.timestamp() * 1000)}"' in part
    assert f'data-now="{int(frozen.now.timestamp() * 1000)}"' in part
    assert ">0:42<" in part  # the countdown as drawn, before the script counts on


def test_a_daily_table_says_days_and_hours(frozen):
    table = clocked_table(DAILY)
    mover, _ = mover_and_other(table)
    frozen.tick(hours=21)
    part = clock_part(page(table))
    assert f"{mover.get_username()}&#x27;s move: 1 day 3 hours left" in part
    assert "time bank" not in part


def test_the_page_loads_the_clock_script_and_a_quiet_live_region():
    html = page(clocked_table(LIVE))
    assert re.search(r'<script src="/static/js/clock[^"]*\.js" defer>', html)
    assert re.search(r'id="clock-say"[^>]*aria-live="polite"', html)


def test_a_table_without_a_clock_shows_none():
    html = page(sarg_table())
    assert "data-deadline" not in html
    assert "+1 day" not in html


def test_the_socket_fragments_carry_the_clock_out_of_band(frozen):
    table = clocked_table(LIVE)
    html = table_fragments(Table.objects.with_seats().get(pk=table.pk), None)
    assert re.search(r'<section id="table-clock"[^>]*hx-swap-oob="true"', html)
    assert "data-deadline" in html


def test_an_opponent_gets_a_day_button_the_mover_and_spectators_none(frozen):
    table = clocked_table(DAILY)
    mover, other = mover_and_other(table)
    assert "+1 day" in clock_part(page(table, other))
    assert "+1 day" not in clock_part(page(table, mover))
    assert "+1 day" not in clock_part(page(table, user()))
    assert "+1 day" not in clock_part(page(table))


def test_giving_a_day_moves_the_deadline_and_the_fragments(frozen):
    table = clocked_table(DAILY)
    _mover, other = mover_and_other(table)
    position = table.to_act[0]
    before = table.seats.get(position=position).deadline
    fresh = Table.objects.with_seats().get(pk=table.pk)
    old = table_fragments(fresh, None, user=user())
    answer = client_for(other).post(
        f"/play/{table.public_id}/give-day/", {"position": str(position)}
    )
    assert answer.status_code == 302
    assert table.seats.get(position=position).deadline == before + dt.timedelta(days=1)
    fresh = Table.objects.with_seats().get(pk=table.pk)
    assert table_fragments(fresh, None, user=user()) != old
    assert "2 days 23 hours" in clock_part(page(table)) or "3 days" in clock_part(page(table))


def test_a_second_day_is_refused_with_the_reason_over_htmx(frozen):
    table = clocked_table(DAILY)
    _mover, other = mover_and_other(table)
    url = f"/play/{table.public_id}/give-day/"
    data = {"position": str(table.to_act[0])}
    client_for(other).post(url, data)
    answer = client_for(other).post(url, data, HTTP_HX_REQUEST="true")
    assert answer.status_code == 409
    assert "already given" in answer.content.decode()


def test_the_button_goes_once_the_day_is_given(frozen):
    table = clocked_table(DAILY)
    _mover, other = mover_and_other(table)
    client_for(other).post(f"/play/{table.public_id}/give-day/", {"position": str(table.to_act[0])})
    assert "+1 day" not in clock_part(page(table, other))


def test_the_mover_cannot_give_themselves_a_day(frozen):
    table = clocked_table(DAILY)
    mover, _other = mover_and_other(table)
    before = table.seats.get(position=table.to_act[0]).deadline
    answer = client_for(mover).post(
        f"/play/{table.public_id}/give-day/", {"position": str(table.to_act[0])}, follow=True
    )
    assert "cannot give yourself a day" in answer.content.decode()
    assert table.seats.get(position=table.to_act[0]).deadline == before


@pytest.mark.parametrize("position", ["", "x", "-1", "٣", "99", "1" * 50])
def test_a_bad_position_changes_nothing(frozen, position):
    table = clocked_table(DAILY)
    _mover, other = mover_and_other(table)
    before = table.seats.get(position=table.to_act[0]).deadline
    answer = client_for(other).post(
        f"/play/{table.public_id}/give-day/", {"position": position}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 409
    assert table.seats.get(position=table.to_act[0]).deadline == before


def test_anonymous_give_day_changes_nothing(frozen):
    table = clocked_table(DAILY)
    answer = client_for().post(f"/play/{table.public_id}/give-day/", {"position": "0"})
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")


def test_a_seat_on_vacation_gets_a_notice(frozen):
    table = clocked_table(DAILY)
    mover, _other = mover_and_other(table)
    vacations.take_vacation(mover, timezone.localdate(), timezone.localdate())
    part = clock_part(page(table))
    assert f"{mover.get_username()} is on vacation" in part


def test_a_live_clock_has_no_day_button(frozen):
    table = clocked_table(LIVE)
    _mover, other = mover_and_other(table)
    assert "+1 day" not in clock_part(page(table, other))


def test_seat_clocks_and_the_page_agree(frozen):
    table = clocked_table(LIVE)
    frozen.tick(seconds=5)
    running = [c for c in clocks.seat_clocks(table) if c.running]
    assert len(running) == 1
    assert f'data-seconds-left="{running[0].seconds_left}"' in clock_part(page(table))
