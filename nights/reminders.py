"""Reminder mails two days before a night, each with a one-click "not coming" link.

A member gets one reminder per night, ever: the ``Reminder`` row is written in the same
transaction as the mail is handed over, so a rerun (cron twice, a crash) sends nothing
twice. Only members with a seat, a confirmed address (``user.email``) and the club-night
mails on (``MemberProfile.mail_club_nights``, on unless they turned it off) get one.

The link carries the night and the member, signed with the site's key: it works without a
login, but only opens a page with a button, so a mail scanner following links frees no seat.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.models import MemberProfile, club_date

from .models import Attendance, Night, Reminder

SALT = "nights.reminders.not_coming"
DAYS_BEFORE = 2
TOKEN_DAYS = 60


def not_coming_token(night: Night, user) -> str:
    return signing.dumps({"n": night.pk, "u": user.pk}, salt=SALT)


def read_token(token: str) -> tuple[int, int] | None:
    """(night id, user id) of a valid link, else None."""
    try:
        data = signing.loads(token, salt=SALT, max_age=TOKEN_DAYS * 24 * 3600)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    night_id, user_id = data.get("n"), data.get("u")
    if not isinstance(night_id, int) or not isinstance(user_id, int):
        return None
    return night_id, user_id


def due_nights(now: dt.datetime):
    """Nights not cancelled, not started, at most DAYS_BEFORE days ahead (a missed run
    still reminds the next day)."""
    last_day = club_date(now) + dt.timedelta(days=DAYS_BEFORE)
    return Night.objects.filter(cancelled_at__isnull=True, starts_at__gt=now).filter(
        starts_at__date__lte=last_day
    )


def recipients(night: Night):
    """The night's attendances owed a reminder."""
    opted_out = MemberProfile.objects.filter(mail_club_nights=False).values("user_id")
    already = Reminder.objects.filter(night=night).values("user_id")
    return (
        Attendance.objects.filter(night=night, waiting=False)
        .exclude(user__email="")
        .exclude(user_id__in=opted_out)
        .exclude(user_id__in=already)
        .select_related("user", "night")
    )


def send_reminders(now: dt.datetime | None = None) -> int:
    """Mail every reminder that is due; the number sent."""
    now = now or timezone.now()
    sent = 0
    for night in due_nights(now):
        for attendance in recipients(night):
            sent += _remind(attendance)
    return sent


def _remind(attendance: Attendance) -> int:
    night, user = attendance.night, attendance.user
    try:
        with transaction.atomic():
            Reminder.objects.create(night=night, user=user)
            with translation.override(settings.LANGUAGE_CODE):
                _mail(night, user)
    except IntegrityError:
        return 0  # another run reminded this member meanwhile
    return 1


def _mail(night: Night, user) -> None:
    base = settings.SITE_URL.rstrip("/")
    context = {
        "user": user,
        "night": night,
        "night_url": base + reverse("nights:night", args=[night.pk]),
        "not_coming_url": base + reverse("nights:not-coming", args=[not_coming_token(night, user)]),
    }
    send_mail(
        _("Club night on %(day)s") % {"day": date_format(night.local_start, "DATE_FORMAT")},
        render_to_string("nights/reminder_mail.txt", context),
        None,  # DEFAULT_FROM_EMAIL
        [user.email],
    )
