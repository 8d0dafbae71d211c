"""Finished Sarkophag tables are recorded as the scorekeeper would: heads per player per round,
the head limit (or none: one round), totals and places equal to the engine's."""

import pytest

from games import tables
from games.engines.sarkophag import ENGINE

from .helpers import play_out, user
from .test_recording import check_recorded

pytestmark = pytest.mark.django_db


def bot_game(seats: int, options: dict | None, level: str, seed: int):
    host = user()
    table = tables.open_table(
        "sarkophag",
        host,
        seats=seats,
        options=options,
        bots=dict.fromkeys(range(1, seats), level),
    )
    return play_out(tables.start(table, host), seed=seed)


@pytest.mark.parametrize(
    ("seats", "options", "level", "seed"),
    [
        (4, None, "random", 1),
        (6, None, "heuristic", 2),
        (4, {"limit": 35}, "heuristic", 3),
        (6, {"limit": 1}, "random", 4),
    ],
)
def test_random_bot_games_are_recorded_round_by_round(seats, options, level, seed):
    table = bot_game(seats, options, level, seed)
    assert table.status == "finished"
    session, session_seats = check_recorded(table)
    state = table.state()
    assert session.options == (options or {})
    names = [seat.player.name for seat in session_seats]
    entries = [r.named_entry() for r in session.rounds.order_by("number")]
    assert entries == [{"heads": dict(zip(names, heads, strict=True))} for heads in state.rounds]
    if options is None:
        assert len(entries) == 1
    assert [s.score for s in session_seats] == ENGINE.scores(state)
