"""Shared set-up for the nights' tests: members, organisers, nights."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from nights import organising
from nights.models import Night
from scoring.models import club_today


def member(name="mia") -> User:
    return User.objects.create_user(name, f"{name}@example.org")


def a_night(days_ahead=3, capacity=None, by=None, place="Café Anubis", time=dt.time(19, 30)):
    return organising.announce(
        by,
        day=club_today() + dt.timedelta(days=days_ahead),
        time=time,
        place=place,
        note="",
        capacity=capacity,
    )


def fresh(night: Night) -> Night:
    return Night.objects.get(pk=night.pk)
