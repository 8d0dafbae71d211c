"""Sarcophagus moves checked and applied: a coin placed (P2-P4), a pass once out of coins, a
tile given up to a trap (P6). What follows a move until the next decision is in ``claims``.
"""

from __future__ import annotations

from ..base import IllegalMove, Move, Text
from .claims import assess, carry_on, end_discard, reveal, run_end
from .pyramid import (
    INDEX,
    NEIGHBOURS,
    POSITIONS,
    label,
    top_left,
)
from .state import (
    PLAY,
    SarcophagusState,
    discard_options,
    owned_suits,
)
from .tiles import (
    SUITS,
    TILE_IDS,
    TILES,
    parse_tile,
)


# -- moves ------------------------------------------------------------------------------------
def place(state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
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
            reveal(s, [p])
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
    reveal(s, [q for q in NEIGHBOURS[p] if s.board[q] is not None and not s.face_up[q]])
    carry_on(s)
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


def pass_move(state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
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
        assess(s, p)
        carry_on(s)
    return s


def discard(state: SarcophagusState, seat: int, move: Move) -> SarcophagusState:
    if state.pending != seat:
        raise IllegalMove(Text("There is no trap for you to answer."))
    try:
        tile = TILE_IDS[parse_tile(move["discard"])]
    except ValueError as exc:
        raise IllegalMove(*exc.args) from None
    options = discard_options(state, seat)
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
        carry_on(s)
    else:
        end_discard(s, seat, tile)
        run_end(s)
    return s
