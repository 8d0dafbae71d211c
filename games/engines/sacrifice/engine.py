"""Sacrifice (seed 001, rulings S1-S9): a two-player trick-taking deck-builder.

Each of 14 hands: a trophy is revealed, both draw 5, buy (secretly and together in the first
hand, loser of the last hand first afterwards), draw back up, play the trophy's tricks (the
first simultaneously), and the hand's winner takes the trophy and sacrifices cards to the altar.
The rule functions the scorekeeper calls live in ``cards``; the package's ``__init__`` exposes them.
Here a seat's move is checked and applied; what follows until the next decision (drawing,
tricks resolved, the hand won) is in ``hand``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..base import IllegalMove, Move, PluralText, Text, View, seat_count
from .cards import (
    BUY_VALUE,
    DECK_COPIES,
    MARKET,
    STARTERS,
    TROPHIES,
    TROPHY_SET,
    without,
)
from .hand import (
    MARKET_BY_VALUE,
    MAX_PURCHASES,
    SEATS,
    after_buying,
    carry_out,
    end_hand,
    final_scores,
    plural,
    resolve_trick,
    start_hand,
)
from .state import SacrificeState
from .view import build_view

_PHASE_HINTS = {
    "buy": Text(
        'Now you buy a card, e.g. {"buy": "7H", "spend": ["3H", "4S"]}, or finish '
        'buying with {"done": true}.'
    ),
    "trick": Text('Now you play a card to the trick, e.g. {"play": "QH"}.'),
    "sacrifice": Text('Now you choose the cards to sacrifice, e.g. {"sacrifice": ["3H"]}.'),
}
_MOVE_KINDS = {"buy": "buy", "done": "buy", "play": "trick", "sacrifice": "sacrifice"}


# --- small helpers -------------------------------------------------------------------------


def _card(value: Any) -> str:
    """A move's card, refused unless it is written exactly in the notation of docs/rulings.md."""
    if isinstance(value, str) and value in DECK_COPIES:
        return value
    raise IllegalMove(
        Text(
            "%(value)r is not a card: write cards like 10H, QS, AC or JK (ranks A, 2-10, J, Q, K; "
            "suits S, H, D, C).",
            value=value,
        )
    )


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list | tuple):
        raise IllegalMove(Text('%(what)s must be a list of cards, e.g. ["3H", "4S"].', what=what))
    return [_card(v) for v in value]


def _missing(cards: Sequence[str], held: Sequence[str]) -> str | None:
    """The first card of ``cards`` (counted with repeats) that ``held`` does not cover."""
    have = Counter(held)
    for card in cards:
        if have[card] <= 0:
            return card
        have[card] -= 1
    return None


def _and(cards: Sequence[str]) -> str:
    if len(cards) == 1:
        return cards[0]
    return Text("%(cards)s and %(last)s", cards=", ".join(cards[:-1]), last=cards[-1])


