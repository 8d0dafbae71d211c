"""Sacrifice (seed 001, rulings S1-S9): a two-player trick-taking deck-builder.

Each of 14 hands: a trophy is revealed, both draw 5, buy (secretly and together in the first
hand, loser of the last hand first afterwards), draw back up, play the trophy's tricks (the
first simultaneously), and the hand's winner takes the trophy and sacrifices cards to the altar.
The rule functions the scorekeeper calls live in ``cards``; the package's ``__init__`` exposes them.
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
    RULES,
    STARTERS,
    TROPHIES,
    TROPHY_SET,
    beats,
    colour,
    final_score,
    without,
)
from .state import SacrificeState
from .view import build_view

HAND_SIZE = 5
KING_EXTRA = 2
MAX_PURCHASES = 2
MIN_CARDS = 7  # S9: fewer than this while trophies remain loses at once
SEATS = (0, 1)

_MARKET_BY_VALUE: dict[int, tuple[str, ...]] = {
    v: tuple(c for c in MARKET if BUY_VALUE[c] == v) for v in range(6, 11)
}
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- drawing and the flow of a hand ---------------------------------------------------------


def _draw(s: SacrificeState, seat: int, n: int) -> int:
    """Draw up to ``n`` cards into the hand, reshuffling the discard pile when the draw pile
    runs out (S8); with both empty, draw what there is. Returns how many were drawn."""
    got: tuple[str, ...] = ()
    while len(got) < n:
        if not s.draw[seat]:
            if not s.discard[seat]:
                break
            s.draw[seat] = s.shuffled(s.discard[seat])
            s.discard[seat] = ()
            s.log("reshuffle", [seat], f"{{p{seat}}} shuffles their discard pile to draw from.")
        take = n - len(got)
        got += s.draw[seat][:take]
        s.draw[seat] = s.draw[seat][take:]
    s.hand[seat] += got
    return len(got)


def _start_hand(s: SacrificeState) -> None:
    """Reveal the next trophy, each draws 5, and buying begins (S2, S3)."""
    s.trophy, s.trophies = s.trophies[0], s.trophies[1:]
    s.hand_no += 1
    s.phase = "buy"
    s.simultaneous = s.hand_no == 1
    s.buy_order = SEATS if s.simultaneous else (s.last_loser, 1 - s.last_loser)
    s.purchases = [(), ()]
    s.done = [False, False]
    s.counts = [0, 0]
    s.table = [None, None]
    s.tricks = ()
    s.leader = -1
    s.sudden = False
    s.hand_winner = -1
    s.limit = 0
    rules = RULES[s.trophy]
    trump = f"{rules.trump} trumps, highest wins" if rules.trump else "no trumps, lowest wins"
    s.log(
        "trophy",
        [],
        f"Hand {s.hand_no}: the trophy is {s.trophy}: {_plural(rules.tricks, 'trick')}, {trump}.",
        trophy=s.trophy,
        hand=s.hand_no,
    )
    for seat in SEATS:
        _draw(s, seat, HAND_SIZE)


def _carry_out(s: SacrificeState, seat: int, card: str, a: str, b: str) -> None:
    """A purchase: the two spent cards and the bought card go to the discard pile (S2)."""
    s.hand[seat] = without(s.hand[seat], (a, b))
    s.discard[seat] = (card, a, b, *s.discard[seat])
    s.market = without(s.market, (card,))
    s.log("buy", [seat], f"{{p{seat}}} spends {a} and {b} on {card}.", card=card, spend=[a, b])


def _spare(s: SacrificeState, card: str, taken: set[str]) -> str:
    """Another market card of ``card``'s rank, the same colour if there is one. Only needed in
    the first hand, when all four of each rank are there and at most four get bought."""
    same_rank = [m for m in _MARKET_BY_VALUE[BUY_VALUE[card]] if m in s.market and m not in taken]
    return min(same_rank, key=lambda m: colour(m) != colour(card))


def _reveal_purchases(s: SacrificeState) -> None:
    """First hand (S3): both players' secret purchases are carried out together. A market card
    both chose goes to the winner of a coin toss; the other gets a spare of its rank."""
    chosen = [[p[0] for p in s.purchases[seat]] for seat in SEATS]
    taken = set(chosen[0]) | set(chosen[1])
    final = [list(s.purchases[0]), list(s.purchases[1])]
    for card in chosen[0]:
        if card not in chosen[1]:
            continue
        keeper = s.coin()
        other = 1 - keeper
        spare = _spare(s, card, taken)
        taken.add(spare)
        i = chosen[other].index(card)
        final[other][i] = (spare, *final[other][i][1:])
        s.log(
            "contest",
            [keeper, other],
            f"Both chose {card}; a coin toss gives it to {{p{keeper}}}, and {{p{other}}} "
            f"gets {spare}.",
            card=card,
            spare=spare,
        )
    for seat in SEATS:
        for card, a, b in final[seat]:
            _carry_out(s, seat, card, a, b)
        if not final[seat]:
            s.log("buy", [seat], f"{{p{seat}}} buys nothing.")
    s.purchases = [tuple(final[0]), tuple(final[1])]


def _after_buying(s: SacrificeState) -> None:
    """Once both have finished buying: draw back up to 5, King 2 more (S2); tricks begin."""
    if not all(s.done):
        return
    if s.simultaneous:
        _reveal_purchases(s)
    extra = KING_EXTRA if s.trophy[0] == "K" else 0
    for seat in SEATS:
        _draw(s, seat, HAND_SIZE - len(s.hand[seat]) + extra)
    s.phase = "trick"


def _refill_for_sudden_death(s: SacrificeState) -> None:
    """S7: a player with no unplayed card draws 5 new ones. With nothing left to draw, the
    cards they played this hand are shuffled into a new draw pile (sarco ruling), so sudden
    death can always go on; they stay cards of this hand for the sacrifice."""
    for seat in SEATS:
        if s.hand[seat]:
            continue
        if not _draw(s, seat, HAND_SIZE):
            s.draw[seat] = s.shuffled(s.played[seat])
            s.played[seat] = ()
            s.log("reshuffle", [seat], f"{{p{seat}}} shuffles the cards they played to draw from.")
            _draw(s, seat, HAND_SIZE)


def _win_hand(s: SacrificeState, winner: int, limit: int) -> None:
    """S6: the trophy goes to the winner's discard pile; they sacrifice 1 up to ``limit``."""
    s.hand_winner = winner
    s.limit = limit
    s.last_loser = 1 - winner
    s.phase = "sacrifice"
    s.discard[winner] = (s.trophy, *s.discard[winner])
    s.won[winner] += (s.trophy,)
    a, b = s.counts[winner], s.counts[1 - winner]
    how = "in sudden death" if s.sudden else f"{a} tricks to {b}"
    s.log(
        "hand",
        [winner],
        f"{{p{winner}}} wins the hand {how} and takes {s.trophy}; they may sacrifice up to "
        f"{_plural(limit, 'card')}.",
        trophy=s.trophy,
        tricks=list(s.counts),
        limit=limit,
    )


