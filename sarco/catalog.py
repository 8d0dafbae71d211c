"""How the games present themselves to people: titles, seats, one-line pitches.

Rules live in ``games.engines`` and each game's words in its spec there
(``games.engines.registry``); this is only the shop window (the home page, menus).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.engines.registry import GameSpec, specs
from sarco.engine_text import lazy_say


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


def info(spec: GameSpec) -> GameInfo:
    """A registered game as the shop window shows it (its words translated when shown)."""
    return GameInfo(
        spec.slug,
        spec.title,
        spec.min_players,
        spec.max_players,
        lazy_say(spec.pitch),
        lazy_say(spec.kind),
    )


GAMES: tuple[GameInfo, ...] = tuple(info(spec) for spec in specs())

GAMES_BY_SLUG = {game.slug: game for game in GAMES}
