"""The piece tags (``games.templatetags.pieces``) that replaced the card, tile and coin
includes: the same markup, escaped, and nothing of a face-down piece."""

from django.template import Context, Template
from django.utils import translation

from games.boards.sarcophagus.events import where
from games.boards.sarkophag import card as sarkophag_face
from games.engines.sarkophag import HEADS
from scoring.faces import TILE_SUIT_SYMBOL as SYMBOL
from scoring.faces import card_face, coin_face, tile_face


def render(source: str, **context) -> str:
    return Template("{% load pieces %}" + source).render(Context(context))


def test_a_card_shows_rank_suit_colour_and_its_spoken_name():
    html = render("{% card face %}", face=card_face("QH"))
    assert 'class="card card-red" data-card="QH"' in html
    assert '<span class="visually-hidden">queen of hearts</span>' in html


def test_a_card_speaks_the_page_language():
    with translation.override("de"):
        html = render("{% card face %}", face=card_face("QH"))
    assert '<span class="card-rank" aria-hidden="true">D</span>' in html


def test_a_piece_drawn_again_is_the_same_markup_and_a_changed_face_its_own():
    first = render("{% card face %}", face=card_face("QH"))
    assert render("{% card face %}", face=card_face("QH")) == first
    with translation.override("de"):
        assert render("{% card face %}", face=card_face("QH")) != first
    renamed = {**card_face("QH"), "name": "the queen"}
    assert "the queen" in render("{% card face %}", face=renamed)


def test_a_face_holding_a_list_is_drawn_all_the_same():
    face = {**coin_face("sun", None), "extra": ["unhashable"]}
    assert 'class="sc-coin' in render("{% coin face %}", face=face)


def test_text_in_a_face_is_escaped():
    face = {**card_face("2S"), "name": "<script>"}
    assert "<script>" not in render("{% card face %}", face=face)


def test_a_card_back_shows_nothing_of_the_card():
    assert render("{% card_back %}") == '<span class="card card-back" aria-hidden="true"></span>\n'


def test_a_sarkophag_card_has_a_pip_per_head_or_a_dot():
    most = max(range(1, len(HEADS)), key=HEADS.__getitem__)
    none = next(n for n in range(1, len(HEADS)) if HEADS[n] == 0)
    assert render("{% sarkophag_card f %}", f=sarkophag_face(most)).count("<i></i>") == HEADS[most]
    assert "<b>·</b>" in render("{% sarkophag_card f %}", f=sarkophag_face(none))


def test_a_face_down_tile_says_so_and_nothing_more():
    html = render("{% tile None %}")
    assert html == (
        '<span class="sc-tile sc-back"><span class="visually-hidden">face down</span></span>\n'
    )


def test_a_coin_shows_its_value_only_when_the_view_gives_it():
    suit = next(iter(SYMBOL))
    hidden = render("{% coin c %}", c=coin_face(suit, None))
    assert "data-coin" not in hidden and SYMBOL[suit] in hidden
    assert 'data-coin="' in render("{% coin c %}", c=coin_face(suit, 3))


def test_a_tile_and_its_place_are_named_in_the_language_of_each_page():
    """The names are looked up once per language: a German page after an English one still
    reads German, and back."""
    for _ in range(2):
        with translation.override("en"):
            assert tile_face("null-sun")["name"] == "trap (null) of suns"
            assert where([2, 0]) == "row 2, tile 1"
        with translation.override("de"):
            assert tile_face("null-sun")["name"] == "Falle (Null) der Sonnen"
            assert where([2, 0]) == "Reihe 2, Plättchen 1"


def test_each_tile_face_is_a_dict_of_its_own():
    """A board marks some faces (``from_sarcophagus``); that must not stick to the next."""
    marked = tile_face("5-moon")
    marked["from_sarcophagus"] = True
    assert "from_sarcophagus" not in tile_face("5-moon")
