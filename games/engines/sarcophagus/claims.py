"""What follows a Sarcophagus move: tiles revealed, claims settled by majority (P5), traps
sprung (P6), the sarcophagus claimed, and the end of the game with its discards (P9, P10).
"""

from __future__ import annotations

from .pyramid import (
    POSITIONS,
    SARCOPHAGUS,
    free_count,
    label,
)
from .state import (
    END,
    OVER,
    PLAY,
    SarcophagusState,
    discard_options,
    number_tiles,
    open_tiles,
    suit_owners,
)
from .tiles import (
    TILES,
    end_of_game,
    is_god,
    is_trap,
    ranking,
)


def reveal(s: SarcophagusState, positions: list[int]) -> None:
    """P3: turn tiles face up and tell everybody what they are."""
    if not positions:
        return
    for p in positions:
        s.face_up[p] = True
    shown = ", ".join(f"{TILES[s.board[p]]} at {label(p)}" for p in positions)
    s.event(
        "reveal",
        [],
        f"Turned face up: {shown}.",
        tiles=[{"tile": list(POSITIONS[p]), "face_up": TILES[s.board[p]]} for p in positions],
    )


def carry_on(s: SarcophagusState) -> None:
    """Settle claims (P3) until none is left or a trap awaits its answer, then move the turn."""
    while s.phase == PLAY:
        if s.pending is not None:
            return
        p = _claimable(s)
        if p is None:
            break
        assess(s, p)
    if s.phase == PLAY and all(t is None for t in s.board):
        _begin_end(s)
        return
    if s.phase != PLAY:
        return
    if s.placed and (s.placed >= s.turn_coins or not open_tiles(s)):
        s.turn = (s.turn + 1) % s.players
        s.placed = 0
        s.turn_coins = 0


def _claimable(s: SarcophagusState) -> int | None:
    """The first tile in reading order with four coins and at least two free sides."""
    board = s.board
    for p, coins in enumerate(s.coins):
        if len(coins) == 4 and board[p] is not None and free_count(board, p) >= 2:
            return p
    return None


