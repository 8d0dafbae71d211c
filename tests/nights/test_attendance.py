"""Coming, taking it back and the waiting list, through nights.attendance."""

import pytest

from nights import attendance, organising
from nights.models import Attendance

from .helpers import a_night, member

pytestmark = pytest.mark.django_db


def waiting_names(night) -> list[str]:
    rows = Attendance.objects.filter(night=night, waiting=True).order_by("joined_at", "id")
    return [a.user.username for a in rows]


def test_a_member_who_comes_gets_a_seat():
    night = a_night(capacity=2)
    assert attendance.come(night.pk, member()).waiting is False


def test_past_the_capacity_a_member_waits():
    night = a_night(capacity=1)
    attendance.come(night.pk, member("a"))
    assert attendance.come(night.pk, member("b")).waiting is True


def test_saying_it_twice_changes_nothing():
    night = a_night(capacity=1)
    mia = member()
    attendance.come(night.pk, mia)
    attendance.come(night.pk, mia)
    assert Attendance.objects.filter(night=night).count() == 1


def test_the_waiting_list_moves_up_first_come_first_served():
    night = a_night(capacity=1)
    first, *queue = [member(n) for n in ("ada", "bea", "cem", "dov")]
    for person in [first, *queue]:
        attendance.come(night.pk, person)
    outcome = attendance.leave(night.pk, first)
    assert outcome.moved_up == (queue[0].pk,)
    assert waiting_names(night) == ["cem", "dov"]


def test_leaving_from_the_waiting_list_moves_nobody_up():
    night = a_night(capacity=1)
    ada, bea, cem = member("ada"), member("bea"), member("cem")
    for person in (ada, bea, cem):
        attendance.come(night.pk, person)
    assert attendance.leave(night.pk, bea).moved_up == ()
    assert waiting_names(night) == ["cem"]


def test_a_bigger_capacity_moves_the_waiting_list_up():
    night = a_night(capacity=1)
    ada, bea = member("ada"), member("bea")
    attendance.come(night.pk, ada)
    attendance.come(night.pk, bea)
    local = night.local_start
    organising.change(night, day=local.date(), time=local.time(), capacity=2)
    assert waiting_names(night) == []


def test_a_smaller_capacity_sends_nobody_back_to_wait():
    night = a_night(capacity=2)
    ada, bea = member("ada"), member("bea")
    attendance.come(night.pk, ada)
    attendance.come(night.pk, bea)
    local = night.local_start
    organising.change(night, day=local.date(), time=local.time(), capacity=1)
    assert waiting_names(night) == []
    assert attendance.come(night.pk, member("cem")).waiting is True


def test_nobody_comes_to_a_cancelled_night():
    night = a_night()
    organising.cancel(night)
    with pytest.raises(attendance.AttendanceRefused):
        attendance.come(night.pk, member())


def test_nobody_comes_to_a_night_that_is_over():
    night = a_night(days_ahead=-1)
    with pytest.raises(attendance.AttendanceRefused):
        attendance.come(night.pk, member())


def test_without_capacity_everybody_gets_a_seat():
    night = a_night()
    assert not any(attendance.come(night.pk, member(f"m{i}")).waiting for i in range(30))
