"""The move path's JSON text (sarco/json_text) means what the standard library's means, and
each engine's states go through it unchanged."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines import GAME_NAMES, get_engine
from sarco import json_text

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text() | st.integers(-1000, 1000), inner, max_size=5)
    ),
    max_leaves=30,
)


@given(values)
def test_what_it_writes_reads_back_as_the_standard_librarys_text(value):
    standard = json.loads(json.dumps(value))

    assert json.loads(json_text.dumps(value)) == standard
    assert json_text.loads(json.dumps(value)) == standard


def test_keys_that_are_not_strings_are_written_as_strings():
    assert json_text.loads(json_text.dumps({1: [2], "a": None})) == {"1": [2], "a": None}


def test_text_that_is_not_json_is_a_value_error():
    with pytest.raises(ValueError):
        json_text.loads('{"version": ')


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_state_of_a_random_game_goes_through_unchanged(game):
    engine = get_engine(game)
    rng = random.Random(game)
    state = engine.new_game(engine.max_players, rng.getrandbits(53))
    while not engine.is_over(state):
        text = json_text.dumps(engine.to_json(state))
        assert engine.to_json(engine.from_json(json_text.loads(text))) == engine.to_json(state)
        assert json_text.loads(text) == json.loads(json.dumps(engine.to_json(state)))
        position = engine.to_act(state)[0]
        state = engine.apply(state, position, rng.choice(engine.legal_moves(state, position)))
