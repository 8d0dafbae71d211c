"""Vacations: days a member is away, and what they do to turn-based clocks."""

import datetime as dt

import pytest

from games.clock_kinds import VACATION_DAYS_A_YEAR
from games.models import Table
from games.vacations import (
    VacationError,
    cancel_vacation,
    days_left,
    on_vacation,
    take_vacation,
)

from .clock_helpers import START, clocked_table, seat
from .helpers import user

pytestmark = pytest.mark.django_db


D = dt.date


def test_a_vacation_is_taken_and_counted(frozen):
    member = user()
    take_vacation(member, D(2026, 3, 10), D(2026, 3, 14))
    assert days_left(member, 2026) == VACATION_DAYS_A_YEAR - 5
    assert on_vacation(member, D(2026, 3, 10))
    assert on_vacation(member, D(2026, 3, 14))
    assert not on_vacation(member, D(2026, 3, 15))


def test_no_more_days_than_the_year_has(frozen):
    member = user()
    take_vacation(member, D(2026, 3, 10), D(2026, 3, 19))
    with pytest.raises(VacationError, match="4 vacation days left in 2026"):
        take_vacation(member, D(2026, 4, 1), D(2026, 4, 5))
    assert days_left(member, 2026) == 4


def test_days_over_new_year_count_in_each_year(frozen):
    member = user()
    take_vacation(member, D(2026, 12, 29), D(2027, 1, 2))
    assert days_left(member, 2026) == VACATION_DAYS_A_YEAR - 3
    assert days_left(member, 2027) == VACATION_DAYS_A_YEAR - 2


def test_vacations_do_not_overlap(frozen):
    member = user()
    take_vacation(member, D(2026, 3, 10), D(2026, 3, 12))
    with pytest.raises(VacationError, match="overlap"):
        take_vacation(member, D(2026, 3, 12), D(2026, 3, 13))


@pytest.mark.parametrize(
    ("starts", "ends"),
    [(D(2026, 3, 1), D(2026, 3, 3)), (D(2026, 3, 5), D(2026, 3, 4)), ("2026-03-05", None)],
)
def test_a_vacation_in_the_past_or_backwards_is_refused(frozen, starts, ends):
    member = user()
    with pytest.raises(VacationError):
        take_vacation(member, starts, ends)
    assert days_left(member, 2026) == VACATION_DAYS_A_YEAR


def test_cancelling_gives_back_the_days_not_begun(frozen):
    member = user()
    later = take_vacation(member, D(2026, 3, 10), D(2026, 3, 12))
    now = take_vacation(member, D(2026, 3, 2), D(2026, 3, 5))
    cancel_vacation(member, later)
    frozen.tick(days=2)  # Wednesday 4th: two days away already
    cancel_vacation(member, now)
    assert days_left(member, 2026) == VACATION_DAYS_A_YEAR - 2


def test_only_the_member_cancels_their_vacation(frozen):
    member = user()
    vacation = take_vacation(member, D(2026, 3, 10), D(2026, 3, 12))
    with pytest.raises(VacationError):
        cancel_vacation(user(), vacation)


def test_a_vacation_pushes_on_a_running_turn_based_deadline(frozen):
    table = clocked_table({"kind": "daily", "days": 3})
    person = seat(table, table.to_act[0]).user
    take_vacation(person, D(2026, 3, 4), D(2026, 3, 8))  # 4th and 5th fall before the 5th noon
    due = seat(table, table.to_act[0]).deadline
    assert due == START + dt.timedelta(days=3 + 5)  # pushed into and past the vacation
    assert Table.objects.get(pk=table.pk).clock_due == due


def test_a_vacation_never_stops_a_live_clock(frozen):
    table = clocked_table({"kind": "live", "seconds": 60})
    person = seat(table, table.to_act[0]).user
    before = seat(table, table.to_act[0]).deadline
    take_vacation(person, D(2026, 3, 2), D(2026, 3, 3))
    assert seat(table, table.to_act[0]).deadline == before


def test_a_cancelled_vacation_takes_back_the_days_it_pushed_on(frozen):
    """Else taking a vacation and calling it off, again and again, would push a deadline
    on without end for no day away."""
    table = clocked_table({"kind": "daily", "days": 3})
    person = seat(table, table.to_act[0]).user
    for _ in range(3):
        cancel_vacation(person, take_vacation(person, D(2026, 3, 4), D(2026, 3, 8)))
    assert seat(table, table.to_act[0]).deadline == START + dt.timedelta(days=3)
    assert Table.objects.get(pk=table.pk).clock_due == START + dt.timedelta(days=3)
    assert days_left(person, 2026) == VACATION_DAYS_A_YEAR


def test_a_vacation_cancelled_on_its_first_day_gives_it_back_with_its_push(frozen):
    table = clocked_table({"kind": "daily", "days": 3})
    person = seat(table, table.to_act[0]).user
    vacation = take_vacation(person, D(2026, 3, 2), D(2026, 3, 3))  # today and tomorrow
    assert seat(table, table.to_act[0]).deadline == START + dt.timedelta(days=5)
    cancel_vacation(person, vacation)
    assert seat(table, table.to_act[0]).deadline == START + dt.timedelta(days=3)
    assert days_left(person, 2026) == VACATION_DAYS_A_YEAR


def test_a_vacation_cancelled_under_way_keeps_the_push_of_the_days_away(frozen):
    table = clocked_table({"kind": "daily", "days": 3})
    person = seat(table, table.to_act[0]).user
    vacation = take_vacation(person, D(2026, 3, 3), D(2026, 3, 6))  # pushes the 5th to the 9th
    assert seat(table, table.to_act[0]).deadline == START + dt.timedelta(days=7)
    frozen.tick(days=2)  # Wednesday 4th: the 3rd was a day away
    cancel_vacation(person, vacation)
    assert seat(table, table.to_act[0]).deadline == START + dt.timedelta(days=4)
