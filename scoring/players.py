"""Player names and creating players: every login gets one, and names stay unique in the club.

A name is tidied once, here (``tidy_name``), and compared by one key (``name_key``: NFKC plus
casefold). The database's unique constraint is on that stored key, so SQLite and PostgreSQL
agree on which names clash (``lower()`` did not: SQLite folds ASCII only).
"""

from __future__ import annotations

import unicodedata

from django.db import IntegrityError, transaction

from .models import Player

NAME_LENGTH = 40  # Player.name's max_length
KEY_LENGTH = 200  # Player.name_key's max_length: casefolding may lengthen a name


def _visible(char: str) -> bool:
    """Not a control, format (zero-width, bidi), surrogate, private or unassigned code point."""
    return char.isspace() or unicodedata.category(char)[0] != "C"


def tidy_name(typed: str) -> str:
    """A name as typed, NFKC-normalised, invisible characters dropped, runs of spaces folded
    and cut to what the club stores."""
    text = unicodedata.normalize("NFKC", typed if isinstance(typed, str) else "")
    text = "".join(filter(_visible, text))
    return " ".join(" ".join(text.split())[:NAME_LENGTH].split())


def name_key(name: str) -> str:
    """What makes two names the same name: the tidy name, casefolded (NFKC again after)."""
    return unicodedata.normalize("NFKC", tidy_name(name).casefold())[:KEY_LENGTH]


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
