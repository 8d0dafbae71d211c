"""How the four games present themselves to people: titles, seats, one-line pitches.

Rules live in ``games.engines``; this is only the shop window (the home page, menus).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    slug: str
    title: str
    min_players: int
    max_players: int
    pitch: str
    kind: str

    @property
    def players(self) -> str:
        """Seat range as people write it: "3–6 players", "2 players"."""
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players}–{self.max_players} players"


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "sarkophag",
        "Sarkophag",
        3,
        6,
        "Play higher or lower than the lead and leave the mummy heads to everybody else.",
        "trick-taking",
    ),
    GameInfo(
        "sacrifice",
        "Sacrifice",
        2,
        2,
        "Win tricks for face-card trophies, then choose what your deck can bear to sacrifice.",
        "trick-taking deck-builder",
    ),
    GameInfo(
        "sarcophagus",
        "Sarcophagus",
        2,
        4,
        "Bid hidden coins on a piecepack pyramid for fame, and mind the traps by the tomb.",
        "piecepack pyramid",
    ),
    GameInfo(
        "sarg",
        "Sarg",
        2,
        2,
        "Build a 3×3 coffin of cards together: the Queen scores rows, the King columns.",
        "card placement, six rounds",
    ),
)

GAMES_BY_SLUG = {game.slug: game for game in GAMES}
