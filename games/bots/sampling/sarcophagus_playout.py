"""A fast Sarcophagus playout for the search bot: the rules on plain lists, no events.

A search needs many whole games from a sampled state; the engine (views, events, move dicts
validated one by one) spends most of its time on what a playout never reads. ``finish``
plays P2-P9 on plain lists with a cheap greedy policy for every seat and returns each seat's
final fame. ``tests/bots/sampling/test_sarcophagus_playout.py`` replays its games through
the engine and checks that both end alike, so the two cannot drift apart unnoticed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engines.sarcophagus.pyramid import NEIGHBOURS, SARCOPHAGUS, SIDES
from games.engines.sarcophagus.state import END, OVER, SarcophagusState, suit_owners
from games.engines.sarcophagus.tiles import SET_BONUS, cheapest_number, fame_of

GOD_WORTH = 3.0
SARCOPHAGUS_WORTH = 2.5
NOISE = 0.3
Choice = tuple[int, int]  # (coin, position)
# (game, seat, first coin's position or None for any open tile) -> coin and position
Policy = Callable[["Game", int, int | None], Choice]


class Game:
    """A Sarcophagus game in play, reduced to what decides its outcome."""

    __slots__ = (
        "board",
        "buried",
        "coins",
        "face_up",
        "hands",
        "held",
        "log",
        "owners",
        "passes",
        "players",
        "rng",
        "under",
    )

    def __init__(self, state: SarcophagusState, rng: random.Random) -> None:
        self.players = state.players
        self.owners = suit_owners(state.players)
        self.board = state.board[:]
        self.face_up = state.face_up[:]
        self.coins = [list(c) for c in state.coins]
        self.under = state.under[:]
        self.hands = [list(h) for h in state.hands]
        self.held = [list(h) for h in state.held]
        self.buried = [list(b) for b in state.buried]
        self.passes = state.passes
        self.rng = rng
        self.log: list[tuple[int, int, int]] | None = None  # (seat, coin, position) if kept

    # -- the rules ------------------------------------------------------------------------
    def top_left(self) -> int | None:
        for p, tile in enumerate(self.board):
            if tile is not None:
                return p
        return None

    def open_tiles(self) -> list[int]:
        board, coins, up = self.board, self.coins, self.face_up
        return [p for p in range(21) if board[p] is not None and up[p] and len(coins[p]) < 4]

    def free(self, p: int) -> int:
        board = self.board
        return sum(1 for side in SIDES[p] if all(board[q] is None for q in side))

    def place(self, seat: int, coin: int, p: int) -> None:
        """A coin onto ``p``: reveal it and its neighbours, then settle every claim (P3)."""
        self.hands[seat].remove(coin)
        self.coins[p].append(coin)
        self.face_up[p] = True
        for q in NEIGHBOURS[p]:
            self.face_up[q] = True
        self.passes = 0
        if self.log is not None:
            self.log.append((seat, coin, p))
        self.settle()

    def settle(self) -> None:
        while True:
            for p in range(21):
                if len(self.coins[p]) == 4 and self.board[p] is not None and self.free(p) >= 2:
                    self.assess(p)
                    break
            else:
                return

    def winner(self, p: int) -> int | None:
        counts: dict[int, list[int]] = {}
        for coin in self.coins[p]:
            counts.setdefault(self.owners[coin // 6], []).append(coin % 6)
        if not counts:
            return None
        most = max(len(v) for v in counts.values())
        tied = [seat for seat, v in counts.items() if len(v) == most]
        if len(tied) == 1:
            return tied[0]
        totals = {seat: sum(counts[seat]) for seat in tied}
        best = max(totals.values())
        top = [seat for seat in tied if totals[seat] == best]
        return top[0] if len(top) == 1 else None

    def assess(self, p: int) -> None:
        """P4 and P6: claim or discard the tile, the sarcophagus tile below, the trap."""
        winner = self.winner(p)
        tile = self.board[p]
        coins = self.coins[p]
        self.board[p] = None
        self.coins[p] = []
        if winner is not None:
            self.held[winner].append(tile)
        if p in SARCOPHAGUS:
            k = SARCOPHAGUS.index(p)
            under, self.under[k] = self.under[k], None
            if winner is not None and under is not None:
                self.buried[winner].append(under)
                coins = [c for c in coins if self.owners[c // 6] != winner]  # locked for good
        for coin in coins:
            self.hands[self.owners[coin // 6]].append(coin)
        if winner is not None and tile % 6 == 0:
            held = self.held[winner]
            if not any(t % 6 == 1 for t in held):
                lost = cheapest_number(tuple(held))
                if lost is not None:
                    held.remove(lost)

    def final_fame(self) -> list[int]:
        """P6/P9 at the end: sarcophagus traps take the cheapest number tile, then fame."""
        fames = []
        for seat in range(self.players):
            kept = self.held[seat] + self.buried[seat]
            protected = any(t % 6 == 1 for t in self.held[seat])
            for trap in self.buried[seat]:
                if trap % 6 == 0 and not protected:
                    lost = cheapest_number(tuple(kept))
                    if lost is not None:
                        kept.remove(lost)
            fames.append(fame_of(kept))
        return fames

    # -- playing on ------------------------------------------------------------------------
    def play(self, turn: int, placed: int, turn_coins: int, policy: Policy) -> list[int]:
        """Play to the end from ``turn``, ``placed`` of its ``turn_coins`` coins down."""
        n = self.players
        if placed:  # a turn under way: its second coin, if it has one and a tile is open
            if placed < turn_coins and self.hands[turn] and self.open_tiles():
                coin, p = policy(self, turn, None)
                self.place(turn, coin, p)
            turn = (turn + 1) % n
        while True:
            first = self.top_left()
            if first is None:
                return self.final_fame()
            hand = self.hands[turn]
            if not hand:
                self.passes += 1
                if self.passes == n:  # P7: everyone is out, the top tile is assessed as is
                    self.passes = 0
                    self.assess(first)
                    self.settle()
                turn = (turn + 1) % n
                continue
            two = len(hand) >= 2
            coin, p = policy(self, turn, first)
            self.place(turn, coin, p)
            if two and self.top_left() is not None and self.open_tiles():
                coin, p = policy(self, turn, None)
                self.place(turn, coin, p)
            turn = (turn + 1) % n


def worth(held: list[int], tile: int) -> float:
    """What gaining ``tile`` adds for a seat holding ``held`` (a rough, fast estimate)."""
    value = tile % 6
    if value == 1:
        return 0.0 if any(t % 6 == 1 for t in held) else GOD_WORTH
    if value == 0:
        if any(t % 6 == 1 for t in held):
            return 0.0
        numbers = [t % 6 for t in held if t % 6 >= 2]
        return -float(min(numbers)) if numbers else -0.5
    same = sum(1 for t in held if t // 6 == tile // 6 and t % 6 >= 2)
    return value + SET_BONUS[min(same + 1, 4)] - SET_BONUS[min(same, 4)]


def greedy(game: Game, seat: int, first: int | None) -> Choice:
    """Put coins where they build a lead on tiles worth having; high coins where ties loom."""
    hand = game.hands[seat]
    owners = game.owners
    rng = game.rng
    targets = [first] if first is not None else game.open_tiles()
    best: tuple[float, int] | None = None
    for p in targets:
        tile = game.board[p]
        w = worth(game.held[seat], tile) if game.face_up[p] else 2.0
        if p in SARCOPHAGUS:
            w += SARCOPHAGUS_WORTH
        mine = rival = 0
        per: dict[int, int] = {}
        for c in game.coins[p]:
            owner = owners[c // 6]
            per[owner] = per.get(owner, 0) + 1
        mine = per.pop(seat, 0)
        rival = max(per.values(), default=0)
        if w > 0:
            lead = mine + 1 - rival
            score = w * (1.0 if lead > 0 else 0.4 if lead == 0 else 0.1)
        else:
            score = w
        score += rng.random() * NOISE
        if best is None or score > best[0]:
            best = (score, p)
    assert best is not None
    score, p = best
    ordered = sorted(hand, key=lambda c: c % 6)
    tie = len(game.coins[p]) == 3 and score > 0
    return (ordered[-1] if tie else ordered[0]), p


def finish(state: SarcophagusState, rng: random.Random, policy: Policy = greedy) -> list[int]:
    """Each seat's final fame after playing ``state`` out (every seat by ``policy``)."""
    if state.phase == OVER:
        return [r["fame"] for r in state.results]
    game = Game(state, rng)
    if state.phase == END:
        return game.final_fame()
    if state.pending is not None:  # an in-game trap's choice: the cheapest tile goes
        held = game.held[state.pending]
        held.remove(cheapest_number(tuple(held)))
        game.settle()
        if game.top_left() is None:
            return game.final_fame()
    return game.play(state.turn, state.placed, state.turn_coins, policy)
