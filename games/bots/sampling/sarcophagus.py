"""Sarcophagus determinisation: whole states the bot's view could have come from.

What a seat does not see, and how a sample fills it in:

* face-down pyramid tiles, the sarcophagus tiles still under the pyramid, the claimed
  sarcophagus tiles (hidden even from their owner until the end) and those discarded unseen:
  dealt from the tiles nobody has seen yet. The set-up puts all four 5s and two nulls under
  and over the sarcophagus, so the unseen 5s go there and nulls fill it up; the rest goes to
  the other face-down tiles. (A custom layout that breaks this is dealt without it.)
* other players' coin values: each seat owns whole suits (six coins, null to 5), so the
  values of its coins on the board are drawn from its suits, the rest split between its hand
  and its locked coins by the public counts. A tie turns coins over (P4): those values were
  then on that tile, so none of that seat's coins that stayed on the board since can have
  them, and if the seat took the sarcophagus with that claim, its locked coins include them.
  These reveal facts are read from the events the view still shows, for seats owning one suit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.bots.sampling.sarcophagus_playout import finish
from games.bots.sarcophagus import _discard as heuristic_discard
from games.bots.sarcophagus import _score as heuristic_score
from games.bots.search import GameSearch
from games.engines import Move
from games.engines.sarcophagus.pyramid import INDEX, POSITIONS, SARCOPHAGUS
from games.engines.sarcophagus.state import END, OVER, SarcophagusState, owned_suits
from games.engines.sarcophagus.tiles import SUITS, TILE_IDS, TILES, is_trap

FIVE, NULL = 5, 0
COIN_TRIES = 20  # draws honouring the reveal facts before they are dropped for that seat
Coin = tuple[int, int]  # (position, index in that position's coin list)


@dataclass
class Reveals:
    """What coin reveals (ties) still say, per seat: values its older board coins lack."""

    forbidden: dict[Coin, set[int]] = field(default_factory=dict)  # board coin -> not these
    locked: dict[int, list[int]] = field(default_factory=dict)  # seat -> values among locked


def _position(tile: list[int]) -> int:
    return INDEX[(tile[0], tile[1])]


def read_reveals(view: dict[str, Any]) -> Reveals:
    """The reveal facts in ``view['events']`` that still hold for the coins on the board."""
    n = view["players"]
    single = {s for s in range(n) if len(owned_suits(n, s)) == 1}
    events = view["events"]
    reveals = Reveals()
    for i, event in enumerate(events):
        if event["kind"] != "tie":
            continue
        tied_at = _position(event["tile"])
        values = {int(s): v for s, v in event["values"].items() if int(s) in single}
        later = events[i + 1 :]
        # The tied tile's own claim comes next; over the sarcophagus, the claimer's coins
        # (the revealed ones) stay locked on the sarcophagus tile below.
        if (
            len(later) >= 2
            and later[0]["kind"] == "claim"
            and _position(later[0]["tile"]) == tied_at
            and later[1]["kind"] == "sarcophagus"
            and later[1]["seats"][0] in values
        ):
            seat = later[1]["seats"][0]
            reveals.locked.setdefault(seat, []).extend(values.pop(seat))
        newer_by: dict[int, list[int]] = {}  # per seat and position: coins placed since
        for seat in values:
            newer_by[seat] = [0] * len(POSITIONS)
        for e in later:
            if e["kind"] == "coin" and e["seats"][0] in values:
                newer_by[e["seats"][0]][_position(e["tile"])] += 1
            elif e["kind"] in ("claim", "discard_tile") and _position(e["tile"]) != tied_at:
                for counts in newer_by.values():
                    counts[_position(e["tile"])] = 0
        for seat, seen in values.items():
            for p, cell in enumerate(view["pyramid"]):
                mine = [k for k, c in enumerate(cell["coins"]) if c["seat"] == seat]
                older = mine[: len(mine) - newer_by[seat][p]]
                for k in older:
                    reveals.forbidden.setdefault((p, k), set()).update(seen)
    return reveals


def _tile(name: str) -> int:
    return TILE_IDS[name]


def deal_tiles(
    view: dict[str, Any], rng: random.Random
) -> tuple[list[int | None], list[int | None], list[tuple[int, ...]], list[int]]:
    """Board, sarcophagus tiles under it, claimed sarcophagus tiles per seat, unseen discards."""
    n = view["players"]
    cells = view["pyramid"]
    opened = view["phase"] in (END, OVER)
    known: list[int] = [_tile(c["face_up"]) for c in cells if c["face_up"]]
    known += [_tile(t) for s in view["seats"] for t in s["claimed"]]
    known += [_tile(t) for t in view["discarded"]]
    if opened:
        known += [_tile(t) for s in view["seats"] for t in s["sarcophagus"]]
    pool = [t for t in range(len(TILES)) if t not in set(known)]
    hidden_board = [p for p, c in enumerate(cells) if c["present"] and not c["face_up"]]
    under_slots = [k for k, p in enumerate(SARCOPHAGUS) if cells[p]["present"]]
    buried_counts = [0 if opened else s["sarcophagus_tiles"] for s in view["seats"]]
    special_slots = (
        sum(1 for p in hidden_board if p in SARCOPHAGUS)
        + len(under_slots)
        + sum(buried_counts)
        + view["discarded_unseen"]
    )
    fives = [t for t in pool if t % 6 == FIVE]
    nulls = [t for t in pool if t % 6 == NULL]
    rest = [t for t in pool if t % 6 not in (FIVE, NULL)]
    rng.shuffle(nulls)
    need = special_slots - len(fives)
    if 0 <= need <= len(nulls):  # the set-up's shape: 5s and two nulls around the sarcophagus
        special = fives + nulls[:need]
        normal = rest + nulls[need:]
    else:  # a custom layout: anything anywhere
        special, normal = [], pool[:]
    rng.shuffle(special)
    rng.shuffle(normal)
    if not special:
        special, normal = normal[:special_slots], normal[special_slots:]
    board = [
        None if not c["present"] else (_tile(c["face_up"]) if c["face_up"] else -1) for c in cells
    ]
    for p in hidden_board:
        board[p] = special.pop() if p in SARCOPHAGUS else normal.pop()
    under: list[int | None] = [None] * len(SARCOPHAGUS)
    for k in under_slots:
        under[k] = special.pop()
    if opened:
        buried = [tuple(_tile(t) for t in s["sarcophagus"]) for s in view["seats"]]
    else:
        buried = [tuple(special.pop() for _ in range(buried_counts[s])) for s in range(n)]
    unseen = [special.pop() for _ in range(view["discarded_unseen"])]
    return board, under, buried, unseen


def deal_coins(
    view: dict[str, Any], reveals: Reveals, rng: random.Random
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Coins on each position (placement order), in each hand (sorted), locked per seat."""
    n, me = view["players"], view["seat"]
    cells = view["pyramid"]
    values: dict[Coin, int] = {}
    hands: list[tuple[int, ...]] = [()] * n
    locked: list[tuple[int, ...]] = [()] * n
    for seat in range(n):
        summary = view["seats"][seat]
        if seat == me:
            for p, cell in enumerate(cells):
                for k, c in enumerate(cell["coins"]):
                    if c["seat"] == me:
                        values[(p, k)] = SUITS.index(c["suit"]) * 6 + c["value"]
            hands[seat] = tuple(
                sorted(SUITS.index(c["suit"]) * 6 + c["value"] for c in view["hand"])
            )
            locked[seat] = tuple(SUITS.index(c["suit"]) * 6 + c["value"] for c in view["locked"])
            continue
        slots = [
            ((p, k), SUITS.index(c["suit"]))
            for p, cell in enumerate(cells)
            for k, c in enumerate(cell["coins"])
            if c["seat"] == seat
        ]
        drawn, rest = _draw_coins(seat, n, slots, summary["coins_locked"], reveals, rng)
        values.update(drawn)
        locked_part, hand_part = rest[: summary["coins_locked"]], rest[summary["coins_locked"] :]
        hands[seat] = tuple(sorted(hand_part))
        locked[seat] = tuple(locked_part)
    coins = [
        tuple(values[(p, k)] for k in range(len(cell["coins"]))) for p, cell in enumerate(cells)
    ]
    return coins, hands, locked


