"""Creating players: every login gets one, a guest is found or made by name, and a new name
never clashes with a club player's (``scoring.players`` says when two names are the same)."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from .models import Player
from .players import NAME_LENGTH, tidy_name


def free_name(wanted: str) -> str:
    """``wanted`` if no player has it yet (in any spelling), else ``wanted 2``, ``wanted 3``..."""
    wanted = tidy_name(wanted) or "Player"
    name, n = wanted, 1
    while Player.objects.named(name).exists():
        n += 1
        name = f"{wanted[: NAME_LENGTH - 4]} {n}"
    return name


def create_named(name: str, **fields) -> Player | None:
    """A new player called ``name``; None if that name was taken meanwhile (another request
    created it between our check and our insert). Safe inside a transaction: a savepoint."""
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, **fields)
    except IntegrityError:
        if Player.objects.named(name).exists():
            return None
        raise


def guest_named(name: str) -> Player:
    """The club player with this name (any spelling), or a new guest of that name. Two
    requests naming the same new guest at once get the same player, as one after the other
    would."""
    name = tidy_name(name)
    for _attempt in range(3):
        player = Player.objects.named(name).first()
        if player is not None:
            return player
        player = create_named(name, is_guest=True)
        if player is not None:
            return player
    raise IntegrityError(f"Could not create or find the player {name!r}.")


@transaction.atomic
def ensure_player_for(user) -> Player:
    """The user's player, created (named after the username) if they have none yet."""
    player = Player.objects.filter(user=user).first()
    while player is None:
        player = create_named(free_name(user.get_username()), user=user)
    return player
