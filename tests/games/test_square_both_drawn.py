"""The explained square of a Sarg round has two templates: the score sheet's Django one
(templates/scoring/_square_explained.html) and the live board's Jinja2 macro
(games/jinja2/games/sarg/_square.html). They must draw the same markup, vampires and tied
lines included, in English and German."""

from __future__ import annotations

import random

import pytest
from django.template import engines
from django.template.loader import render_to_string
from django.utils import translation

from games.engines.sarg import ENGINE
from scoring.views.sheet_context import explained_square

MACRO = '{% from "games/sarg/_square.html" import explained %}{{ explained(square) }}'


def squares(games: int = 12) -> list[dict]:
    """Every round's explained square of a few random games."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, seed=seed)
        seen = None
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
            last = ENGINE.view(state, None)["last_round"]
            if last is not None and last != seen:
                found.append(explained_square(last))
                seen = last
    return found


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_sheet_and_the_board_draw_the_same_square(language):
    drawn = squares()
    assert any(line["line"].get("vampire") for square in drawn for line in square["rows"])
    assert any(square["level"] > 1 for square in drawn)
    with translation.override(language):
        for square in drawn:
            django = render_to_string("scoring/_square_explained.html", {"square": square})
            jinja = engines["jinja2"].from_string(MACRO).render({"square": square})
            assert jinja == django
