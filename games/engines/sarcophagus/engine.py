"""Sarcophagus (seed 002, rulings P1-P10): a piecepack pyramid explored with hidden coins.

The engine follows docs/contracts/rules-api.md. Decisions are moves:
``{"coin": 3, "tile": [4, 1]}`` places a coin (with two players, who own two suits, add
``"suit": "sun"``; without it the first owned suit holding that value is used),
``{"discard": "3-moon"}`` answers a trap, ``{"pass": True}`` when out of coins.
Geometry lives in ``pyramid``, tiles and fame in ``tiles``, the state in ``state`` and the
per-seat view in ``view``; the package's ``__init__`` exposes the public names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import IllegalMove, Move, Text, View, seat_count
from .pyramid import (
    INDEX,
    NEIGHBOURS,
    POSITIONS,
    SARCOPHAGUS,
    free_count,
    label,
    top_left,
)
from .state import (
    END,
    OVER,
    PLAY,
    SarcophagusState,
    deal,
    layout,
    number_tiles,
    owned_suits,
    state_from_json,
    state_to_json,
    suit_owners,
)
from .tiles import (
    SUITS,
    TILE_IDS,
    TILES,
    end_of_game,
    fame_of,
    is_god,
    is_trap,
    parse_tile,
    ranking,
)
from .view import build_view

MOVE_KEYS = {"coin", "tile", "suit", "discard", "pass"}


def layout_game(
    players: int | Sequence[str],
    pyramid: Sequence[str | None],
    sarcophagus: Sequence[str],
    first: int = 0,
    seed: int = 0,
) -> SarcophagusState:
    """A game on a fixed layout (worked examples, tests, a club's real table).

    ``pyramid`` lists the 21 tiles in reading order (apex first, then row 2 left to right...),
    ``sarcophagus`` the tiles under (5,2), (6,2) and (6,3).
    """
    n = seat_count(players, ENGINE.min_players, ENGINE.max_players, "Sarcophagus")
    if len(pyramid) != len(POSITIONS) or len(sarcophagus) != len(SARCOPHAGUS):
        raise ValueError("A layout needs 21 pyramid tiles and 3 sarcophagus tiles.")
    board = [None if t is None else TILE_IDS[parse_tile(t)] for t in pyramid]
    under = [TILE_IDS[parse_tile(t)] for t in sarcophagus]
    if len({*board, *under} - {None}) != len([t for t in board + under if t is not None]):
        raise ValueError("A layout may use each tile only once.")
    if not 0 <= first < n:
        raise ValueError(f"The first player must be a seat from 0 to {n - 1}.")
    return layout(n, seed, board, under, first)


class SarcophagusEngine:
    """The rules of Sarcophagus behind the common engine protocol."""

    name = "sarcophagus"
    min_players = 2
    max_players = 4
    option_defaults: dict[str, Any] = {}

    # -- protocol ------------------------------------------------------------------------
    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> SarcophagusState:
        n = seat_count(players, self.min_players, self.max_players, "Sarcophagus")
        if options:
            raise ValueError(f"Sarcophagus has no options (got {', '.join(sorted(options))}).")
        return deal(n, seed)

    def to_act(self, state: SarcophagusState) -> list[int]:
        if state.phase == OVER:
            return []
        if state.pending is not None:
            return [state.pending]
        return [state.turn]

    def legal_moves(self, state: SarcophagusState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state.pending is not None:
            return [{"discard": TILES[t]} for t in _discard_options(state, seat)]
        hand = state.hands[seat]
        if not hand:
            return [{"pass": True}]
        two = state.players == 2
        moves = []
        for p in _targets(state):
            r, i = POSITIONS[p]
            for coin in hand:
                move: Move = {"coin": coin % 6, "tile": [r, i]}
                if two:
                    move["suit"] = SUITS[coin // 6]
                moves.append(move)
        return moves

    def apply(self, state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
        if state.phase == OVER:
            raise IllegalMove(Text("The game is over."))
        if seat not in self.to_act(state):
            raise IllegalMove(Text("It is not your turn."))
        if not isinstance(move, dict) or not move:
            raise IllegalMove(Text("A move must be a coin, a discard or a pass."))
        unknown = set(move) - MOVE_KEYS
        if unknown:
            raise IllegalMove(
                Text(
                    "Unknown move field(s): %(fields)s.",
                    fields=", ".join(sorted(map(str, unknown))),
                )
            )
        if "discard" in move:
            return _discard(state, seat, move)
        if state.pending is not None:
            raise IllegalMove(Text("First choose a number tile to discard for the trap."))
        if "pass" in move:
            return _pass(state, seat, move)
        if "coin" in move:
            return _place(state, seat, move)
        raise IllegalMove(Text("A move must be a coin, a discard or a pass."))

    def is_over(self, state: SarcophagusState) -> bool:
        return state.phase == OVER

    def scores(self, state: SarcophagusState) -> list[int]:
        """Public fame: claimed pyramid tiles during play, everything once over."""
        if state.phase == OVER:
            return [r["fame"] for r in state.results]
        return [fame_of(_kept(state, seat)) for seat in range(state.players)]

    def winners(self, state: SarcophagusState) -> list[int]:
        if state.phase != OVER:
            return []
        return ranking([r["fame"] for r in state.results], [r["tile_count"] for r in state.results])

    def view(self, state: SarcophagusState, seat: int | None) -> View:
        return build_view(self, state, seat)

    def to_json(self, state: SarcophagusState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> SarcophagusState:
        return state_from_json(data)


# -- what a seat may do -----------------------------------------------------------------------
def _targets(state: SarcophagusState) -> list[int]:
    """Where the next coin may go: the top row's leftmost tile first (P2), then any open tile."""
    if state.placed == 0:
        first = top_left(state.board)
        return [] if first is None else [first]
    return _open_tiles(state)


def _open_tiles(state: SarcophagusState) -> list[int]:
    board, coins, up = state.board, state.coins, state.face_up
    return [p for p in range(len(board)) if board[p] is not None and up[p] and len(coins[p]) < 4]


def _kept(state: SarcophagusState, seat: int) -> list[int]:
    """The tiles a seat holds now; sarcophagus tiles count only once opened (END)."""
    tiles = list(state.held[seat])
    if state.phase != PLAY:
        tiles += state.buried[seat]
        for t in state.end_discards[seat]:
            tiles.remove(t)
    return tiles


def _discard_options(state: SarcophagusState, seat: int) -> list[int]:
    return number_tiles(tuple(_kept(state, seat)))


# -- moves ------------------------------------------------------------------------------------
def _place(state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
    hand = state.hands[seat]
    if not hand:
        raise IllegalMove(Text("You are out of coins and must pass."))
    coin = _coin_from(state, seat, move)
    p = _position_from(move)
    _check_target(state, p)
    s = state.copy()
    if s.placed == 0:
        s.turn_coins = 2 if len(hand) >= 2 else 1
        if not s.face_up[p]:
            _reveal(s, [p])
    hand = list(hand)
    hand.remove(coin)
    s.hands[seat] = tuple(hand)
    s.coins[p] = (*s.coins[p], coin)
    s.placed += 1
    s.passes = 0
    s.event(
        "coin",
        [seat],
        f"{{p{seat}}} places a {SUITS[coin // 6]} coin on {TILES[s.board[p]]} at {label(p)}.",
        suit=SUITS[coin // 6],
        tile=list(POSITIONS[p]),
    )
    _reveal(s, [q for q in NEIGHBOURS[p] if s.board[q] is not None and not s.face_up[q]])
    _continue(s)
    return s


def _coin_from(state: SarcophagusState, seat: int, move: Move) -> int:
    """The coin a move names; a player with two suits may name the suit (P8)."""
    value = move.get("coin")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise IllegalMove(Text("A coin's value is a whole number from 0 (null) to 5."))
    owned = owned_suits(state.players, seat)
    hand = state.hands[seat]
    if "suit" in move:
        suit = move["suit"]
        if suit not in SUITS:
            raise IllegalMove(
                Text("%(suit)r is not a suit; the suits are sun, moon, crown and arms.", suit=suit)
            )
        if SUITS.index(suit) not in owned:
            names = [Text(SUITS[s]) for s in owned]
            if len(names) == 1:
                raise IllegalMove(
                    Text(
                        "The %(suit)s coins are not yours; you play %(yours)s.",
                        suit=Text(suit),
                        yours=names[0],
                    )
                )
            raise IllegalMove(
                Text(
                    "The %(suit)s coins are not yours; you play %(yours)s and %(other)s.",
                    suit=Text(suit),
                    yours=names[0],
                    other=names[1],
                )
            )
        coin = SUITS.index(suit) * 6 + value
        if coin not in hand:
            raise IllegalMove(Text("Your %(coin)s coin is not in your hand.", coin=TILES[coin]))
        return coin
    for s in owned:
        if s * 6 + value in hand:
            return s * 6 + value
    held = ", ".join(sorted({str(c % 6) for c in hand}))
    raise IllegalMove(
        Text("You have no %(value)s coin in hand; you hold %(held)s.", value=value, held=held)
    )


def _position_from(move: Move) -> int:
    where = move.get("tile")
    if (
        not isinstance(where, (list, tuple))
        or len(where) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in where)
    ):
        raise IllegalMove(Text("Name the tile as [row, index], e.g. [4, 1]."))
    pos = (where[0], where[1])
    if pos not in INDEX:
        raise IllegalMove(
            Text(
                "There is no pyramid position (%(value)s,%(value2)s).", value=pos[0], value2=pos[1]
            )
        )
    return INDEX[pos]


def _check_target(state: SarcophagusState, p: int) -> None:
    if state.board[p] is None:
        raise IllegalMove(
            Text("The tile at %(position)s has already left the pyramid.", position=label(p))
        )
    if state.placed == 0:
        first = top_left(state.board)
        if p != first:
            raise IllegalMove(
                Text(
                    "Your first coin must go on the leftmost tile of the top row, at %(first)s.",
                    first=label(first),
                )
            )
        return
    if not state.face_up[p]:
        raise IllegalMove(Text("The tile at %(position)s is still face down.", position=label(p)))
    if len(state.coins[p]) >= 4:
        raise IllegalMove(
            Text("That tile already holds four coins (%(position)s).", position=label(p))
        )


def _pass(state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
    if move.get("pass") is not True:
        raise IllegalMove(Text('A pass is written {"pass": true}.'))
    if state.hands[seat]:
        raise IllegalMove(Text("You still have coins, so you cannot pass."))
    s = state.copy()
    s.passes += 1
    s.event("pass", [seat], f"{{p{seat}}} is out of coins and passes.")
    s.turn = (seat + 1) % s.players
    s.placed = 0
    if s.passes == s.players:  # P7: everybody is out of coins
        s.passes = 0
        p = top_left(s.board)
        assert p is not None  # the game ends when the pyramid is empty
        s.event(
            "all_out",
            [],
            f"Everyone is out of coins: the tile at {label(p)} is assessed with "
            f"{len(s.coins[p])} coin(s) on it.",
            tile=list(POSITIONS[p]),
        )
        _assess(s, p)
        _continue(s)
    return s


def _discard(state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
    if state.pending != seat:
        raise IllegalMove(Text("There is no trap for you to answer."))
    try:
        tile = TILE_IDS[parse_tile(move["discard"])]
    except ValueError as exc:
        raise IllegalMove(*exc.args) from None
    options = _discard_options(state, seat)
    if tile not in options:
        names = ", ".join(TILES[t] for t in options)
        raise IllegalMove(
            Text(
                "You cannot discard %(tile)s; choose one of %(names)s.",
                tile=TILES[tile],
                names=names,
            )
        )
    s = state.copy()
    s.pending = None
    if s.phase == PLAY:
        held = list(s.held[seat])
        held.remove(tile)
        s.held[seat] = tuple(held)
        s.discarded.append(tile)
        s.event(
            "trap_discard",
            [seat],
            f"{{p{seat}}} loses {TILES[tile]} to the trap.",
            tile=TILES[tile],
        )
        _continue(s)
    else:
        _end_discard(s, seat, tile)
        _run_end(s)
    return s


# -- the flow of play -------------------------------------------------------------------------
def _reveal(s: SarcophagusState, positions: list[int]) -> None:
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


def _continue(s: SarcophagusState) -> None:
    """Settle claims (P3) until none is left or a trap awaits its answer, then move the turn."""
    while s.phase == PLAY:
        if s.pending is not None:
            return
        p = _claimable(s)
        if p is None:
            break
        _assess(s, p)
    if s.phase == PLAY and all(t is None for t in s.board):
        _begin_end(s)
        return
    if s.phase != PLAY:
        return
    if s.placed and (s.placed >= s.turn_coins or not _open_tiles(s)):
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


def _assess(s: SarcophagusState, p: int) -> None:
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
    _run_end(s)


def _run_end(s: SarcophagusState) -> None:
    """Each sarcophagus trap, seat by seat; a real choice waits for the player's move."""
    for seat in range(s.players):
        traps = sum(1 for t in s.buried[seat] if is_trap(t))
        protected = any(is_god(t) for t in s.held[seat])
        while s.end_done[seat] < traps:
            options = _discard_options(s, seat)
            if protected or not options:
                s.end_done[seat] += 1
                why = "a god protects them" if protected else "they hold no number tile"
                s.event("trap", [seat], f"A sarcophagus trap spares {{p{seat}}}: {why}.")
            elif len(options) == 1:
                _end_discard(s, seat, options[0])
            else:
                s.pending = seat
                s.event(
                    "trap", [seat], f"{{p{seat}}} must discard a number tile to a sarcophagus trap."
                )
                return
    _finish(s)


def _end_discard(s: SarcophagusState, seat: int, tile: int) -> None:
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


ENGINE = SarcophagusEngine()
