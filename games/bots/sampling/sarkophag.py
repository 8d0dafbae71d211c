"""Sarkophag determinisation: whole states the bot's view could have come from.

The search bot plays from ``engine.view(state, seat)`` only. To search it needs full states,
so the other seats' hands are dealt again from the cards this seat has not seen (the
set-aside cards included), with the right hand sizes and respecting what the rules have
shown in public:

* a player who did not follow the trick's direction (K4) holds no card on the following
  side of that trick's first card, for the rest of the round (hands only shrink);
* a player who led a 5-head card (K3) held nothing but 5-head cards.

Those facts come from the finished tricks the view still shows (its ``events`` keep the last
few, each "take" names the whole trick), the last trick and the current trick. A ``Memory``
carried between the bot's moves keeps the facts of tricks that have scrolled out of the
view's events; without it (a fresh bot per move, as online) fewer facts are used, never
wrong ones.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bots.sarkophag import shed_value
from games.bots.search import GameSearch
from games.engines.sarkophag import CARDS, HEADS
from games.engines.sarkophag.rules import FIVE_HEADS, follow_cards, trick_taker
from games.engines.sarkophag.state import SarkophagState

GREEDY_TRIES = 30  # random most-constrained-first deals before falling back to a matching
Trick = tuple[int, tuple[int, ...]]  # (leader seat, cards in play order)


@dataclass
class Memory:
    """What one seat has learned this round from public play: cards each seat cannot hold.

    ``played`` and ``hand`` tell a later view of the same round (more played, a smaller own
    hand) from a new round or a new game, where the memory starts afresh.
    """

    round: int = -1
    played: frozenset[int] = frozenset()
    hand: frozenset[int] = frozenset()
    excluded: dict[int, set[int]] = field(default_factory=dict)


def trick_facts(leader: int, cards: Sequence[int], players: int) -> Iterable[tuple[int, set[int]]]:
    """(seat, cards it cannot hold from then on) for each play of one trick that tells any."""
    if not cards:
        return
    if HEADS[cards[0]] == FIVE_HEADS:  # K3: led a 5-head card, so held nothing else
        yield leader, {c for c in CARDS if HEADS[c] != FIVE_HEADS}
    if len(cards) < 3:
        return
    first = cards[0]
    lower = cards[1] < first
    following = {c for c in CARDS if c != first and (c < first) == lower}
    for position in range(2, len(cards)):
        if (cards[position] < first) != lower:  # K4: broke the trick, so could not follow
            yield (leader + position) % players, following


def visible_tricks(view: dict[str, Any]) -> list[Trick]:
    """This round's tricks the view shows: finished ones in its events, the last, the current."""
    n = view["players"]
    played = set(view["played"])
    tricks: list[Trick] = []
    for event in view["events"]:
        if event["kind"] in ("deal", "round_end"):
            tricks = []  # a trick before this belongs to an earlier round
        elif event["kind"] == "take":
            cards = tuple(event["cards"])
            leader = (event["seats"][0] - cards.index(event["card"])) % n
            tricks.append((leader, cards))
    last = view.get("last_trick")
    if last is not None:
        tricks.append((last["cards"][0]["seat"], tuple(e["card"] for e in last["cards"])))
    if view["trick"]:
        tricks.append((view["trick"][0]["seat"], tuple(e["card"] for e in view["trick"])))
    return [t for t in tricks if played.issuperset(t[1])]


def observe(view: dict[str, Any], memory: Memory | None = None) -> Memory:
    """The memory after seeing ``view``: the old one extended if it is the same round."""
    played = frozenset(view["played"])
    hand = frozenset(view["hand"])
    same_round = (
        memory is not None
        and memory.round == view["round"]
        and played >= memory.played
        and hand <= memory.hand
    )
    known = Memory(view["round"], played, hand, {})
    if same_round:
        assert memory is not None
        known.excluded = {seat: set(cards) for seat, cards in memory.excluded.items()}
    for leader, cards in visible_tricks(view):
        for seat, cannot in trick_facts(leader, cards, view["players"]):
            known.excluded.setdefault(seat, set()).update(cannot)
    return known


def unseen_cards(view: dict[str, Any]) -> list[int]:
    """Cards this seat has neither in hand nor seen played this round."""
    known = set(view["hand"]) | set(view["played"])
    return [c for c in CARDS if c not in known]


