"""How the four games present themselves to people: titles, seats, one-line pitches.

Rules live in ``games.engines``; this is only the shop window (the home page, menus).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


@dataclass(frozen=True)
class GameInfo:
    slug: str
    title: str
    min_players: int
    max_players: int
    pitch: str | Promise
    kind: str | Promise

    @property
    def players(self) -> str:
        """Seat range as people write it: "3–6 players", "2 players"."""
        if self.min_players == self.max_players:
            return ngettext("%(count)d player", "%(count)d players", self.min_players) % {
                "count": self.min_players
            }
        return _("%(low)d–%(high)d players") % {"low": self.min_players, "high": self.max_players}


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "sarkophag",
        "Sarkophag",
        3,
        6,
        _("Play higher or lower than the lead and leave the mummy heads to everybody else."),
        _("trick-taking"),
    ),
    GameInfo(
        "sacrifice",
        "Sacrifice",
        2,
        2,
        _("Win tricks for face-card trophies, then choose what your deck can bear to sacrifice."),
        _("trick-taking deck-builder"),
    ),
    GameInfo(
        "sarcophagus",
        "Sarcophagus",
        2,
        4,
        _("Bid hidden coins on a piecepack pyramid for fame, and mind the traps by the tomb."),
        _("piecepack pyramid"),
    ),
    GameInfo(
        "sarg",
        "Sarg",
        2,
        2,
        _("Build a 3×3 coffin of cards together: the Queen scores rows, the King columns."),
        _("card placement, six rounds"),
    ),
)

GAMES_BY_SLUG = {game.slug: game for game in GAMES}
