"""Sarg cards and notation: the 54-card deck and how a card is written."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.sarg import DECK, parse_card

# -- cards and notation ------------------------------------------------------------------


def test_deck_has_52_distinct_cards_and_two_jokers():
    counts = Counter(DECK)
    assert len(DECK) == 54
    assert counts["JK"] == 2
    assert len(counts) == 53
    assert {"AS", "10H", "QD", "KC", "JC"} <= set(DECK)


@pytest.mark.parametrize(("text", "card"), [(" qh ", "QH"), ("10s", "10S"), ("jk", "JK")])
def test_parse_card_normalises(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["1H", "11S", "QX", "", "10", "JKK", 5, None])
def test_parse_card_refuses_non_cards(text):
    with pytest.raises(ValueError, match="card"):
        parse_card(text)
