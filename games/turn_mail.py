"""Mail a member when a turn-based table waits for their move, and once more near the end.

For turn-based ("daily") tables only: a live table's players are at the table. A member gets
a "your turn" mail when a move hands them the turn (``notify_turns``, after the move
commits), at most one a table a day, and one reminder a turn once 80% of the time to their
seat's deadline is used, the turn counted back from the deadline (``turn_began``), by
``send_reminders`` from the clock loop or ``manage.py send_turn_reminders``. Only members
with a confirmed address (``user.email``) who keep the "your turn" mails on
(``MemberProfile.mail_your_turn``), and never while they have the table open
(``games.presence``): they see the turn there. A ``TurnMail`` row is written in the
transaction that hands the mail over (a mail that could not be sent is not counted, and is
tried again where a rerun finds it due), and a claim in the shared cache keeps two servers
from sending the same mail at the same moment.

The project keeps no language per member: mails speak the site's ``LANGUAGE_CODE``, as the
club-night reminders do.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.models import MemberProfile

from . import clock_kinds, presence
from .labels import game_title, seat_names
from .models import Table, TableSeat, TurnMail, Vacation
from .your_turn import time_left_text

log = logging.getLogger(__name__)

TURN_MAIL_EVERY = timedelta(days=1)
REMIND_AT = 0.8  # of the time between the turn coming and the seat's deadline
CLAIM_PREFIX = "games:turn-mail:"
CLAIM_SECONDS = 300


def after_commit(table: Table) -> None:
    """Mail those whose turn it now is once the move (or the start) commits; turn-based
    tables only, so any other table's move pays nothing."""
    if clock_kinds.is_daily(table.clock):
        transaction.on_commit(lambda: notify_turns(table), robust=True)


def notify_turns(table: Table) -> int:
    """Mail the people whose turn it now is at ``table`` (after a move commits); the number
    of mails sent. Costs nothing for a table that is not turn-based."""
    if not clock_kinds.is_daily(table.clock) or table.status != Table.Status.PLAYING:
        return 0
    now = timezone.now()
    return _mail_turns(_people_to_act(Table.objects.filter(pk=table.pk)), now)


def send_reminders(now: datetime | None = None) -> int:
    """The clock loop's part: remind every member whose turn-based seat has used 80% of its
    time, once a turn, and mail the turns that came while a member still counted as at the
    table but that they never saw (they had just closed it); the number of mails sent.
    Reads only seats whose deadline is near or whose turn came within the day."""
    now = now or timezone.now()
    return _late_turn_mails(now) + _reminders(now)


def _reminders(now: datetime) -> int:
    near = timedelta(days=max(clock_kinds.DAILY_DAYS)) * (1 - REMIND_AT)
    tables = Table.objects.filter(status=Table.Status.PLAYING, clock__kind=clock_kinds.DAILY)
    seats = [
        s
        for s in _people_to_act(tables, deadline__gt=now, deadline__lte=now + near)
        if _due(s, now)
    ]
    last_reminded = _last_reminders(seats)
    sent = 0
    for seat in _wanting_mail(seats, now):
        last = last_reminded.get((seat.table_id, seat.user_id))
        if last is None or last < turn_began(seat):
            sent += _send(seat, TurnMail.Kind.REMINDER, now)
    return sent


def _last_reminders(seats: list[TableSeat]) -> dict[tuple[int, int], datetime]:
    """(table, member): when the last reminder went to them there, for these seats."""
    rows = TurnMail.objects.filter(
        kind=TurnMail.Kind.REMINDER, table_id__in={s.table_id for s in seats}
    ).values_list("table_id", "user_id", "sent_at")
    last: dict[tuple[int, int], datetime] = {}
    for table_id, user_id, sent_at in rows:
        key = (table_id, user_id)
        last[key] = max(sent_at, last.get(key, sent_at))
    return last


def turn_began(seat: TableSeat) -> datetime:
    """When the seat's turn began as its clock counts it: its deadline less the table's
    days and the days given. Not the table's last move, which at a table where several
    seats act at once (Sacrifice's first hand) may be another seat's; a vacation that
    pushed the deadline on moves it on too, as the clock stopped then."""
    days = seat.table.clock["days"] + len(seat.days_given or [])
    return seat.deadline - timedelta(days=days)


def _late_turn_mails(now: datetime) -> int:
    """Turns handed over within the day whose person has not looked since and is away now,
    not mailed today: ``notify_turns`` found them at the table (presence counts a page
    closed a moment ago as there)."""
    tables = Table.objects.filter(
        status=Table.Status.PLAYING,
        clock__kind=clock_kinds.DAILY,
        last_move_at__gt=now - TURN_MAIL_EVERY,
        # notify_turns has had its go: whoever was at the table then is away by now
        last_move_at__lt=now - presence.away_after(),
    )
    return _mail_turns(_people_to_act(tables, looked_version__lt=F("table__version")), now)


