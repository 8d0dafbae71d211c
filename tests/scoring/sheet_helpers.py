"""Shared set-up for the scorekeeper tests: users, players and sheets."""

from django.contrib.auth.models import User

from scoring import sheets
from scoring.models import Player

SQUARE = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]


def user(name="keeper", staff=False) -> User:
    return User.objects.create_user(
        name, f"{name}@example.org", "a-long-password-1", is_staff=staff
    )


def entry_url(session) -> str:
    return f"/scorekeeper/{session.public_id}/entry/"


def players(*names):
    return [Player.objects.get_or_create(name=n)[0] for n in names]


def sarg_sheet(owner):
    anna, ben = players("Anna", "Ben")
    return sheets.create_session("sarg", owner, [anna, ben], roles={"queen": "Anna", "king": "Ben"})


def sarkophag_sheet(owner, limit=None):
    return sheets.create_session(
        "sarkophag", owner, players("Anna", "Ben", "Clara"), {"limit": limit}
    )
