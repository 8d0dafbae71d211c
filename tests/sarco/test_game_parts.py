"""A shared template finds a game's own part by the game's slug, the shared one otherwise."""

from __future__ import annotations

from django.template import Context, Template

from sarco.templatetags.game_parts import game_part

SWAP = Template('{% load game_parts %}{% include slug|game_part:"scoring/_swap_label.html" %}')


def test_the_games_own_part_comes_before_the_shared_one():
    assert game_part("sarg", "scoring/_swap_label.html") == (
        "scoring/sarg/_swap_label.html",
        "scoring/_swap_label.html",
    )


def test_a_game_with_its_own_part_shows_it():
    assert SWAP.render(Context({"slug": "sarg"})) == "Swap Queen and King"


def test_a_game_without_its_own_part_gets_the_shared_one():
    assert SWAP.render(Context({"slug": "sacrifice"})) == "Swap the seats"