def _draw_coins(
    seat: int,
    players: int,
    slots: list[tuple[Coin, int]],
    locked_count: int,
    reveals: Reveals,
    rng: random.Random,
) -> tuple[dict[Coin, int], list[int]]:
    """Values for one seat's board coins, and its other coins (locked ones first)."""
    own = [s * 6 + v for s in owned_suits(players, seat) for v in range(6)]
    must_lock = reveals.locked.get(seat, [])[:locked_count]
    for attempt in range(COIN_TRIES + 1):
        strict = attempt < COIN_TRIES
        left = own[:]
        rng.shuffle(left)
        locked = []
        if strict:
            for value in must_lock:
                coin = next((c for c in left if c % 6 == value), None)
                if coin is not None:
                    left.remove(coin)
                    locked.append(coin)
        # The most restricted coins choose first.
        order = sorted(slots, key=lambda s: -len(reveals.forbidden.get(s[0], ())))
        drawn: dict[Coin, int] = {}
        for where, suit in order:
            bad = reveals.forbidden.get(where, set()) if strict else set()
            coin = next((c for c in left if c // 6 == suit and c % 6 not in bad), None)
            if coin is None:
                break
            left.remove(coin)
            drawn[where] = coin
        else:
            return drawn, locked + left
    raise AssertionError("unreachable: the last attempt ignores every reveal")


def sample_state(view: dict[str, Any], rng: random.Random) -> SarcophagusState:
    """A full state agreeing with ``view`` in everything public; hidden tiles and coins drawn."""
    n = view["players"]
    board, under, buried, unseen = deal_tiles(view, rng)
    coins, hands, locked = deal_coins(view, read_reveals(view), rng)
    phase = view["phase"]
    pending = view["to_act"][0] if view["awaiting"] == "discard" else None
    placed = view["coins_placed_this_turn"]
    end_discards = [tuple(_tile(t) for t in s.get("end_discards", ())) for s in view["seats"]]
    end_done = [0] * n
    if phase == END:
        for seat in range(n):
            traps = sum(1 for t in buried[seat] if is_trap(t))
            if pending is None or seat < pending:
                end_done[seat] = traps
            elif seat == pending:
                end_done[seat] = len(end_discards[seat])
    return SarcophagusState(
        players=n,
        seed=rng.getrandbits(32),
        first=0,
        board=board,
        face_up=[bool(c["face_up"]) or not c["present"] for c in view["pyramid"]],
        coins=coins,
        under=under,
        hands=hands,
        locked=locked,
        held=[tuple(_tile(t) for t in s["claimed"]) for s in view["seats"]],
        buried=buried,
        discarded=[_tile(t) for t in view["discarded"]],
        unseen=unseen,
        turn=view["turn"],
        placed=placed,
        turn_coins=2 if placed else 0,
        passes=_passes(view["events"]),
        pending=pending,
        phase=phase,
        end_done=end_done,
        end_discards=end_discards,
        results=[s["result"] for s in view["seats"]] if phase == OVER else [],
        events=[],
        events_total=view["events_total"],
    )


def _passes(events: list[dict[str, Any]]) -> int:
    """Passes in a row since the last coin or the last everyone-out assessment (P7)."""
    count = 0
    for event in reversed(events):
        if event["kind"] in ("coin", "all_out"):
            break
        if event["kind"] == "pass":
            count += 1
    return count


class Determiniser:
    """Samples Sarcophagus states for one seat; everything it uses is in the current view."""

    def observe(self, view: dict[str, Any]) -> None:
        """Nothing to remember between moves: the view's events carry the reveal facts."""

    def sample(self, view: dict[str, Any], rng: random.Random) -> SarcophagusState:
        return sample_state(view, rng)


# -- the search bot's plug-in (games.bots.search.GameSearch) ----------------------------------
CANDIDATES = 4  # the heuristic's best moves that the search compares
RIVAL_WEIGHT = 0.5  # how much a rival's fame counts against the bot's own


def information(engine: Any, state: Any, seat: int, memory: dict[str, Any]) -> dict[str, Any]:
    """The view is all a seat knows: the reveal facts are in its events."""
    return engine.view(state, seat)


def determinise(
    engine: Any, view: dict[str, Any], seat: int, rng: random.Random
) -> SarcophagusState:
    return sample_state(view, rng)


def shortcut(engine: Any, view: dict[str, Any], seat: int, rng: random.Random) -> Move | None:
    """Forced moves, passes and trap discards (the cheapest tile) need no search."""
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    if "discard" in moves[0]:
        return heuristic_discard(view, seat, moves)
    return None


def candidates(view: dict[str, Any], seat: int, rng: random.Random) -> list[Move]:
    """The heuristic's ``CANDIDATES`` best coin moves, best first."""
    moves = view["moves"]
    scored = sorted(
        ((heuristic_score(view, seat, m), i) for i, m in enumerate(moves)), reverse=True
    )
    return [moves[i] for _, i in scored[:CANDIDATES]]


def decide(
    engine: Any,
    view: dict[str, Any],
    sample: Callable[[random.Random], SarcophagusState],
    seat: int,
    rng: random.Random,
    iterations: int | None,
    budget: float | None,
) -> Move:
    """Determinised Monte Carlo over common worlds among the heuristic's best moves.

    Each world (hidden tiles and coin values drawn by ``sample``, plus a playout seed) is
    played out fast (``sarcophagus_playout.finish``) once per candidate, so candidates are
    compared on the same worlds; a move's value is its fame at the end less
    ``RIVAL_WEIGHT`` times the best rival's. ``iterations`` counts playouts in all.
    """
    shortcut_move = shortcut(engine, view, seat, rng)
    if shortcut_move is not None:
        return shortcut_move
    moves = candidates(view, seat, rng)
    if len(moves) == 1:
        return moves[0]
    cap = None if iterations is None else max(1, iterations // len(moves))
    deadline = None if budget is None else time.perf_counter() + budget
    value = [0.0] * len(moves)
    worlds = 0
    while True:
        world = sample(rng)
        seed = rng.getrandbits(32)
        for i, move in enumerate(moves):
            fames = finish(engine.apply(world, seat, move), random.Random(seed))
            rival = max(f for s, f in enumerate(fames) if s != seat)
            value[i] += fames[seat] - RIVAL_WEIGHT * rival
        worlds += 1
        if cap is not None and worlds >= cap:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    best = max(range(len(moves)), key=lambda i: (value[i], -i))
    return moves[best]


SEARCH = GameSearch(
    information=information,
    determinise=determinise,
    shortcut=shortcut,
    decide=decide,
)