def _mail_turns(seats: list[TableSeat], now: datetime) -> int:
    """A turn mail to each of these seats' people who want one and were not sent one for
    that table within the day; the number sent."""
    mailed_today = set(
        TurnMail.objects.filter(
            kind=TurnMail.Kind.TURN,
            table_id__in={s.table_id for s in seats},
            sent_at__gt=now - TURN_MAIL_EVERY,
        ).values_list("table_id", "user_id")
    )
    sent = 0
    for seat in _wanting_mail(seats, now):
        if (seat.table_id, seat.user_id) not in mailed_today:
            sent += _send(seat, TurnMail.Kind.TURN, now)
    return sent


def _due(seat: TableSeat, now: datetime) -> bool:
    """80% of the time from the turn coming to the deadline used, the deadline not past."""
    came = turn_began(seat)
    if seat.deadline <= now:
        return False
    return (now - came) >= (seat.deadline - came) * REMIND_AT


def _people_to_act(tables, **more) -> list[TableSeat]:
    """The seats of people (not bots) with a confirmed address at ``tables``, to act now
    (``more``: further conditions on the seats)."""
    seats = (
        TableSeat.objects.filter(table__in=tables, user__isnull=False, bot_level="", **more)
        .exclude(user__email="")
        .select_related("table", "user")
    )
    return [s for s in seats if s.position in (s.table.to_act or [])]


def _wanting_mail(seats: list[TableSeat], now: datetime) -> list[TableSeat]:
    """Those who asked for the mails (members opt in) and are neither at the table now nor
    on vacation."""
    opted_in = set(
        MemberProfile.objects.filter(
            user_id__in={s.user_id for s in seats}, mail_your_turn=True
        ).values_list("user_id", flat=True)
    )
    today = timezone.localdate(now)  # vacations are the club's days, not UTC's
    away = set(
        Vacation.objects.filter(
            user_id__in={s.user_id for s in seats}, starts__lte=today, ends__gte=today
        ).values_list("user_id", flat=True)
    )  # on vacation: their clock waits, and so does the mail
    cutoff = now - presence.away_after()
    return [
        s
        for s in seats
        if s.user_id in opted_in - away and (s.last_seen_at is None or s.last_seen_at < cutoff)
    ]


def _claim(seat: TableSeat, kind: str) -> bool:
    """This process is the one to send this mail: two servers' clock loops (or a move's
    ``notify_turns`` and a loop) may find the same mail due at the same moment. One atomic
    ``cache.add`` across processes (Redis in production); by the time the claim expires the
    ``TurnMail`` row says it was sent. The cache is a guard, not a dependency: without it,
    send."""
    key = f"{CLAIM_PREFIX}{seat.table_id}:{seat.user_id}:{kind}:{seat.table.version}"
    try:
        return cache.add(key, 1, CLAIM_SECONDS)
    except Exception:
        log.warning("The cache is unavailable; sending the turn mail unguarded", exc_info=True)
        return True


def _send(seat: TableSeat, kind: str, now: datetime) -> int:
    if not _claim(seat, kind):
        return 0
    try:
        with transaction.atomic():
            TurnMail.objects.create(
                table=seat.table, user=seat.user, kind=kind, version=seat.table.version
            )
            with translation.override(settings.LANGUAGE_CODE):
                _mail(seat, kind, now)
    except Exception:  # a mail server away loses a mail, never a move or the clock loop
        log.warning("Could not send the turn mail", exc_info=True)
        return 0
    return 1


def _mail(seat: TableSeat, kind: str, now: datetime) -> None:
    table, user = seat.table, seat.user
    seats = list(table.seats.select_related("user__player").order_by("position"))
    names = seat_names(seats)
    opponents = ", ".join(
        name for other, name in zip(seats, names, strict=True) if other.position != seat.position
    )
    base = settings.SITE_URL.rstrip("/")
    game = game_title(table.game)
    context = {
        "name": names[[s.position for s in seats].index(seat.position)],
        "game": game,
        "opponents": opponents,
        "pace": clock_kinds.describe(table.clock),
        "time_left": time_left_text(seat.deadline, now),
        "reminder": kind == TurnMail.Kind.REMINDER,
        "table_url": base + reverse("play:table", args=[table.public_id]),
        "account_url": base + reverse("account"),
    }
    if kind == TurnMail.Kind.REMINDER:
        subject = _("Reminder: your move at %(game)s, %(time)s") % {
            "game": game,
            "time": context["time_left"],
        }
    else:
        subject = _("Your turn at %(game)s against %(names)s") % {
            "game": game,
            "names": opponents,
        }
    body = render_to_string("games/mail/your_turn.txt", context)
    send_mail(subject, body, None, [user.email])  # from DEFAULT_FROM_EMAIL