def _winner(s: SarcophagusState, p: int) -> int | None:
    """P4: most coins, then highest total value (shown to all), else nobody."""
    owners = suit_owners(s.players)
    counts: dict[int, list[int]] = {}
    for coin in s.coins[p]:
        counts.setdefault(owners[coin // 6], []).append(coin % 6)
    if not counts:
        return None
    most = max(len(v) for v in counts.values())
    tied = sorted(seat for seat, v in counts.items() if len(v) == most)
    if len(tied) == 1:
        return tied[0]
    totals = {seat: sum(counts[seat]) for seat in tied}
    shown = ", ".join(
        f"{{p{seat}}} {'+'.join(map(str, counts[seat]))}={totals[seat]}" for seat in tied
    )
    s.event(
        "tie",
        tied,
        f"Tie on {label(p)}, the coins are turned over: {shown}.",
        tile=list(POSITIONS[p]),
        values={str(seat): counts[seat] for seat in tied},
    )
    best = max(totals.values())
    top = [seat for seat in tied if totals[seat] == best]
    return top[0] if len(top) == 1 else None


def assess(s: SarcophagusState, p: int) -> None:
    """Claim or discard the tile at p (P4), then any sarcophagus tile below and any trap."""
    winner = _winner(s, p)
    tile = s.board[p]
    assert tile is not None
    coins = s.coins[p]
    s.board[p] = None
    s.coins[p] = ()
    s.face_up[p] = True
    if winner is None:
        s.discarded.append(tile)
        s.event(
            "discard_tile",
            [],
            f"Nobody claims {TILES[tile]} at {label(p)}; it is discarded.",
            tile=list(POSITIONS[p]),
            face_up=TILES[tile],
        )
    else:
        s.held[winner] = (*s.held[winner], tile)
        s.event(
            "claim",
            [winner],
            f"{{p{winner}}} claims {TILES[tile]} at {label(p)}.",
            tile=list(POSITIONS[p]),
            face_up=TILES[tile],
        )
    kept = _sarcophagus(s, p, winner, coins) if p in SARCOPHAGUS else ()
    _return_coins(s, [c for c in coins if c not in kept])
    if winner is not None and is_trap(tile):
        _trap(s, winner)


def _sarcophagus(
    s: SarcophagusState, p: int, winner: int | None, coins: tuple[int, ...]
) -> tuple[int, ...]:
    """P4: the claimer also takes the sarcophagus tile below, unseen, and leaves their coins
    on it for good; if nobody claims, it is discarded unseen. Returns the coins kept there."""
    k = SARCOPHAGUS.index(p)
    under = s.under[k]
    s.under[k] = None
    if under is None:
        return ()
    if winner is None:
        s.unseen.append(under)
        s.event(
            "sarcophagus_lost", [], f"The sarcophagus tile under {label(p)} is discarded unseen."
        )
        return ()
    owners = suit_owners(s.players)
    kept = tuple(c for c in coins if owners[c // 6] == winner)
    s.buried[winner] = (*s.buried[winner], under)
    s.locked[winner] = (*s.locked[winner], *kept)
    s.event(
        "sarcophagus",
        [winner],
        f"{{p{winner}}} takes the sarcophagus tile under {label(p)} unseen and leaves "
        f"{len(kept)} coin(s) on it.",
        locked=len(kept),
    )
    return kept


def _return_coins(s: SarcophagusState, coins: list[int]) -> None:
    owners = suit_owners(s.players)
    for seat in {owners[c // 6] for c in coins}:
        mine = [c for c in coins if owners[c // 6] == seat]
        s.hands[seat] = tuple(sorted((*s.hands[seat], *mine)))


def _trap(s: SarcophagusState, seat: int) -> None:
    """P6: a claimed trap takes a number tile of the claimer's choice unless a god protects."""
    held = s.held[seat]
    numbers = number_tiles(held)
    if any(is_god(t) for t in held):
        s.event("trap", [seat], f"A god protects {{p{seat}}} from the trap.", effect="protected")
    elif not numbers:
        s.event("trap", [seat], f"The trap finds no number tile on {{p{seat}}}.", effect="none")
    elif len(numbers) == 1:
        s.held[seat] = tuple(t for t in held if t != numbers[0])
        s.discarded.append(numbers[0])
        s.event(
            "trap_discard",
            [seat],
            f"The trap takes {{p{seat}}}'s only number tile, {TILES[numbers[0]]}.",
            tile=TILES[numbers[0]],
        )
    else:
        s.pending = seat
        s.event(
            "trap", [seat], f"{{p{seat}}} must discard a number tile to the trap.", effect="choose"
        )


# -- the end (P6, P9) ---------------------------------------------------------------------------
def _begin_end(s: SarcophagusState) -> None:
    """The last tile is gone: open the claimed sarcophagus tiles, then settle their traps."""
    s.phase = END
    for seat in range(s.players):
        if s.buried[seat]:
            found = ", ".join(TILES[t] for t in s.buried[seat])
            s.event(
                "opened",
                [seat],
                f"{{p{seat}}} opens the sarcophagus tiles: {found}.",
                tiles=[TILES[t] for t in s.buried[seat]],
            )
    run_end(s)


def run_end(s: SarcophagusState) -> None:
    """Each sarcophagus trap, seat by seat; a real choice waits for the player's move."""
    for seat in range(s.players):
        traps = sum(1 for t in s.buried[seat] if is_trap(t))
        protected = any(is_god(t) for t in s.held[seat])
        while s.end_done[seat] < traps:
            options = discard_options(s, seat)
            if protected or not options:
                s.end_done[seat] += 1
                why = "a god protects them" if protected else "they hold no number tile"
                s.event("trap", [seat], f"A sarcophagus trap spares {{p{seat}}}: {why}.")
            elif len(options) == 1:
                end_discard(s, seat, options[0])
            else:
                s.pending = seat
                s.event(
                    "trap", [seat], f"{{p{seat}}} must discard a number tile to a sarcophagus trap."
                )
                return
    _finish(s)


def end_discard(s: SarcophagusState, seat: int, tile: int) -> None:
    s.end_discards[seat] = (*s.end_discards[seat], tile)
    s.end_done[seat] += 1
    s.event(
        "trap_discard",
        [seat],
        f"{{p{seat}}} loses {TILES[tile]} to a sarcophagus trap.",
        tile=TILES[tile],
    )


def _finish(s: SarcophagusState) -> None:
    """Score with end_of_game (the same function the scorekeeper uses) and name the winners."""
    s.results = [
        end_of_game(
            [TILES[t] for t in s.held[seat]],
            [TILES[t] for t in s.buried[seat]],
            [TILES[t] for t in s.end_discards[seat]],
        )
        for seat in range(s.players)
    ]
    s.phase = OVER
    fames = [r["fame"] for r in s.results]
    won = ranking(fames, [r["tile_count"] for r in s.results])
    names = " and ".join(f"{{p{w}}}" for w in won)
    table = ", ".join(f"{{p{seat}}} {f}" for seat, f in enumerate(fames))
    s.event(
        "over",
        won,
        f"The game is over: {names} win{'s' if len(won) == 1 else ''} ({table} fame).",
        fame=fames,
    )
