"""A game declared in a test only is played like the four: the registry is the one list.

Nim (take one to three stones; who takes the last wins) is registered here, nowhere in the
project's code, and plays through the tables service, a bot and the simulation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games import tables
from games.bots import get_bot
from games.engines import Text, get_engine
from games.engines.registry import GameSpec, registered, slugs
from games.models import Table
from games.simulation import play_game
from tests.games.helpers import play_out, user


@dataclass(frozen=True)
class Nim:
    heap: int
    turn: int
    last: int = -1


class NimEngine:
    name, min_players, max_players = "nim", 2, 2

    def new_game(self, players, seed, **options):
        return Nim(heap=random.Random(seed).randint(7, 15), turn=0)

    def to_act(self, s):
        return [] if s.heap == 0 else [s.turn]

    def legal_moves(self, s, seat):
        return [{"take": n} for n in range(1, min(3, s.heap) + 1)] if seat in self.to_act(s) else []

    def apply(self, s, seat, move):
        if move not in self.legal_moves(s, seat):
            raise ValueError(Text("Take one to three stones, on your turn."))
        return Nim(s.heap - move["take"], 1 - seat, seat)

    def is_over(self, s):
        return s.heap == 0

    def scores(self, s):
        return [int(seat == s.last) for seat in range(2)]

    def winners(self, s):
        return [s.last] if s.heap == 0 else []

    def view(self, s, seat):
        return {"heap": s.heap, "to_act": self.to_act(s), "events": []}

    def to_json(self, s):
        return {"heap": s.heap, "turn": s.turn, "last": s.last}

    def from_json(self, data):
        return Nim(**data)


NIM = GameSpec(
    slug="nim",
    title="Nim",
    engine=NimEngine(),
    pitch=Text("Take the last stone."),
    kind=Text("take-away"),
    unit=Text("points"),
)


@pytest.fixture
def nim():
    with registered(NIM) as spec:
        yield spec


def test_a_registered_game_is_known_by_its_name(nim):
    assert "nim" in slugs()
    assert get_engine("nim") is NIM.engine


def test_a_registered_game_is_forgotten_after_its_test():
    with registered(NIM):
        pass
    assert "nim" not in slugs()


def test_the_simulation_plays_it_with_bots(nim):
    bots = [get_bot("nim", "random"), get_bot("nim", "random")]
    playout = play_game(nim.engine, bots, seed=3)
    assert nim.engine.is_over(playout.state)
    assert sorted(playout.scores) == [0, 1]


@pytest.mark.django_db
def test_the_tables_service_plays_it_against_a_bot(nim):
    host = user()
    table = tables.open_table("nim", host, seats=2, bots={1: "random"})
    table = play_out(tables.start(table, host), seed=5)
    assert table.status == Table.Status.FINISHED
    assert table.engine.winners(table.state()) in ([0], [1])
    assert table.moves.count() >= 3
