"""Sarcophagus tiles and fame: notation, scoring (P9, P10), trap discards (P6), the end.

Inside the engine a tile (or a coin, which has the same suits and values) is an int 0-23:
``suit * 6 + value`` with values null=0, ace=1, 2-5. Public functions take and return the
notation of docs/rulings.md (``"5-sun"``, ``"null-moon"``, ``"ace-arms"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..base import Text

SUITS: tuple[str, ...] = ("sun", "moon", "crown", "arms")
VALUES: tuple[str, ...] = ("null", "ace", "2", "3", "4", "5")
TILES: tuple[str, ...] = tuple(f"{v}-{s}" for s in SUITS for v in VALUES)
TILE_IDS: dict[str, int] = {name: i for i, name in enumerate(TILES)}

TRAP, GOD = 0, 1  # the value index of null (trap) and ace (god) tiles
SET_BONUS: tuple[int, ...] = (0, 0, 1, 2, 4)  # by number tiles of one suit held (P9)


def suit_of(tile: int) -> int:
    return tile // 6


def value_of(tile: int) -> int:
    """Fame of a number tile, and also a coin's value (null 0, ace 1)."""
    return tile % 6


def is_number(tile: int) -> bool:
    return tile % 6 >= 2


def is_trap(tile: int) -> bool:
    return tile % 6 == TRAP


def is_god(tile: int) -> bool:
    return tile % 6 == GOD


def parse_tile(text: str) -> str:
    """The canonical notation of a tile written loosely ("5-Sun", " null-moon ")."""
    if isinstance(text, str):
        name = text.strip().lower()
        if name in TILE_IDS:
            return name
    raise ValueError(
        Text(
            "%(text)r is not a tile: write <value>-<suit>, the value null, ace, 2, 3, 4 or 5 and "
            "the suit sun, moon, crown or arms (e.g. 5-sun).",
            text=text,
        )
    )


def tile_id(text: str) -> int:
    return TILE_IDS[parse_tile(text)]


def _suit_counts(tiles: Iterable[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for t in tiles:
        if t % 6 >= 2:
            counts[t // 6] += 1
    return counts


def fame_of(tiles: Iterable[int]) -> int:
    """Fame of tile ids: number values plus the set bonus per suit (P9)."""
    tiles = tuple(tiles)
    total = sum(t % 6 for t in tiles if t % 6 >= 2)
    return total + sum(SET_BONUS[c] for c in _suit_counts(tiles))


def fame(tiles: Sequence[str]) -> int:
    """Fame of the tiles a player holds at the end; traps and gods score nothing."""
    return fame_of(tile_id(t) for t in tiles)


def fame_breakdown(tiles: Sequence[str]) -> dict[str, Any]:
    """Fame split into tile values and set bonuses, for score sheets and the end screen."""
    ids = [tile_id(t) for t in tiles]
    counts = _suit_counts(ids)
    sets = {SUITS[s]: SET_BONUS[c] for s, c in enumerate(counts) if SET_BONUS[c]}
    values = sum(t % 6 for t in ids if is_number(t))
    bonus = sum(sets.values())
    return {"tiles": values, "sets": sets, "bonus": bonus, "fame": values + bonus}


def cheapest_number(tiles: Sequence[int]) -> int | None:
    """The number tile whose loss costs least fame; ties: lowest value, then suit order."""
    base = fame_of(tiles)
    best: tuple[int, int, int] | None = None
    for i, t in enumerate(tiles):
        if not is_number(t):
            continue
        cost = base - fame_of(tiles[:i] + tiles[i + 1 :])
        key = (cost, value_of(t), suit_of(t))
        if best is None or key < best:
            best = key
    return None if best is None else best[2] * 6 + best[1]


def least_costly_discard(tiles: Sequence[str]) -> str | None:
    """The number tile a trap should take (the least fame lost); None without one."""
    best = cheapest_number(tuple(tile_id(t) for t in tiles))
    return None if best is None else TILES[best]


def end_of_game(
    held: Sequence[str], sarcophagus: Sequence[str], discards: Sequence[str] | None = None
) -> dict[str, Any]:
    """P6/P9 at the end: reveal the claimed sarcophagus tiles; each trap among them takes a
    number tile unless a god is held. ``discards`` are the player's choices in order (one per
    trap that bites); missing choices fall back to the least costly tile."""
    kept = [tile_id(t) for t in held] + [tile_id(t) for t in sarcophagus]
    choices = [tile_id(t) for t in discards or ()]
    protected = any(is_god(t) for t in kept)
    discarded: list[int] = []
    for trap in (tile_id(t) for t in sarcophagus):
        if not is_trap(trap) or protected or not any(is_number(t) for t in kept):
            continue
        if choices:
            choice = choices.pop(0)
            if choice not in kept or not is_number(choice):
                raise ValueError(
                    Text(
                        "%(choice)s cannot be discarded: the trap takes a number tile the player "
                        "holds.",
                        choice=TILES[choice],
                    )
                )
        else:
            choice = cheapest_number(tuple(kept))
        kept.remove(choice)
        discarded.append(choice)
    if choices:
        raise ValueError(
            Text(
                "Too many discards: only %(count)s sarcophagus trap(s) take a tile here.",
                count=len(discarded),
            )
        )
    names = [TILES[t] for t in kept]
    breakdown = fame_breakdown(names)
    return {
        "kept": names,
        "discarded": [TILES[t] for t in discarded],
        "fame": breakdown["fame"],
        "breakdown": breakdown,
        "tile_count": len(kept),
    }


def ranking(fames: Sequence[int], tile_counts: Sequence[int]) -> list[int]:
    """Winning seats (P9): highest fame, then fewer tiles held; still tied: all share."""
    if len(fames) != len(tile_counts):
        raise ValueError(Text("ranking needs one tile count per fame."))
    if not fames:
        return []
    best = max((f, -c) for f, c in zip(fames, tile_counts, strict=True))
    return [
        i for i, fc in enumerate(zip(fames, tile_counts, strict=True)) if (fc[0], -fc[1]) == best
    ]
