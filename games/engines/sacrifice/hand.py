"""Sacrifice's hands between the moves: drawing (S8), the purchases revealed, the tricks
resolved, the hand won and the altar filled, the game's end (S9). The engine checks a seat's
move and calls these to carry the game on to the next decision.
"""

from __future__ import annotations

from .cards import (
    BUY_VALUE,
    MARKET,
    RULES,
    beats,
    colour,
    final_score,
    without,
)
from .state import SacrificeState

HAND_SIZE = 5
KING_EXTRA = 2
MAX_PURCHASES = 2
MIN_CARDS = 7  # S9: fewer than this while trophies remain loses at once
SEATS = (0, 1)

MARKET_BY_VALUE: dict[int, tuple[str, ...]] = {
    v: tuple(c for c in MARKET if BUY_VALUE[c] == v) for v in range(6, 11)
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- drawing and the flow of a hand ---------------------------------------------------------


def draw(s: SacrificeState, seat: int, n: int) -> int:
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


def start_hand(s: SacrificeState) -> None:
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
        f"Hand {s.hand_no}: the trophy is {s.trophy}: {plural(rules.tricks, 'trick')}, {trump}.",
        trophy=s.trophy,
        hand=s.hand_no,
    )
    for seat in SEATS:
        draw(s, seat, HAND_SIZE)


def carry_out(s: SacrificeState, seat: int, card: str, a: str, b: str) -> None:
    """A purchase: the two spent cards and the bought card go to the discard pile (S2)."""
    s.hand[seat] = without(s.hand[seat], (a, b))
    s.discard[seat] = (card, a, b, *s.discard[seat])
    s.market = without(s.market, (card,))
    s.log("buy", [seat], f"{{p{seat}}} spends {a} and {b} on {card}.", card=card, spend=[a, b])


def spare_card(s: SacrificeState, card: str, taken: set[str]) -> str:
    """Another market card of ``card``'s rank, the same colour if there is one. Only needed in
    the first hand, when all four of each rank are there and at most four get bought."""
    same_rank = [m for m in MARKET_BY_VALUE[BUY_VALUE[card]] if m in s.market and m not in taken]
    return min(same_rank, key=lambda m: colour(m) != colour(card))


def reveal_purchases(s: SacrificeState) -> None:
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
        spare = spare_card(s, card, taken)
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
            carry_out(s, seat, card, a, b)
        if not final[seat]:
            s.log("buy", [seat], f"{{p{seat}}} buys nothing.")
    s.purchases = [tuple(final[0]), tuple(final[1])]


def after_buying(s: SacrificeState) -> None:
    """Once both have finished buying: draw back up to 5, King 2 more (S2); tricks begin."""
    if not all(s.done):
        return
    if s.simultaneous:
        reveal_purchases(s)
    extra = KING_EXTRA if s.trophy[0] == "K" else 0
    for seat in SEATS:
        draw(s, seat, HAND_SIZE - len(s.hand[seat]) + extra)
    s.phase = "trick"


def refill_for_sudden_death(s: SacrificeState) -> None:
    """S7: a player with no unplayed card draws 5 new ones. With nothing left to draw, the
    cards they played this hand are shuffled into a new draw pile (sarco ruling), so sudden
    death can always go on; they stay cards of this hand for the sacrifice."""
    for seat in SEATS:
        if s.hand[seat]:
            continue
        if not draw(s, seat, HAND_SIZE):
            s.draw[seat] = s.shuffled(s.played[seat])
            s.played[seat] = ()
            s.log("reshuffle", [seat], f"{{p{seat}}} shuffles the cards they played to draw from.")
            draw(s, seat, HAND_SIZE)


def win_hand(s: SacrificeState, winner: int, limit: int) -> None:
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
        f"{plural(limit, 'card')}.",
        trophy=s.trophy,
        tricks=list(s.counts),
        limit=limit,
    )


def resolve_trick(s: SacrificeState) -> None:
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
            refill_for_sudden_death(s)
        else:
            win_hand(s, winner, 1)
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
        win_hand(s, 0 if a > b else 1, abs(a - b))
        return
    s.sudden = True
    s.leader = -1
    s.log("sudden_death", [0, 1], f"The hand is tied {a} to {b}: sudden death.")
    refill_for_sudden_death(s)


def final_scores(s: SacrificeState) -> list[int]:
    return [final_score(len(s.won[seat]), list(s.altar[seat])) for seat in SEATS]


def end_hand(s: SacrificeState) -> None:
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
            f"{{p{w}}} has only {plural(s.pool(w), 'card')} left, fewer than {MIN_CARDS}, "
            "and loses.",
        )
    elif s.trophies:
        start_hand(s)
    else:
        s.phase = "over"
        p0, p1 = final_scores(s)
        s.log("end", [0, 1], f"After {s.hand_no} hands: {{p0}} scores {p0}, {{p1}} {p1}.")


# --- the engine ------------------------------------------------------------------------------
