"""Mail when it becomes a member's turn at a turn-based table, and one reminder at 80%."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone, translation

from games import tables, turn_mail
from games.models import Table, TableSeat, TurnMail, Vacation
from scoring.models import MemberProfile

from .helpers import first_legal, user, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def locmem():
    with override_settings(
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        SITE_URL="https://club.example",
    ):
        yield


def member(name: str, email: str = "", *, opted_in: bool = True):
    person = user(name, email=email or f"{name}@example.org")
    if opted_in:
        MemberProfile.objects.create(user=person, mail_your_turn=True)
    return person


def started(clock=None, host=None, guest=None) -> Table:
    """A Sarg table of two members with confirmed addresses, both away from the table."""
    host = host or member("hostess")
    guest = guest or member("guest")
    table = tables.open_table("sarg", host, seats=2, clock=clock)
    tables.take_seat(table, guest)
    tables.start(table, host)
    long_ago = timezone.now() - timedelta(hours=1)
    TableSeat.objects.filter(table=table).update(last_seen_at=long_ago)
    return Table.objects.get(pk=table.pk)


def daily(days: int = 3, **people) -> Table:
    return started({"kind": "daily", "days": days}, **people)


def move_once(table: Table) -> tuple[Table, object]:
    """The seat to act moves; the table after it and the person whose turn it is now."""
    position = table.to_act[0]
    tables.play(table, user_at(table, position), first_legal(table, position), table.version)
    table = Table.objects.get(pk=table.pk)
    return table, user_at(table, table.to_act[0])


def move_to_other(table: Table) -> tuple[Table, object]:
    """Moves until the turn passes to the other person: the table and that person."""
    first = user_at(table, table.to_act[0])
    for _ in range(20):
        table, now_to_act = move_once(table)
        if now_to_act != first:
            return table, now_to_act
    raise AssertionError("the turn never passed")


def test_a_turn_based_move_mails_the_member_whose_turn_it_is():
    table, next_up = move_to_other(daily())
    mail.outbox.clear()
    TurnMail.objects.all().delete()
    assert turn_mail.notify_turns(table) == 1
    (sent,) = mail.outbox
    assert sent.to == [next_up.email]
    assert "Your turn" in sent.subject and "Sarg" in sent.subject
    assert f"https://club.example/play/{table.public_id}/" in sent.body
    assert "https://club.example/accounts/" in sent.body  # where to stop these mails
    assert TurnMail.objects.filter(table=table, user=next_up, kind="turn").count() == 1


def test_a_live_table_sends_no_mail():
    table, _ = move_to_other(started({"kind": "live", "seconds": 60}))
    assert turn_mail.notify_turns(table) == 0
    assert mail.outbox == []


def test_a_table_without_a_clock_sends_no_mail():
    table, _ = move_to_other(started(None))
    assert turn_mail.notify_turns(table) == 0


def test_a_member_who_opted_out_gets_none():
    table, next_up = move_to_other(daily())
    MemberProfile.objects.update_or_create(user=next_up, defaults={"mail_your_turn": False})
    assert turn_mail.notify_turns(table) == 0
    assert mail.outbox == []


def test_a_member_without_a_confirmed_address_gets_none():
    table, next_up = move_to_other(daily())
    type(next_up).objects.filter(pk=next_up.pk).update(email="")
    MemberProfile.objects.update_or_create(
        user=next_up, defaults={"pending_email": "waiting@example.org"}
    )
    assert turn_mail.notify_turns(table) == 0


def test_none_while_the_member_has_the_table_open():
    table, next_up = move_to_other(daily())
    TableSeat.objects.filter(table=table, user=next_up).update(last_seen_at=timezone.now())
    assert turn_mail.notify_turns(table) == 0
    assert mail.outbox == []


def test_at_most_one_a_table_a_day():
    table, next_up = move_to_other(daily())
    TurnMail.objects.all().delete()
    assert turn_mail.notify_turns(table) == 1
    table, again = move_to_other(table)
    table, again = move_to_other(table)
    assert again == next_up
    assert turn_mail.notify_turns(table) == 0
    TurnMail.objects.filter(user=next_up).update(
        sent_at=timezone.now() - timedelta(days=1, hours=1)
    )
    assert turn_mail.notify_turns(table) == 1


def test_the_mail_speaks_the_sites_language():
    table, _ = move_to_other(daily())
    TurnMail.objects.all().delete()
    with override_settings(LANGUAGE_CODE="de"), translation.override("en"):
        turn_mail.notify_turns(table)
    assert "Du bist dran" in mail.outbox[-1].subject


def seat_due(table: Table, person, *, used: float, days: int = 3) -> None:
    """``person``'s seat has used ``used`` of its ``days`` since the turn came."""
    total = timedelta(days=days)
    came = timezone.now() - total * used
    Table.objects.filter(pk=table.pk).update(last_move_at=came)
    TableSeat.objects.filter(table=table, user=person).update(deadline=came + total)