def deal_hands(
    view: dict[str, Any], memory: Memory, rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """Every seat's hand: the viewer's own, the others drawn from the unseen cards."""
    n, me = view["players"], view["seat"]
    sizes = view["hand_sizes"]
    pool = unseen_cards(view)
    others = [s for s in range(n) if s != me and sizes[s]]
    allowed = {s: [c for c in pool if c not in memory.excluded.get(s, ())] for s in others}
    dealt = _greedy(pool, others, allowed, sizes, rng) or _matching(
        pool, others, allowed, sizes, rng
    )
    hands = [tuple(sorted(dealt.get(s, ()))) for s in range(n)]
    hands[me] = tuple(sorted(view["hand"]))
    return tuple(hands)


def _greedy(
    pool: list[int],
    seats: list[int],
    allowed: dict[int, list[int]],
    sizes: Sequence[int],
    rng: random.Random,
) -> dict[int, list[int]] | None:
    """Most constrained seat first, each drawing its cards at random; None if stuck."""
    order = sorted(seats, key=lambda s: len(allowed[s]) - sizes[s])
    if all(len(allowed[s]) == len(pool) for s in seats):  # no facts: one shuffle does it
        cards = pool[:]
        rng.shuffle(cards)
        dealt, at = {}, 0
        for s in order:
            dealt[s] = cards[at : at + sizes[s]]
            at += sizes[s]
        return dealt
    for _ in range(GREEDY_TRIES):
        taken: set[int] = set()
        dealt = {}
        for s in order:
            free = [c for c in allowed[s] if c not in taken]
            if len(free) < sizes[s]:
                break
            dealt[s] = rng.sample(free, sizes[s])
            taken.update(dealt[s])
        else:
            return dealt
    return None


def _matching(
    pool: list[int],
    seats: list[int],
    allowed: dict[int, list[int]],
    sizes: Sequence[int],
    rng: random.Random,
) -> dict[int, list[int]]:
    """A random deal by augmenting paths (cards to hand slots); exists for any real view."""
    slots = [s for s in seats for _ in range(sizes[s])]
    rng.shuffle(slots)
    owner: dict[int, int] = {}  # card -> slot index

    def place(slot: int, seen: set[int]) -> bool:
        cards = allowed[slots[slot]][:]
        rng.shuffle(cards)
        for card in cards:
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or place(owner[card], seen):
                owner[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            raise ValueError("No deal fits what the view has shown: the view is inconsistent.")
    dealt: dict[int, list[int]] = {s: [] for s in seats}
    for card, slot in owner.items():
        dealt[slots[slot]].append(card)
    return dealt


def sample_state(
    view: dict[str, Any], rng: random.Random, memory: Memory | None = None
) -> SarkophagState:
    """A full state agreeing with ``view`` in everything public; the hidden hands resampled.

    The seed of the sample is random, so later rounds are dealt afresh too.
    """
    memory = memory if memory is not None else observe(view)
    n = view["players"]
    hands = deal_hands(view, memory, rng)
    trick = tuple(e["card"] for e in view["trick"])
    in_trick = set(trick)
    last = view["last_trick"]
    leader = view["leader"]
    return SarkophagState(
        players=n,
        seed=rng.getrandbits(32),
        limit=view["limit"],
        round=view["round"],
        dealer=view["dealer"],
        hands=hands,
        leader=leader,
        trick=trick,
        heads=tuple(view["heads"]),
        tricks=tuple(view["tricks"]),
        totals=tuple(view["totals"]),
        rounds=tuple(tuple(r) for r in view["rounds"]),
        played=tuple(c for c in view["played"] if c not in in_trick),
        last_trick=None
        if last is None
        else (last["cards"][0]["seat"], tuple(e["card"] for e in last["cards"]), last["taker"]),
        over=view["is_over"],
        events=(),
        events_total=view["events_total"] - len(trick),  # the view adds the trick's plays
        legal=()
        if view["is_over"]
        else tuple(follow_cards(hands[(leader + len(trick)) % n], trick)),
    )


# -- the search bot's plug-in (games.bots.search.GameSearch) ----------------------------------
HEAD_SCALE = 6.0  # heads more (or fewer) than a fair share that move the reward most
SHED = tuple(0.0 if c == 0 else shed_value(c) for c in range(CARDS[-1] + 1))


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows: its view and the cards each other seat was shown not to hold."""

    view: dict[str, Any]
    memory: Memory


def information(engine: Any, state: Any, seat: int, memory: dict[str, Any]) -> Knowledge:
    """The seat's view plus this round's public facts, remembered in ``memory`` between moves."""
    view = engine.view(state, seat)
    known = observe(view, memory.get("sarkophag"))
    memory["sarkophag"] = known
    return Knowledge(view, known)


def determinise(engine: Any, info: Knowledge, seat: int, rng: random.Random) -> SarkophagState:
    return sample_state(info.view, rng, info.memory)


def round_over(engine: Any, start: SarkophagState, state: SarkophagState) -> bool:
    """The horizon: the round the search began in is over (rounds are dealt apart)."""
    return len(state.rounds) > len(start.rounds)


def round_rewards(engine: Any, start: SarkophagState, state: SarkophagState) -> list[float]:
    """Fewer heads this round is better, on a scale where a few heads matter.

    Each seat is rated by the heads it took after the search began against a fair share of
    the heads that were then still to take: 0.5 for exactly that, towards 1 for fewer, towards
    0 for more (``HEAD_SCALE`` sets how fast). Rewards on a scale of a whole round's heads
    would leave the difference between two cards (a few heads) lost in UCB1's exploration.
    """
    n = start.players
    if len(state.rounds) > len(start.rounds):
        taken = state.rounds[len(start.rounds)]
    else:
        taken = state.heads
    to_take = sum(taken) - sum(start.heads)
    share = to_take / n
    return [
        0.5 - 0.5 * math.tanh((taken[s] - start.heads[s] - share) / HEAD_SCALE) for s in range(n)
    ]


def duck_playout(engine: Any, state: SarkophagState, seat: int, rng: random.Random) -> dict:
    """A cheap playout policy on the sampled state: duck when possible, shed when safe.

    Leading sheds the most dangerous card (K5: the leader never takes); the second card
    stays next to the first; later cards that leave the trick to someone else shed the most
    dangerous of them, and when every card takes, the least extreme one leaves later players
    the most room to take over (the last player, who takes anyway, keeps its heads low).
    """
    legal = state.legal
    if len(legal) == 1:
        return {"card": legal[0]}
    trick = state.trick
    if not trick:
        return {"card": max(legal, key=lambda c: SHED[c] + rng.random() * 0.5)}
    first = trick[0]
    if len(trick) == 1:
        return {"card": min(legal, key=lambda c: abs(c - first))}
    mine = len(trick)
    safe = [c for c in legal if trick_taker((*trick, c)) != mine]
    if safe:
        return {"card": max(safe, key=SHED.__getitem__)}
    if mine == state.players - 1:
        return {"card": min(legal, key=lambda c: (HEADS[c], -SHED[c]))}
    return {"card": min(legal, key=lambda c: abs(c - first))}


def decide(
    engine: Any,
    info: Knowledge,
    sample: Callable[[random.Random], SarkophagState],
    seat: int,
    rng: random.Random,
    iterations: int | None,
    budget: float | None,
) -> dict[str, Any]:
    """Determinised Monte Carlo with common worlds: every card is tried in the same worlds.

    Each world (hands drawn by ``sample``, plus a seed for the playout policy) is played to
    the end of the round once per legal card, so the cards are compared on the same deals:
    the difference of a few heads between two cards shows after a few dozen worlds, where
    a tree search (whose moves each see different worlds) still drowns it in the deal's
    noise. ``iterations`` counts playouts in all; ``budget`` stops after the world in hand.
    The card with the fewest heads taken on average wins, the lower card on a tie.
    """
    world = sample(rng)
    moves = engine.legal_moves(world, seat)
    if len(moves) == 1:
        return moves[0]
    cap = None if iterations is None else max(1, iterations // len(moves))
    deadline = None if budget is None else time.perf_counter() + budget
    taken = [0] * len(moves)
    worlds = 0
    while True:
        seed = rng.getrandbits(32)
        for i, move in enumerate(moves):
            taken[i] += _heads_after(engine, world, seat, move, random.Random(seed))
        worlds += 1
        if cap is not None and worlds >= cap:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        world = sample(rng)
    best = min(range(len(moves)), key=lambda i: (taken[i], moves[i]["card"]))
    return moves[best]


def _heads_after(
    engine: Any, world: SarkophagState, seat: int, move: dict[str, Any], rng: random.Random
) -> int:
    """Heads ``seat`` takes from ``world`` to the end of the round after playing ``move``."""
    state = engine.apply(world, seat, move)
    done = len(world.rounds)
    while len(state.rounds) == done:
        actor = (state.leader + len(state.trick)) % state.players
        state = engine.apply(state, actor, duck_playout(engine, state, actor, rng))
    return state.rounds[done][seat] - world.heads[seat]


def card_key(move: dict[str, Any]) -> int:
    return move["card"]


SEARCH = GameSearch(
    information=information,
    determinise=determinise,
    horizon=round_over,
    rewards=round_rewards,
    key=card_key,
    playout=duck_playout,
    decide=decide,
)