def _resolve_trick(s: SacrificeState) -> None:
    """Both cards are down: score the trick (S4, S5) and decide the hand when it is over."""
    c0, c1 = s.table
    lead = s.leader
    winner = beats(c0, c1, s.trophy)
    if winner is None and lead >= 0:
        winner = lead  # in a led trick a tie goes to the leader
    s.tricks += ((c0, c1, lead, -1 if winner is None else winner, s.sudden),)
    s.table = [None, None]
    if winner is None:
        text = f"{c0} and {c1} tie" + ("." if s.sudden else ": one trick each.")
        s.log("trick", [0, 1], text, cards=[c0, c1], winner=None)
    else:
        mine, theirs = (c0, c1) if winner == 0 else (c1, c0)
        what = "the reveal" if s.sudden else "the trick"
        text = f"{{p{winner}}} takes {what} with {mine} against {theirs}."
        s.log("trick", [winner], text, cards=[c0, c1], winner=winner)
    if s.sudden:
        if winner is None:
            _refill_for_sudden_death(s)
        else:
            _win_hand(s, winner, 1)
        return
    if winner is None:
        s.counts = [s.counts[0] + 1, s.counts[1] + 1]
    else:
        s.counts[winner] += 1
        s.leader = winner
    if len(s.tricks) < RULES[s.trophy].tricks:
        return
    a, b = s.counts
    if a != b:
        _win_hand(s, 0 if a > b else 1, abs(a - b))
        return
    s.sudden = True
    s.leader = -1
    s.log("sudden_death", [0, 1], f"The hand is tied {a} to {b}: sudden death.")
    _refill_for_sudden_death(s)


def _final_scores(s: SacrificeState) -> list[int]:
    return [final_score(len(s.won[seat]), list(s.altar[seat])) for seat in SEATS]


def _end_hand(s: SacrificeState) -> None:
    """After the sacrifice: the rest goes to the discard piles, then S9 or the next hand."""
    for seat in SEATS:
        s.discard[seat] = s.played[seat] + s.hand[seat] + s.discard[seat]
        s.played[seat] = s.hand[seat] = ()
    w = s.hand_winner
    if s.trophies and s.pool(w) < MIN_CARDS:
        s.phase = "over"
        s.loser_by_cards = w
        s.log(
            "lost",
            [w],
            f"{{p{w}}} has only {_plural(s.pool(w), 'card')} left, fewer than {MIN_CARDS}, "
            "and loses.",
        )
    elif s.trophies:
        _start_hand(s)
    else:
        s.phase = "over"
        p0, p1 = _final_scores(s)
        s.log("end", [0, 1], f"After {s.hand_no} hands: {{p0}} scores {p0}, {{p1}} {p1}.")


# --- the engine ------------------------------------------------------------------------------


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
        s.trophies = s.shuffled(TROPHIES)
        s.draw = [s.shuffled(STARTERS[0]), s.shuffled(STARTERS[1])]
        for name in ("discard", "hand", "played", "altar", "won"):
            setattr(s, name, [(), ()])
        _start_hand(s)
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
            for card in _MARKET_BY_VALUE.get(BUY_VALUE[a] + BUY_VALUE[b], ()):
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
        _after_buying(new)
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
            _carry_out(new, seat, card, a, b)
        if len(new.purchases[seat]) == MAX_PURCHASES:
            new.done[seat] = True
            _after_buying(new)
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
            _resolve_trick(new)
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
            f"{{p{seat}}} sacrifices {_plural(len(cards), 'card')}.",
            count=len(cards),
        )
        _end_hand(new)
        return new

    # -- the outcome

    def is_over(self, state: SacrificeState) -> bool:
        return state.phase == "over"

    def scores(self, state: SacrificeState) -> list[int]:
        """Public scores: 10 per trophy during the game, since the altars' values are secret
        (seed notes); the full S9 score once the game is over."""
        if state.phase != "over":
            return [10 * len(state.won[seat]) for seat in SEATS]
        return _final_scores(state)

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
