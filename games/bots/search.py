"""The search bot: information-set Monte Carlo tree search (SO-ISMCTS) from one seat's view.

The bot never searches the real state. ``SearchBot.choose`` first reduces it to what the
seat knows (``GameSearch.information``: the view, plus public facts a player with a perfect
memory would have, never the arrangement of hidden cards), then drops it. Every iteration
draws a fresh full state consistent with that knowledge (``GameSearch.determinise``) and
walks one tree shared by all those worlds: at each node only the moves legal in the sampled
world compete, by UCB1 with availability counts (Cowling, Powley and Whitehouse 2012), so
the statistics average over the hidden information instead of trusting one guess. Below the
tree a cheap playout policy finishes the game, or stops at a game's ``horizon`` (say the end
of a round) where ``rewards`` rates the position per seat in [0, 1].

Each game plugs in through a ``GameSearch`` found at ``games.bots.sampling.<game>.SEARCH``.
With an iteration cap and no time budget the bot is deterministic for a given ``rng``.
Pure Python, no Django, like the engines.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from games.engines import Engine, Move

DEFAULT_BUDGET = 0.3  # seconds per move
DEFAULT_ITERATIONS = 20_000  # cap, so a fast machine does not think needlessly long
EXPLORATION = 0.7  # UCB1 constant for rewards in [0, 1]
MAX_PLAYOUT_MOVES = 10_000  # a playout longer than this is a bug in a policy or an engine

# (engine, state, seat, rng) -> move: what a seat plays below the tree.
Policy = Callable[[Engine, Any, int, random.Random], Move]
# (engine, state the iteration started from, state now) -> bool / per-seat rewards in [0, 1].
Horizon = Callable[[Engine, Any, Any], bool]
Rewards = Callable[[Engine, Any, Any], Sequence[float]]


def random_playout(engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
    """The cheapest playout policy: a uniformly random legal move."""
    return rng.choice(engine.legal_moves(state, seat))


def game_over(engine: Engine, start: Any, state: Any) -> bool:
    """The default horizon: play to the end of the game."""
    return engine.is_over(state)


def win_rewards(engine: Engine, start: Any, state: Any) -> list[float]:
    """The default reward: a seat's share of the win (1 alone, 1/k when k seats share)."""
    winners = engine.winners(state)
    seats = len(engine.scores(state))
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(seats)]


def move_key(move: Move) -> Hashable:
    """A hashable stand-in for a move dict (lists become tuples), to key tree children."""
    return tuple(
        (key, tuple(value) if isinstance(value, list) else value)
        for key, value in sorted(move.items())
    )


@dataclass(frozen=True)
class GameSearch:
    """How one game plugs into the search (``games.bots.sampling.<game>.SEARCH``).

    ``information(engine, state, seat, memory)``: what ``seat`` knows, built from
    ``engine.view(state, seat)`` and public facts only; any two states the seat cannot tell
    apart must give equal results. ``memory`` is a dict the bot keeps per seat between its
    moves (and across games: detect a new game yourself) for public facts that scroll out of
    the view; online a fresh bot may come for each move, so it may be empty.
    ``determinise(engine, info, seat, rng)``: a full engine state consistent with ``info``,
    every hidden part drawn from ``rng``; the seat's own hand as it is.
    ``shortcut(engine, info, seat, rng)``: a move the game decides by rule without
    searching (say where the horizon cannot see a decision's worth), or None to search.
    ``rollout(engine, start, state, rng)``: when given, replaces the playout loop and
    ``rewards`` below the tree: finish the iteration from ``state`` however fast the game
    can (no engine calls needed) and return the per-seat rewards.
    ``decide(engine, info, sample, seat, rng, iterations, budget)``: when given, replaces
    the tree search for the game: its own search over worlds from ``sample(rng)``, within
    the bot's iteration cap and time budget (Sarkophag and Sarcophagus compare moves on
    common worlds, which tells their moves apart with far fewer playouts).
    """

    information: Callable[[Engine, Any, int, dict[str, Any]], Any]
    determinise: Callable[[Engine, Any, int, random.Random], Any]
    playout: Policy = random_playout
    horizon: Horizon = game_over
    rewards: Rewards = win_rewards
    key: Callable[[Move], Hashable] = move_key
    shortcut: Callable[[Engine, Any, int, random.Random], Move | None] | None = None
    rollout: Callable[[Engine, Any, Any, random.Random], Sequence[float]] | None = None
    decide: Callable[..., Move] | None = None


def game_search(game: str) -> GameSearch:
    """The ``GameSearch`` of a game; ``ValueError`` when the game has none yet."""
    try:
        module = import_module(f"games.bots.sampling.{game}")
    except ModuleNotFoundError as exc:
        raise ValueError(f"No search bot for {game!r} yet.") from exc
    return module.SEARCH


