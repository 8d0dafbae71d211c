"""Shared set-up for the organisers' tests: logins with each role, finished sessions."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.utils import timezone

from scoring import ratings, sheets
from scoring.models import Player, PlaySession
from scoring.organisers import ensure_group


def organiser(name="olga", password: str | None = None) -> User:
    """An organiser; without ``password`` none is hashed (tests log in with force_login)."""
    user = User.objects.create_user(name, f"{name}@example.org", password, is_staff=True)
    user.groups.add(ensure_group())
    return User.objects.get(pk=user.pk)  # fresh: no cached permissions


def member(name="mia") -> User:
    return User.objects.create_user(name, f"{name}@example.org")


def superuser(name="root") -> User:
    return User.objects.create_superuser(name, f"{name}@example.org", None)


def player(name: str, **kwargs) -> Player:
    return Player.objects.get_or_create(name=name, defaults=kwargs)[0]


def finished_sarg(owner=None, rounds=((38, 30),) * 6, names=("Anna", "Ben"), at=None):
    """A finished six-round Sarg between ``names`` (queen first), entered by credited scores."""
    owner = owner or User.objects.get_or_create(username="keeper")[0]
    queen, king = (player(n) for n in names)
    session = sheets.create_session(
        "sarg", owner, [queen, king], roles={"queen": queen.name, "king": king.name}
    )
    for q, k in rounds:
        sheets.apply_edit(session.public_id, owner, "add", entry={"queen": q, "king": k})
    sheets.apply_edit(session.public_id, owner, "finish")
    if at is not None:
        PlaySession.objects.filter(pk=session.pk).update(finished_at=at)
        ratings.replay("sarg")
    return PlaySession.objects.get(pk=session.pk)


def hours_ago(n: int):
    return timezone.now() - dt.timedelta(hours=n)


def ratings_are_a_full_replay(*games: str) -> bool:
    """True when replaying every event from the start would change nothing."""
    return not any(ratings.replay(g).changed for g in games or ratings.GAMES)
