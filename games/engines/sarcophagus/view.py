"""What one seat may see of a Sarcophagus game (P5), shaped for drawing the pyramid.

Only public facts plus the viewer's own coin values: face-down tiles and sarcophagus tiles
are never named before the rules reveal them, other players' coins only by suit and count.
"""

from __future__ import annotations

from typing import Any

from ..base import Engine
from .pyramid import POSITIONS, SARCOPHAGUS, free_count, top_left
from .state import PLAY, SarcophagusState, owned_suits, suit_owners
from .tiles import SUITS, TILES


def _coin(coin: int, seat: int, viewer: int | None) -> dict[str, Any]:
    """A coin lies suit side up: its value only for its owner."""
    shown: dict[str, Any] = {"suit": SUITS[coin // 6], "seat": seat}
    if seat == viewer:
        shown["value"] = coin % 6
    return shown


def _pyramid(state: SarcophagusState, viewer: int | None) -> list[dict[str, Any]]:
    owners = suit_owners(state.players)
    first = top_left(state.board)
    cells = []
    for p, (r, i) in enumerate(POSITIONS):
        tile = state.board[p]
        present = tile is not None
        free = free_count(state.board, p) if present else 0
        coins = state.coins[p]
        cells.append(
            {
                "tile": [r, i],
                "present": present,
                "face_up": TILES[tile] if present and state.face_up[p] else None,
                "coins": [_coin(c, owners[c // 6], viewer) for c in coins],
                "free_sides": free,
                "claimable": present and free >= 2,
                "full": len(coins) >= 4,
                "over_sarcophagus": p in SARCOPHAGUS,
                "first_coin_here": p == first,
            }
        )
    return cells


def _coins_on_board(state: SarcophagusState) -> list[int]:
    """Each seat's coins on the pyramid, counted in one pass for every seat's summary."""
    owners = suit_owners(state.players)
    counts = [0] * state.players
    for coins in state.coins:
        for c in coins:
            counts[owners[c // 6]] += 1
    return counts


def _seat_summary(state: SarcophagusState, seat: int, on_board: int) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "seat": seat,
        "suits": [SUITS[s] for s in owned_suits(state.players, seat)],
        "coins_in_hand": len(state.hands[seat]),
        "coins_on_board": on_board,
        "coins_locked": len(state.locked[seat]),
        "claimed": [TILES[t] for t in state.held[seat]],
        "sarcophagus_tiles": len(state.buried[seat]),
    }
    if state.phase != PLAY:
        summary["sarcophagus"] = [TILES[t] for t in state.buried[seat]]
        summary["end_discards"] = [TILES[t] for t in state.end_discards[seat]]
    if state.results:
        summary["result"] = state.results[seat]
    return summary


def build_view(engine: Engine, state: SarcophagusState, seat: int | None) -> dict[str, Any]:
    """The view of docs/contracts/rules-api.md for ``seat`` (None: a spectator)."""
    to_act = engine.to_act(state)
    view: dict[str, Any] = {
        "game": engine.name,
        "seat": seat,
        "players": state.players,
        "to_act": to_act,
        "is_over": engine.is_over(state),
        "scores": engine.scores(state),
        "winners": engine.winners(state),
        "events": [dict(e) for e in state.events],
        "events_total": state.events_total,
        "phase": state.phase,
        "turn": state.turn,
        "coins_placed_this_turn": state.placed,
        "awaiting": _awaiting(state),
        "pyramid": _pyramid(state, seat),
        "sarcophagus_left": sum(1 for t in state.under if t is not None),
        "seats": [
            _seat_summary(state, s, on_board) for s, on_board in enumerate(_coins_on_board(state))
        ],
        "discarded": [TILES[t] for t in state.discarded],
        "discarded_unseen": len(state.unseen),
    }
    if seat is not None:
        view["hand"] = [{"suit": SUITS[c // 6], "value": c % 6} for c in state.hands[seat]]
        view["locked"] = [{"suit": SUITS[c // 6], "value": c % 6} for c in state.locked[seat]]
        view["moves"] = engine.legal_moves(state, seat)
    return view


def _awaiting(state: SarcophagusState) -> str | None:
    """What the player to act must do: pages word their prompt from this."""
    if state.phase == "over":
        return None
    if state.pending is not None:
        return "discard"
    if not state.hands[state.turn]:
        return "pass"
    return "first_coin" if state.placed == 0 else "second_coin"
