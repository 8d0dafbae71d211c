"""Creating players: every login gets one, and names stay unique in the club."""

from __future__ import annotations

from django.db import transaction

from .models import Player

NAME_LENGTH = 40  # Player.name's max_length


def tidy_name(typed: str) -> str:
    """A name as typed, with runs of spaces folded and cut to what the club stores."""
    return " ".join(typed.split())[:NAME_LENGTH]


def free_name(wanted: str) -> str:
    """``wanted`` if no player has it yet (any case), else ``wanted 2``, ``wanted 3``, ..."""
    name, n = wanted, 1
    while Player.objects.filter(name__iexact=name).exists():
        n += 1
        name = f"{wanted[:36]} {n}"
    return name


@transaction.atomic
def ensure_player_for(user) -> Player:
    """The user's player, created (named after the username) if they have none yet."""
    player = Player.objects.filter(user=user).first()
    if player is None:
        player = Player.objects.create(name=free_name(user.get_username()[:40]), user=user)
    return player
