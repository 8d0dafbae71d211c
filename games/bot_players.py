"""The scoring players that stand for bots at online tables.

One ``scoring.Player`` (``is_bot=True``) per bot level, named for people ("Bot (normal)").
A session seats each player once, so a second bot of the same level at one table gets its
own player ("Bot (normal) 2").
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.bots import BOT_KINDS, BOT_LEVELS
from scoring.faces import per_language
from scoring.models import Player

# "random" is no longer offered, but older tables store it: it is shown as easy too.
LEVEL_LABELS = {
    "random": _("easy"),
    "easy": _("easy"),
    "heuristic": _("normal"),
    "search": _("hard"),
}
ENGLISH_LABELS = {"random": "easy", "easy": "easy", "heuristic": "normal", "search": "hard"}
assert set(LEVEL_LABELS) == set(BOT_KINDS), "every bot kind needs a label"


@per_language
def level_choices() -> tuple[tuple[str, str], ...]:
    """(stored kind, label) of the levels a table offers: easy, normal, hard. Looked up once
    per language: every viewer's frame carries them."""
    return tuple((kind, str(LEVEL_LABELS[kind])) for kind in BOT_LEVELS)


def level_label(level: str) -> str:
    return str(LEVEL_LABELS.get(level, level))


def bot_name(level: str, nth: int = 1) -> str:
    """The player name of the ``nth`` bot of that level at one table (stored in English:
    a player name is one string for everyone)."""
    base = f"Bot ({ENGLISH_LABELS.get(level, level)})"
    return base if nth == 1 else f"{base} {nth}"


def bot_player(level: str, nth: int = 1) -> Player:
    """The bot player for that level (created on first use). Should a member already be
    called so, the bot takes the name with a mark after it instead."""
    name = bot_name(level, nth)
    for candidate in (name, f"{name} *"):
        player = Player.objects.filter(name__iexact=candidate).first()
        if player is None:
            return Player.objects.create(name=candidate, is_bot=True)
        if player.is_bot:
            return player
    raise ValueError(f"No free player name for the bot {name!r}.")


def assign_players(seats) -> None:
    """Each seat's scoring player at the start: the user's own, or a bot player per level."""
    from scoring.new_players import ensure_player_for

    nth: dict[str, int] = {}
    for seat in seats:
        if seat.user_id is not None:
            seat.player = ensure_player_for(seat.user)
        else:
            nth[seat.bot_level] = nth.get(seat.bot_level, 0) + 1
            seat.player = bot_player(seat.bot_level, nth[seat.bot_level])
        seat.save(update_fields=["player"])
