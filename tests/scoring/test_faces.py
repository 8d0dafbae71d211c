"""One face per piece: the board, the scorekeeper's sheet and a round's explanation draw
every card, tile and coin with ``scoring.faces`` and agree."""

import pytest
from django.utils import translation

import games.boards
import games.boards.sacrifice
import games.boards.sarcophagus
import games.boards.sarg
from scoring import faces, sheets
from scoring.entry import sarcophagus as sarcophagus_entry
from scoring.entry import sarg as sarg_entry
from scoring.views import sheet_context
from scoring.views.sheet_context import live_context

from .sheet_helpers import SQUARE, sarg_sheet, user


def test_the_boards_and_the_sheet_draw_with_the_same_functions():
    for module in (games.boards, games.boards.sarg, games.boards.sacrifice):
        assert module.card_face is faces.card_face
    assert games.boards.sarcophagus.tile_face is faces.tile_face
    assert games.boards.sarcophagus.coin_face is faces.coin_face
    assert games.boards.sarcophagus.SYMBOL is faces.TILE_SUIT_SYMBOL
    assert sheet_context.card_label is faces.card_label
    assert sarg_entry.card_label is faces.card_label
    assert sarcophagus_entry.tile_label is faces.tile_label


def test_arms_is_the_fleur_de_lis_on_the_board_and_the_sheet():
    assert faces.tile_face("5-arms")["symbol"] == "⚜"
    assert faces.coin_face("arms", 3)["symbol"] == "⚜"
    assert faces.tile_label("5-arms") == "5⚜"
    with translation.override("en"):
        assert sarcophagus_entry._named_suits()["arms"] == "⚜"


def test_a_trap_reads_the_same_as_a_tile_and_as_a_label():
    face = faces.tile_face("null-moon")
    assert faces.tile_label("null-moon") == face["text"] + face["symbol"] == "✕☾"


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_joker_is_jk_star_everywhere(language):
    with translation.override(language):
        assert faces.card_face("JK")["text"] == faces.card_label("JK")["text"] == "JK★"
    assert faces.JOKER_TEXT == "JK★"


@pytest.mark.django_db
def test_a_german_sarg_round_explanation_reads_the_cards_as_the_board_does():
    owner = user()
    session = sarg_sheet(owner)
    sheets.apply_edit(session.public_id, owner, "add", entry={"grid": SQUARE})
    with translation.override("de"):
        square = live_context(session, True)["table"][0]["square"]
        texts = [card["text"] for row in square["rows"] for card in row["cards"]]
        board = [faces.card_face(card)["text"] for row in SQUARE for card in row]
    assert texts == board
    assert texts[0] == "D♥"  # QH in a German pack