class SacrificeEngine:
    """The docs/contracts/rules-api.md protocol for Sacrifice. Stateless: all in SacrificeState."""

    name = "sacrifice"
    min_players = 2
    max_players = 2
    option_defaults: dict[str, Any] = {}

    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> SacrificeState:
        seat_count(players, 2, 2, "Sacrifice")
        if options:
            raise ValueError(f"Sacrifice has no options; got {', '.join(sorted(options))}.")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"The seed must be an integer, not {seed!r}.")
        s = SacrificeState.__new__(SacrificeState)
        s.seed = seed
        s.shuffles = 0
        s.hand_no = 0
        s.trophy = ""
        s.last_loser = -1
        s.loser_by_cards = -1
        s.market = MARKET
        s.events = ()
        s.events_total = 0
        s.trophies = s.shuffled(TROPHIES)
        s.draw = [s.shuffled(STARTERS[0]), s.shuffled(STARTERS[1])]
        for name in ("discard", "hand", "played", "altar", "won"):
            setattr(s, name, [(), ()])
        start_hand(s)
        return s

    # -- whose turn, and what they may do

    def to_act(self, state: SacrificeState) -> list[int]:
        s = state
        if s.phase == "buy":
            if s.simultaneous:
                return [seat for seat in SEATS if not s.done[seat]]
            return [next(seat for seat in s.buy_order if not s.done[seat])]
        if s.phase == "trick":
            if s.leader < 0:
                return [seat for seat in SEATS if s.table[seat] is None]
            return [s.leader] if s.table[s.leader] is None else [1 - s.leader]
        if s.phase == "sacrifice":
            return [s.hand_winner]
        return []

    def legal_moves(self, state: SacrificeState, seat: int) -> list[Move]:
        s = state
        if seat not in self.to_act(s):
            return []
        if s.phase == "buy":
            return self._buy_moves(s, seat)
        if s.phase == "trick":
            return [{"play": c} for c in dict.fromkeys(s.hand[seat])]
        pool = sorted(s.played[seat] + s.hand[seat])
        return [
            {"sacrifice": list(combo)}
            for n in range(1, s.limit + 1)
            for combo in dict.fromkeys(combinations(pool, n))
        ]

    def _buy_moves(self, s: SacrificeState, seat: int) -> list[Move]:
        moves: list[Move] = [{"done": True}]
        if len(s.purchases[seat]) >= MAX_PURCHASES:
            return moves
        chosen = {p[0] for p in s.purchases[seat]}
        cards = [c for c in s.spendable(seat) if c not in TROPHY_SET]
        for a, b in combinations(cards, 2):
            for card in MARKET_BY_VALUE.get(BUY_VALUE[a] + BUY_VALUE[b], ()):
                if card in s.market and card not in chosen:
                    moves.append({"buy": card, "spend": [a, b]})
        return moves

    # -- moves

    def apply(self, state: SacrificeState, seat: int, move: Move) -> SacrificeState:
        """The state after ``move``; ``state`` itself is never changed."""
        s = state
        if s.phase == "over":
            raise IllegalMove(Text("The game is over."))
        if seat not in SEATS:
            raise IllegalMove(Text("There is no seat %(seat)r in a two-player game.", seat=seat))
        if seat not in self.to_act(s):
            if s.phase == "trick" and s.table[seat] is not None and s.leader < 0:
                raise IllegalMove(
                    Text("You have already chosen your card; waiting for the other player.")
                )
            if s.phase == "buy" and s.done[seat]:
                raise IllegalMove(Text("You have finished buying; waiting for the other player."))
            raise IllegalMove(Text("It is not your turn."))
        if not isinstance(move, dict):
            raise IllegalMove(
                Text('A move is a dict such as {"play": "QH"}, not %(move)r.', move=move)
            )
        kinds = [k for k in move if k in _MOVE_KINDS]
        if len(kinds) != 1 or _MOVE_KINDS[kinds[0]] != s.phase:
            raise IllegalMove(_PHASE_HINTS[s.phase])
        kind = kinds[0]
        if kind == "done":
            return self._finish_buying(s, seat, move)
        if kind == "buy":
            return self._buy(s, seat, move)
        if kind == "play":
            return self._play(s, seat, move)
        return self._sacrifice(s, seat, move)

    def _finish_buying(self, s: SacrificeState, seat: int, move: Move) -> SacrificeState:
        if move["done"] is not True or len(move) != 1:
            raise IllegalMove(Text('To finish buying, send {"done": true}.'))
        new = s.copy()
        new.done[seat] = True
        if not new.simultaneous and not new.purchases[seat]:
            new.log("buy", [seat], f"{{p{seat}}} buys nothing.")
        after_buying(new)
        return new

    def _buy(self, s: SacrificeState, seat: int, move: Move) -> SacrificeState:
        if set(move) != {"buy", "spend"}:
            raise IllegalMove(
                Text(
                    "A purchase names the card and the two cards spent, "
                    'e.g. {"buy": "7H", "spend": ["3H", "4S"]}.'
                )
            )
        card = _card(move["buy"])
        spend = _cards(move["spend"], Text("The cards you spend"))
        if len(s.purchases[seat]) >= MAX_PURCHASES:
            raise IllegalMove(Text("You may buy at most two cards a hand."))
        if card not in s.market:
            raise IllegalMove(Text("%(card)s is not in the market.", card=card))
        if any(p[0] == card for p in s.purchases[seat]):
            raise IllegalMove(Text("You have already chosen %(card)s.", card=card))
        if len(spend) != 2:
            raise IllegalMove(
                Text("A purchase spends exactly two cards, not %(count)s.", count=len(spend))
            )
        trophies = [c for c in spend if c in TROPHY_SET]
        if trophies:
            raise IllegalMove(
                Text(
                    "Trophy cards (J, Q, K, JK) cannot be spent: %(trophies)s.",
                    trophies=_and(trophies),
                )
            )
        lacking = _missing(spend, s.spendable(seat))
        if lacking:
            raise IllegalMove(Text("You don't have %(lacking)s in hand to spend.", lacking=lacking))
        a, b = spend
        total, price = BUY_VALUE[a] + BUY_VALUE[b], BUY_VALUE[card]
        if total != price:
            raise IllegalMove(
                Text(
                    "%(a)s and %(b)s make %(total)s, not %(price)s.",
                    a=a,
                    b=b,
                    total=total,
                    price=price,
                )
            )
        new = s.copy()
        new.purchases[seat] += ((card, a, b),)
        if not new.simultaneous:
            carry_out(new, seat, card, a, b)
        if len(new.purchases[seat]) == MAX_PURCHASES:
            new.done[seat] = True
            after_buying(new)
        return new

    def _play(self, s: SacrificeState, seat: int, move: Move) -> SacrificeState:
        if len(move) != 1:
            raise IllegalMove(Text('Play one card, e.g. {"play": "QH"}.'))
        card = _card(move["play"])
        if card not in s.hand[seat]:
            held = ", ".join(s.hand[seat])
            raise IllegalMove(
                Text("You don't hold %(card)s; you hold %(held)s.", card=card, held=held)
            )
        new = s.copy()
        new.hand[seat] = without(new.hand[seat], (card,))
        new.played[seat] += (card,)
        new.table[seat] = card
        if new.leader >= 0 and seat == new.leader:
            new.log("lead", [seat], f"{{p{seat}}} leads {card}.", card=card)
        if None not in new.table:
            resolve_trick(new)
        return new

    def _sacrifice(self, s: SacrificeState, seat: int, move: Move) -> SacrificeState:
        if len(move) != 1:
            raise IllegalMove(Text('Name only the cards to sacrifice, e.g. {"sacrifice": ["3H"]}.'))
        cards = _cards(move["sacrifice"], Text("The sacrifice"))
        if not cards:
            raise IllegalMove(Text("You must sacrifice at least one card."))
        if len(cards) > s.limit:
            if s.sudden:
                raise IllegalMove(
                    PluralText(
                        "You may sacrifice at most %(limit)s card after sudden death, "
                        "not %(count)s.",
                        "You may sacrifice at most %(limit)s cards after sudden death, "
                        "not %(count)s.",
                        s.limit,
                        limit=s.limit,
                        count=len(cards),
                    )
                )
            raise IllegalMove(
                PluralText(
                    "You may sacrifice at most %(limit)s card with %(mine)s tricks to "
                    "%(theirs)s, not %(count)s.",
                    "You may sacrifice at most %(limit)s cards with %(mine)s tricks to "
                    "%(theirs)s, not %(count)s.",
                    s.limit,
                    limit=s.limit,
                    mine=s.counts[seat],
                    theirs=s.counts[1 - seat],
                    count=len(cards),
                )
            )
        lacking = _missing(cards, s.played[seat] + s.hand[seat])
        if lacking:
            raise IllegalMove(
                Text("%(lacking)s is not one of your cards from this hand.", lacking=lacking)
            )
        new = s.copy()
        new.altar[seat] += tuple(cards)
        new.hand[seat] = without(new.played[seat] + new.hand[seat], cards)
        new.played[seat] = ()
        new.log(
            "sacrifice",
            [seat],
            f"{{p{seat}}} sacrifices {plural(len(cards), 'card')}.",
            count=len(cards),
        )
        end_hand(new)
        return new

    # -- the outcome

    def is_over(self, state: SacrificeState) -> bool:
        return state.phase == "over"

    def scores(self, state: SacrificeState) -> list[int]:
        """Public scores: 10 per trophy during the game, since the altars' values are secret
        (seed notes); the full S9 score once the game is over."""
        if state.phase != "over":
            return [10 * len(state.won[seat]) for seat in SEATS]
        return final_scores(state)

    def winners(self, state: SacrificeState) -> list[int]:
        if state.phase != "over":
            return []
        if state.loser_by_cards >= 0:
            return [1 - state.loser_by_cards]
        scores = self.scores(state)
        return [seat for seat in SEATS if scores[seat] == max(scores)]

    def view(self, state: SacrificeState, seat: int | None) -> View:
        if seat is not None and seat not in SEATS:
            raise ValueError(f"There is no seat {seat!r} in a two-player game.")
        return build_view(self, state, seat)

    def to_json(self, state: SacrificeState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> SacrificeState:
        return SacrificeState.from_json(data)


ENGINE = SacrificeEngine()
