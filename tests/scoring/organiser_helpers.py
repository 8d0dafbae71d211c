"""Shared set-up for the organisers' tests: logins with each role, finished sessions."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.utils import timezone

from scoring import ratings, sheet_import, sheets
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


# A finished session of each game, as imported sheets (Sarg entered by credited scores).
FINISHED_SHEETS = {
    "sarkophag": {
        "game": "sarkophag",
        "players": ["Anna", "Ben", "Clara"],
        "limit": 100,
        "rounds": [
            {"heads": {"Anna": 12, "Ben": 10, "Clara": 7}},
            {"heads": {"Anna": 5, "Ben": 8, "Clara": 9}},
        ],
    },
    "sarg": {
        "game": "sarg",
        "players": ["Anna", "Ben"],
        "roles": {"queen": "Anna", "king": "Ben"},
        "rounds": [{"queen": 38, "king": 30}] * 6,
    },
    "sarcophagus": {
        "game": "sarcophagus",
        "players": ["Ron", "Amy"],
        "tiles": {"Ron": ["5-sun", "2-moon"], "Amy": ["ace-sun", "null-arms"]},
    },
    "sacrifice": {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]},
        "sacrificed": {"Anna": ["AS", "7D"], "Ben": ["KD"]},
    },
}


def finished_session(game: str) -> PlaySession:
    """A finished session of ``game`` from ``FINISHED_SHEETS``."""
    return sheet_import.import_sheet(FINISHED_SHEETS[game], None, finish=True)


# Per game: a round of its FINISHED_SHEETS session, the admin's correction form's fields
# for it (the game's entry form, scoring/entry) and the entry they make.
CORRECTIONS = {
    "sarkophag": (
        2,
        {"mode": "heads", "heads-0": "5", "heads-1": "9", "heads-2": "8"},
        {"heads": {"Anna": 5, "Ben": 9, "Clara": 8}},
    ),
    "sarg": (
        1,
        {"mode": "typed", "queen": "0", "king": "100"},
        {"queen": 0, "king": 100},
    ),
    "sarcophagus": (
        1,
        {"held-0": ["2-moon"], "held-1": ["5-sun", "ace-sun", "null-arms"]},
        {"tiles": {"Ron": ["2-moon"], "Amy": ["ace-sun", "5-sun", "null-arms"]}},
    ),
    "sacrifice": (
        1,
        {"trophies-0": ["KH", "QD"], "trophies-1": ["QS"], "sacrificed-0": ["AS"]},
        {
            "trophies": {"Anna": ["KH", "QD"], "Ben": ["QS"]},
            "sacrificed": {"Anna": ["AS"], "Ben": []},
        },
    ),
}