def test_a_reminder_once_80_percent_of_the_time_is_used():
    table, next_up = move_to_other(daily(3))
    seat_due(table, next_up, used=0.5)
    mail.outbox.clear()
    assert turn_mail.send_reminders() == 0
    seat_due(table, next_up, used=0.85)
    assert turn_mail.send_reminders() == 1
    (sent,) = mail.outbox
    assert sent.to == [next_up.email]
    assert f"https://club.example/play/{table.public_id}/" in sent.body
    assert turn_mail.send_reminders() == 0  # once
    assert len(mail.outbox) == 1


def test_no_reminder_for_an_opted_out_member_or_one_at_the_table():
    table, next_up = move_to_other(daily(3))
    seat_due(table, next_up, used=0.9)
    MemberProfile.objects.update_or_create(user=next_up, defaults={"mail_your_turn": False})
    assert turn_mail.send_reminders() == 0
    MemberProfile.objects.filter(user=next_up).update(mail_your_turn=True)
    TableSeat.objects.filter(table=table, user=next_up).update(last_seen_at=timezone.now())
    assert turn_mail.send_reminders() == 0


def test_no_reminder_once_the_time_ran_out():
    table, next_up = move_to_other(daily(3))
    seat_due(table, next_up, used=1.1)
    assert turn_mail.send_reminders() == 0


def test_the_command_sends_the_due_reminders():
    table, next_up = move_to_other(daily(3))
    seat_due(table, next_up, used=0.9)
    mail.outbox.clear()
    call_command("send_turn_reminders")
    assert len(mail.outbox) == 1


def test_a_turn_that_came_while_the_table_was_open_is_mailed_once_they_left_unseen():
    table, next_up = move_to_other(daily())
    TurnMail.objects.all().delete()
    seat = TableSeat.objects.filter(table=table, user=next_up)
    seat.update(last_seen_at=timezone.now())  # closed the tab a moment before the move
    assert turn_mail.notify_turns(table) == 0
    seat.update(last_seen_at=timezone.now() - timedelta(minutes=4), looked_version=0)
    mail.outbox.clear()
    assert turn_mail.send_reminders() == 0  # notify_turns' time: a minute to be away
    came = timezone.now() - timedelta(minutes=5)
    Table.objects.filter(pk=table.pk).update(last_move_at=came)
    assert turn_mail.send_reminders() == 1
    assert TurnMail.objects.get(user=next_up).kind == "turn"
    assert "Your turn" in mail.outbox[0].subject
    assert turn_mail.send_reminders() == 0


def test_no_late_mail_for_a_turn_they_saw():
    table, next_up = move_to_other(daily())
    TurnMail.objects.all().delete()
    TableSeat.objects.filter(table=table, user=next_up).update(
        last_seen_at=timezone.now() - timedelta(minutes=5), looked_version=table.version
    )
    Table.objects.filter(pk=table.pk).update(last_move_at=timezone.now() - timedelta(minutes=5))
    assert turn_mail.send_reminders() == 0


def test_two_servers_sending_the_same_reminder_send_it_once(monkeypatch):
    """Each server's clock loop may run send_reminders at the same moment: both read the
    reminder as due, one mails it."""
    table, next_up = move_to_other(daily(3))
    seat_due(table, next_up, used=0.9)
    mail.outbox.clear()
    reads = turn_mail._last_reminders
    monkeypatch.setattr(turn_mail, "_last_reminders", lambda seats: {})  # both read early
    assert turn_mail.send_reminders() == 1
    assert turn_mail.send_reminders() == 0
    monkeypatch.setattr(turn_mail, "_last_reminders", reads)
    assert len(mail.outbox) == 1