class _Node:
    """One node of the tree: the move that led here, who made it, and its statistics."""

    __slots__ = ("avail", "children", "move", "mover", "reward", "visits")

    def __init__(self, move: Move | None, mover: int) -> None:
        self.move = move
        self.mover = mover
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def search(
    engine: Engine,
    sample: Callable[[random.Random], Any],
    seat: int,
    rng: random.Random,
    game: GameSearch,
    *,
    iterations: int | None = DEFAULT_ITERATIONS,
    budget: float | None = DEFAULT_BUDGET,
    exploration: float = EXPLORATION,
) -> Move:
    """The move for ``seat`` after ISMCTS over worlds drawn by ``sample(rng)``.

    Stops after ``iterations`` or ``budget`` seconds, whichever comes first (at least one
    iteration). Where several seats act at once, ``seat`` decides first in the tree, so the
    others' replies are judged knowing its move: cautious, never optimistic.
    """
    if iterations is None and budget is None:
        raise ValueError("The search needs an iteration cap, a time budget or both.")
    first = sample(rng)
    moves = engine.legal_moves(first, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has no move to choose.")
    if len(moves) == 1:
        return moves[0]
    root = _Node(None, -1)
    deadline = None if budget is None else time.perf_counter() + budget
    done = 0
    world = first
    while True:
        _iterate(engine, world, seat, rng, game, root, exploration)
        done += 1
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        world = sample(rng)
    legal = {game.key(m): m for m in moves}
    best = max(
        (child for key, child in root.children.items() if key in legal),
        key=lambda c: (c.visits, c.reward / c.visits if c.visits else 0.0),
    )
    return legal[game.key(best.move)]  # type: ignore[arg-type]


def _actor(engine: Engine, state: Any, seat: int) -> int | None:
    seats = engine.to_act(state)
    if not seats:
        return None
    return seat if seat in seats else seats[0]


def _iterate(
    engine: Engine,
    state: Any,
    seat: int,
    rng: random.Random,
    game: GameSearch,
    root: _Node,
    exploration: float,
) -> None:
    """One ISMCTS iteration in the world ``state``: select, expand, play out, back up."""
    start = state
    node = root
    path: list[_Node] = []
    stop = game.horizon
    key = game.key
    while not stop(engine, start, state):
        actor = _actor(engine, state, seat)
        if actor is None:
            break
        moves = engine.legal_moves(state, actor)
        children = node.children
        untried = []
        available = []
        for move in moves:
            child = children.get(key(move))
            if child is None:
                untried.append(move)
            else:
                child.avail += 1
                available.append(child)
        if untried:
            move = untried[rng.randrange(len(untried))]
            child = _Node(move, actor)
            child.avail = 1
            children[key(move)] = child
            state = engine.apply(state, actor, move)
            path.append(child)
            break
        log_avail = math.log
        node = max(
            available,
            key=lambda c: (
                c.reward / c.visits + exploration * math.sqrt(log_avail(c.avail) / c.visits)
            ),
        )
        state = engine.apply(state, actor, node.move)
        path.append(node)
    if game.rollout is not None:
        rewards = game.rollout(engine, start, state, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]
        return
    playout = game.playout
    steps = 0
    while not stop(engine, start, state):
        seats = engine.to_act(state)
        if not seats:
            break
        state = engine.apply(state, seats[0], playout(engine, state, seats[0], rng))
        steps += 1
        if steps > MAX_PLAYOUT_MOVES:
            raise RuntimeError(f"A {engine.name} playout did not reach its horizon.")
    rewards = game.rewards(engine, start, state)
    for visited in path:
        visited.visits += 1
        visited.reward += rewards[visited.mover]


class SearchBot:
    """The "hard" bot: ISMCTS from its own view within a time budget and an iteration cap.

    ``budget`` seconds per move (None: no clock, so the choice depends only on ``rng``);
    ``iterations`` caps the work per move. ``game`` names the game when it should not be
    taken from the engine; ``spec`` replaces the game's ``GameSearch`` (tests, tuning).
    """

    name = "search"

    def __init__(
        self,
        game: str | None = None,
        *,
        budget: float | None = DEFAULT_BUDGET,
        iterations: int | None = DEFAULT_ITERATIONS,
        spec: GameSearch | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        self.game = game
        self.budget = budget
        self.iterations = iterations
        self.spec = spec
        self.exploration = exploration
        self.memory: dict[int, dict[str, Any]] = {}  # per seat, see GameSearch.information

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move:
        spec = self.spec or game_search(self.game or engine.name)
        info = spec.information(engine, state, seat, self.memory.setdefault(seat, {}))
        del state  # from here on only what the seat knows: the real hidden parts are gone
        if spec.shortcut is not None:
            move = spec.shortcut(engine, info, seat, rng)
            if move is not None:
                return move

        def sample(r: random.Random) -> Any:
            return spec.determinise(engine, info, seat, r)

        if spec.decide is not None:
            return spec.decide(engine, info, sample, seat, rng, self.iterations, self.budget)
        return search(
            engine,
            sample,
            seat,
            rng,
            spec,
            iterations=self.iterations,
            budget=self.budget,
            exploration=self.exploration,
        )
