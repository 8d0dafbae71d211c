"""Sarkophag (Michael Feldkoetter, Amigo): a trick-taking game where nobody wants the tricks.

Seeds 000 (English rules) and 003 (German short rules) plus rulings K1-K6 of docs/rulings.md; the
rules in the project's words are in docs/rules/sarkophag.md. Moves are ``{"card": 22}``.

The docs/contracts/rules-api.md functions (``mummy_heads``, ``legal_cards``, ``taker``) and those
the scorekeeper uses (``heads``, ``limit_reached``, ``lowest_seats``) live in ``rules``; the
engine calls their unchecked cores. The package's ``__init__`` exposes the public names.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..base import IllegalMove, Move, Text, View, seat_count
from .rules import (
    CARDS,
    HAND_SIZE,
    HEADS,
    check_limit,
    follow_cards,
    limit_reached,
    lowest_seats,
    trick_taker,
)
from .state import (
    EVENT_MEMORY,
    Event,
    SarkophagState,
    shown_count,
    state_from_json,
    state_to_json,
)
from .text import refusal, render_events

_MOVE_SHAPE = Text('A move is one card, like {"card": 22}.')


def first_dealer(seed: int, players: int) -> int:
    """K2: the first round's dealer, drawn at random from the game's seed."""
    return random.Random(f"{seed}:dealer").randrange(players)


def deal(seed: int, round_number: int, players: int) -> tuple[tuple[int, ...], ...]:
    """K2: each seat's ten cards for that round (sorted); the rest stay unseen."""
    deck = list(CARDS)
    random.Random(f"{seed}:deal:{round_number}").shuffle(deck)
    return tuple(
        tuple(sorted(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])) for seat in range(players)
    )


def _remember(state: SarkophagState, event: Event) -> None:
    """Append a public event, keeping the most recent ``EVENT_MEMORY``, and count what the
    view shows for it."""
    state.events = (*state.events, event)[-EVENT_MEMORY:]
    state.events_total += shown_count(event)


def _start_round(state: SarkophagState, round_number: int, dealer: int) -> None:
    """Deal a round into ``state`` (a fresh copy): the player left of the dealer leads."""
    n = state.players
    leader = (dealer + 1) % n
    state.round = round_number
    state.dealer = dealer
    state.hands = deal(state.seed, round_number, n)
    state.leader = leader
    state.trick = ()
    state.heads = (0,) * n
    state.tricks = (0,) * n
    state.played = ()
    _remember(state, ("deal", round_number, dealer, leader))
    state.legal = tuple(follow_cards(state.hands[leader], ()))