def test_a_member_who_never_asked_for_turn_mails_gets_none():
    host, guest = member("hostess", opted_in=False), member("guest", opted_in=False)
    table, _next_up = move_to_other(daily(host=host, guest=guest))
    mail.outbox.clear()
    TurnMail.objects.all().delete()
    assert turn_mail.notify_turns(table) == 0
    assert mail.outbox == []


def test_a_member_on_vacation_gets_no_turn_mail():
    table, next_up = move_to_other(daily())
    today = timezone.localdate()
    Vacation.objects.create(user=next_up, starts=today, ends=today + timedelta(days=2))
    mail.outbox.clear()
    TurnMail.objects.all().delete()
    assert turn_mail.notify_turns(table) == 0


def test_a_vacation_counts_by_the_clubs_day_not_utcs(monkeypatch):
    """Half past midnight in the club (Berlin) is still yesterday in UTC: a vacation
    starting today there already holds the mail back."""
    table, next_up = move_to_other(daily())
    at = datetime(2027, 1, 14, 23, 30, tzinfo=UTC)  # 00:30 on 15 January in Berlin
    Vacation.objects.create(user=next_up, starts=date(2027, 1, 15), ends=date(2027, 1, 16))
    mail.outbox.clear()
    TurnMail.objects.all().delete()
    monkeypatch.setattr(timezone, "now", lambda: at)
    assert turn_mail.notify_turns(table) == 0


def test_a_move_on_a_turn_based_table_mails_once_it_commits(django_capture_on_commit_callbacks):
    table = daily()
    mail.outbox.clear()
    TurnMail.objects.all().delete()
    position = table.to_act[0]
    with django_capture_on_commit_callbacks(execute=True):
        tables.play(table, user_at(table, position), first_legal(table, position), table.version)
    table = Table.objects.get(pk=table.pk)
    waiting = {user_at(table, seat).email for seat in table.to_act} - {
        user_at(table, position).email
    }
    assert {address for sent in mail.outbox for address in sent.to} == waiting


def test_a_move_on_a_live_table_sends_no_mail(django_capture_on_commit_callbacks):
    table = started({"kind": "live", "seconds": 60})
    mail.outbox.clear()
    position = table.to_act[0]
    with django_capture_on_commit_callbacks(execute=True):
        tables.play(table, user_at(table, position), first_legal(table, position), table.version)
    assert mail.outbox == []


def sacrifice_first_hand(monkeypatch):
    """A three-day Sacrifice at its first hand, where both seats buy at once, on a frozen
    clock; the frozen clock, the table and its two members."""
    from .clock_helpers import freeze

    frozen = freeze(monkeypatch)
    host, guest = member("hostess"), member("guest")
    table = tables.open_table("sacrifice", host, seats=2, clock={"kind": "daily", "days": 3})
    tables.take_seat(table, guest)
    table = tables.start(table, host)
    assert sorted(table.to_act) == [0, 1]
    return frozen, table, host, guest


def reminders_to(person) -> int:
    return TurnMail.objects.filter(user=person, kind=TurnMail.Kind.REMINDER).count()


def test_a_seat_still_deciding_is_reminded_at_80_percent_of_its_own_turn(monkeypatch):
    """The other seat's move does not restart the time counted to the reminder."""
    frozen, table, host, guest = sacrifice_first_hand(monkeypatch)
    frozen.tick(days=1)
    tables.play(table, host, first_legal(table, 0), table.version)
    assert 1 in Table.objects.get(pk=table.pk).to_act
    frozen.tick(days=1, hours=11)  # 2 days 11 hours of 3 used: past 80%
    turn_mail.send_reminders()
    assert reminders_to(guest) == 1


def test_a_seat_still_deciding_is_reminded_once_a_turn(monkeypatch):
    frozen, table, host, guest = sacrifice_first_hand(monkeypatch)
    frozen.tick(days=2, hours=12)
    turn_mail.send_reminders()
    assert (reminders_to(host), reminders_to(guest)) == (1, 1)
    tables.play(table, host, first_legal(table, 0), table.version)
    assert 1 in Table.objects.get(pk=table.pk).to_act
    frozen.tick(hours=11)
    turn_mail.send_reminders()
    assert reminders_to(guest) == 1  # the guest's turn goes on: reminded already
