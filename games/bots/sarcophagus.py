"""A heuristic Sarcophagus bot: claims where it leads, protects itself with gods, avoids traps.

It decides from its own ``view`` only (never the hidden state), so it plays fair: coin values
of others are estimated, face-down and sarcophagus tiles are guessed from what is left.
Each coin move gets a score: what the tile is worth to the bot against what it is worth to
the best-placed rival, weighted by who is likely to win it when it is assessed.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines import Engine, Move
from games.engines.sarcophagus import least_costly_discard
from games.engines.sarcophagus.tiles import SET_BONUS

AVERAGE_COIN = 2.5  # an unseen coin's expected value (0-5)
FACE_DOWN_WORTH = 2.0  # what an unseen pyramid tile is worth on average
GOD_WORTH = 3.0  # protection from every later trap
LOCK_COST = 0.7  # per own coin left for good on a sarcophagus tile
SARCOPHAGUS_WORTH = 2.5  # an unseen sarcophagus tile: four 5s and two nulls among six


class HeuristicBot:
    name = "heuristic"

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        view = engine.view(state, seat)
        moves = view["moves"]
        if len(moves) == 1:
            return moves[0]
        if "discard" in moves[0]:
            return _discard(view, seat, moves)
        scored = [(_score(view, seat, m) + rng.random() * 1e-6, i) for i, m in enumerate(moves)]
        return moves[max(scored)[1]]


def _my_tiles(view: dict[str, Any], seat: int) -> list[str]:
    me = view["seats"][seat]
    tiles = me["claimed"] + me.get("sarcophagus", [])
    for t in me.get("end_discards", []):
        tiles.remove(t)
    return tiles


def _discard(view: dict[str, Any], seat: int, moves: list[Move]) -> Move:
    """Lose the tile that costs least fame, set bonus included."""
    choice = least_costly_discard(_my_tiles(view, seat))
    return next((m for m in moves if m["discard"] == choice), moves[0])


def worth(tiles: list[str], tile: str | None) -> float:
    """What gaining ``tile`` adds for a player already holding ``tiles``."""
    if tile is None:
        return FACE_DOWN_WORTH
    value, suit = tile.split("-")
    has_god = any(t.startswith("ace-") for t in tiles)
    if value == "ace":
        return -0.3 if has_god else GOD_WORTH
    if value == "null":
        if has_god:
            return -0.3
        lost = least_costly_discard(tiles)
        return -1.5 if lost is None else -(_loss(tiles, lost) + 0.3)
    same = sum(
        1 for t in tiles if t.endswith("-" + suit) and t.split("-")[0] not in ("ace", "null")
    )
    return int(value) + SET_BONUS[min(same + 1, 4)] - SET_BONUS[min(same, 4)]


def _loss(tiles: list[str], lost: str) -> float:
    value, suit = lost.split("-")
    same = sum(
        1 for t in tiles if t.endswith("-" + suit) and t.split("-")[0] not in ("ace", "null")
    )
    return int(value) + SET_BONUS[same] - SET_BONUS[same - 1]


def _score(view: dict[str, Any], seat: int, move: Move) -> float:
    """Expected fame swing of placing this coin, from the bot's point of view."""
    cell = next(c for c in view["pyramid"] if c["tile"] == move["tile"])
    value = move["coin"]
    seats = view["seats"]
    mine = [c.get("value", 0) for c in cell["coins"] if c["seat"] == seat] + [value]
    rivals: dict[int, int] = {}
    for c in cell["coins"]:
        if c["seat"] != seat:
            rivals[c["seat"]] = rivals.get(c["seat"], 0) + 1
    w_me = worth(seats[seat]["claimed"], cell["face_up"])
    if cell["over_sarcophagus"]:
        w_me += SARCOPHAGUS_WORTH - LOCK_COST * len(mine)
    w_rival = max(
        (worth(seats[r]["claimed"], cell["face_up"]) for r in rivals),
        default=worth([], cell["face_up"]),
    )
    if cell["over_sarcophagus"]:
        w_rival += SARCOPHAGUS_WORTH
    share = 2 / max(view["players"], 2)  # a rival's gain costs less with more players
    top_rival = max(rivals.values(), default=0)
    total = len(mine) + sum(rivals.values())
    if total == 4 and cell["claimable"]:
        p_win = _chance(len(mine), top_rival, sum(mine))
        return p_win * w_me - (1 - p_win) * w_rival * share
    # Not decided yet: the lead it builds, and the risk of handing a rival a claimable tile.
    lead = len(mine) - top_rival
    gain = 0.35 * lead * (w_me if w_me > 0 else w_me * 1.5)
    if w_me > 0:
        gain += 0.05 * value  # high coins win ties on tiles worth having
    else:
        gain -= 0.1 * value
    if total == 3 and cell["claimable"] and lead <= 0 and w_rival > 0:
        gain -= 0.6 * w_rival * share
    return gain - 0.02 * value  # spend low coins when it makes no difference


def _chance(mine: int, rival: int, my_total: int) -> float:
    """Chance of winning an assessment: coin counts first, then values against a guess."""
    if mine != rival:
        return 1.0 if mine > rival else 0.0
    edge = my_total - rival * AVERAGE_COIN
    return max(0.0, min(1.0, 0.5 + edge / 5))