class SarkophagEngine:
    """The engine protocol of docs/contracts/rules-api.md for Sarkophag."""

    name = "sarkophag"
    min_players = 3
    max_players = 6
    option_defaults: dict[str, Any] = {"limit": None}  # K6: None = a single round

    # -- setting up -------------------------------------------------------------------------

    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> SarkophagState:
        """A fresh game; the same seed and options always give the same deals and dealer."""
        n = seat_count(players, self.min_players, self.max_players, "Sarkophag")
        unknown = sorted(set(options) - set(self.option_defaults))
        if unknown:
            raise ValueError(
                f"Sarkophag has no option {', '.join(unknown)}; its only option is limit."
            )
        limit = check_limit(options.get("limit", self.option_defaults["limit"]))
        if type(seed) is not int:
            raise ValueError(f"The seed must be a whole number, not {seed!r}.")
        state = SarkophagState(
            players=n,
            seed=seed,
            limit=limit,
            round=0,
            dealer=0,
            hands=(),
            leader=0,
            trick=(),
            heads=(),
            tricks=(),
            totals=(0,) * n,
            rounds=(),
            played=(),
            last_trick=None,
            over=False,
            events=(),
        )
        _start_round(state, 1, first_dealer(seed, n))
        return state

    # -- asking -----------------------------------------------------------------------------

    def to_act(self, state: SarkophagState) -> list[int]:
        return [] if state.over else [(state.leader + len(state.trick)) % state.players]

    def legal_moves(self, state: SarkophagState, seat: int) -> list[Move]:
        if state.over or seat != (state.leader + len(state.trick)) % state.players:
            return []
        return [{"card": card} for card in state.legal]

    def is_over(self, state: SarkophagState) -> bool:
        return state.over

    def scores(self, state: SarkophagState) -> list[int]:
        """Heads over the whole game so far (lower is better)."""
        return list(state.totals)

    def winners(self, state: SarkophagState) -> list[int]:
        """K6: fewest heads wins, ties share; empty until the game is over."""
        return lowest_seats(list(state.totals)) if state.over else []

    # -- playing ----------------------------------------------------------------------------

    def apply(self, state: SarkophagState, seat: int, move: Move) -> SarkophagState:
        """The state after ``seat`` plays ``move``; ``IllegalMove`` (state untouched) if not."""
        if state.over:
            raise IllegalMove(Text("The game is over."))
        trick = state.trick
        if seat != (state.leader + len(trick)) % state.players:
            raise IllegalMove(Text("It is not your turn."))
        card = _card_of(move)
        hand = state.hands[seat]
        if card not in state.legal:
            if card not in hand:
                raise IllegalMove(Text("You do not hold %(card)s.", card=card))
            raise IllegalMove(refusal(hand, trick, card))

        new = state.copy()
        hands = list(state.hands)
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        new.hands = tuple(hands)
        new.trick = trick = (*trick, card)
        if len(trick) == state.players:
            _finish_trick(new)  # deals the next round, if any, which sets ``legal``
        else:
            new.legal = tuple(follow_cards(hands[(seat + 1) % state.players], trick))
        return new

    # -- showing ----------------------------------------------------------------------------

    def view(self, state: SarkophagState, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator): never another seat's cards."""
        n = state.players
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"There is no seat {seat!r} at this {n}-player table.")
        trick = state.trick
        to_act = self.to_act(state)
        hand = list(state.hands[seat]) if seat is not None else []
        legal = list(state.legal) if seat in to_act else []
        direction = None
        if len(trick) >= 2:
            direction = "lower" if trick[1] < trick[0] else "higher"
        last = None
        if state.last_trick is not None:
            leader, cards, took = state.last_trick
            last = {
                "cards": _seated(leader, cards, n),
                "taker": took,
                "heads": sum(HEADS[c] for c in cards),
            }
        return {
            "game": self.name,
            "seat": seat,
            "players": n,
            "to_act": to_act,
            "is_over": state.over,
            "scores": list(state.totals),
            "winners": self.winners(state),
            "events": render_events(state.events, state.leader, trick, n),
            "events_total": state.events_total + len(trick),
            "hand": hand,
            "legal": legal,
            "trick": _seated(state.leader, trick, n),
            "leader": state.leader,
            "lead_card": trick[0] if trick else None,
            "direction": direction,
            "last_trick": last,
            "played": sorted(state.played + trick),
            "hand_sizes": [len(h) for h in state.hands],
            "heads": list(state.heads),
            "tricks": list(state.tricks),
            "trick_number": min(len(state.played) // n + 1, HAND_SIZE),
            "round": state.round,
            "dealer": state.dealer,
            "totals": list(state.totals),
            "rounds": [list(r) for r in state.rounds],
            "limit": state.limit,
        }

    def to_json(self, state: SarkophagState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> SarkophagState:
        state = state_from_json(data)
        if not state.over:
            hand = state.hands[(state.leader + len(state.trick)) % state.players]
            state.legal = tuple(follow_cards(hand, state.trick))
        return state


def _card_of(move: object) -> int:
    """The card a move names; ``IllegalMove`` for anything but ``{"card": <1-60>}``."""
    if type(move) is not dict or len(move) != 1 or "card" not in move:
        raise IllegalMove(_MOVE_SHAPE)
    card = move["card"]
    if type(card) is not int or not 1 <= card <= 60:
        raise IllegalMove(
            Text("There is no card %(card)r: the cards are numbered 1 to 60.", card=card)
        )
    return card


def _seated(leader: int, cards: Sequence[int], n: int) -> list[dict[str, int]]:
    """A trick's cards with who played each."""
    return [
        {"seat": (leader + i) % n, "card": card, "heads": HEADS[card]}
        for i, card in enumerate(cards)
    ]


def _finish_trick(state: SarkophagState) -> None:
    """K5: the taker takes the heads and leads next; after ten tricks, the round ends."""
    n = state.players
    trick = state.trick
    index = trick_taker(trick)
    took = (state.leader + index) % n
    count = sum(HEADS[c] for c in trick)
    state.heads = _bump(state.heads, took, count)
    state.tricks = _bump(state.tricks, took, 1)
    state.totals = _bump(state.totals, took, count)
    state.last_trick = (state.leader, trick, took)
    state.played = state.played + trick
    _remember(state, ("trick", state.leader, trick, index))
    state.leader = took
    state.trick = ()
    if state.hands[took]:
        state.legal = tuple(follow_cards(state.hands[took], ()))
    else:
        _finish_round(state)


def _finish_round(state: SarkophagState) -> None:
    """K6: stop when the limit is passed (or after one round without a limit); else re-deal."""
    state.rounds = (*state.rounds, state.heads)
    _remember(state, ("round_end", state.round, state.heads, state.totals))
    if limit_reached(list(state.totals), state.limit):
        state.over = True
        winners = tuple(lowest_seats(list(state.totals)))
        _remember(state, ("game_over", winners, state.totals[winners[0]]))
        state.legal = ()
        return
    _start_round(state, state.round + 1, (state.dealer + 1) % state.players)


def _bump(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + amount, *values[seat + 1 :])


ENGINE = SarkophagEngine()
