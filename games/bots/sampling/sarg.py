"""Sarg for the search bot: full states drawn from one seat's view.

Sarg hides only the other hand and the order of the stack; both hold exactly the cards of
the current deck that are neither face up (``seen``: the nails and played cards since the
last shuffle) nor in the seat's own hand. Any card may go to any open cell, so play shows
nothing more about a hand. The seed is hidden too (it decides later shuffles in a "play to
1000" game), so each world gets its own.

The search looks only to the end of the round: rounds are scored apart (G5), and the final
bonus only doubles the difference of the totals (G6), so the credited difference of this
round is the thing to maximise.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.bots.search import GameSearch
from games.engines import Engine
from games.engines.sarg.cards import DECK
from games.engines.sarg.engine import ROUNDS_PER_DECK
from games.engines.sarg.scoring import round_credit
from games.engines.sarg.square import OPEN_BY_MASK
from games.engines.sarg.state import SargState

REWARD_SCALE = 40.0  # a round's credited difference of this many points counts as a sure thing


def information(engine: Engine, state: Any, seat: int, memory: dict[str, Any]) -> dict[str, Any]:
    """Sarg's view already holds all a seat knows (no memory needed); the unseen cards
    are worked out from it once, under ``"unseen"``."""
    view = engine.view(state, seat)
    view["unseen"] = unseen(view)
    return view


def unseen(view: dict[str, Any]) -> list[str]:
    """The current deck's cards this seat has not seen: the other hand plus the stack."""
    left = Counter(DECK)
    left.subtract(view["seen"])
    left.subtract(view["hand"])
    return sorted(left.elements())


def determinise(engine: Engine, view: dict[str, Any], seat: int, rng: random.Random) -> SargState:
    """A state agreeing with ``view``: the unseen cards dealt at random to the other hand
    (its size as shown), the rest on the stack (its length as shown)."""
    pool = view["unseen"] if "unseen" in view else unseen(view)
    other = 1 - seat
    size = view["hand_sizes"][other]
    dealt = rng.sample(range(len(pool)), size)
    hands: list[tuple[str, ...]] = [(), ()]
    hands[seat] = tuple(view["hand"])
    hands[other] = tuple(pool[i] for i in dealt)
    # The stack keeps the rest in sorted order: nothing within the search's horizon reads it
    # (the next deal comes after the round is scored), and not shuffling it halves the cost.
    taken = set(dealt)
    stack = tuple(card for i, card in enumerate(pool) if i not in taken)
    if len(stack) != view["stack"]:
        raise ValueError("The view's card counts do not add up to a Sarg deck.")
    queen = view["roles"]["queen"]
    rounds = tuple((r["queen"], r["king"]) for r in view["round_scores"])
    to_act = view["to_act"]
    return SargState(
        seed=rng.getrandbits(32),
        queen=queen,
        to_1000=view["to_1000"],
        shuffles=(view["round"] - 1) // ROUNDS_PER_DECK,
        stack=stack,
        dealer=view["dealer"],
        round=view["round"],
        hands=(hands[0], hands[1]),
        grid=tuple(cell for row in view["grid"] for cell in row),
        turn=to_act[0] if to_act else -1,
        seen=tuple(view["seen"]),
        rounds=rounds,
        last_grid=None,
        log=(),
        log_total=view["events_total"],
    )


def round_over(engine: Engine, start: SargState, state: SargState) -> bool:
    """The horizon: the round the search began in has been scored."""
    return len(state.rounds) > len(start.rounds)


def round_rewards(engine: Engine, start: SargState, state: SargState) -> list[float]:
    """Each seat's reward from the credited difference of the round just scored."""
    if len(state.rounds) <= len(start.rounds):
        return [0.5, 0.5]
    queen_score, king_score = state.rounds[len(start.rounds)]
    return _rewards(state, queen_score, king_score)


def _rewards(state: SargState, queen_score: int, king_score: int) -> list[float]:
    edge = max(-1.0, min(1.0, (queen_score - king_score) / REWARD_SCALE))
    rewards = [0.0, 0.0]
    rewards[state.queen] = 0.5 + 0.5 * edge
    rewards[1 - state.queen] = 0.5 - 0.5 * edge
    return rewards


def fast_rollout(
    engine: Engine, start: SargState, state: SargState, rng: random.Random
) -> list[float]:
    """Finish the round with random cards on random open cells, without the engine's checks
    (about ten times faster than its ``apply``), and rate the full square."""
    if len(state.rounds) > len(start.rounds):
        return round_rewards(engine, start, state)
    grid = list(state.grid)
    mask = state.filled
    hands = [list(state.hands[0]), list(state.hands[1])]
    turn = state.turn
    randrange = rng.randrange
    while mask != 511:
        hand = hands[turn]
        card = hand.pop(randrange(len(hand)))
        cells = OPEN_BY_MASK[mask]
        cell = cells[randrange(len(cells))]
        grid[cell] = card
        mask |= 1 << cell
        turn = 1 - turn
    queen_score, king_score = round_credit(grid)
    return _rewards(state, queen_score, king_score)


def move_key(move: dict[str, Any]) -> tuple[str, int, int]:
    row, column = move["cell"]
    return move["card"], row, column


SEARCH = GameSearch(
    information=information,
    determinise=determinise,
    horizon=round_over,
    rewards=round_rewards,
    key=move_key,
    rollout=fast_rollout,
)
