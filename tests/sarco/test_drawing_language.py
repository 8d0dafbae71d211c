"""sarco.drawing_language: the same words as Django's lookups, in the drawing's language."""

import pytest
from django.utils import translation

from sarco import drawing_language

MESSAGE = "Your turn"
CONTEXTUAL = ("rank", "queen")
PLURAL = ("%(count)s card", "%(count)s cards")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("in_drawing", [False, True])
def test_the_words_are_djangos_in_each_language(language, in_drawing):
    with translation.override(language):
        expected = (
            translation.gettext(MESSAGE),
            translation.pgettext(*CONTEXTUAL),
            [translation.ngettext(*PLURAL, n) for n in (0, 1, 2, 5)],
        )
        if in_drawing:
            with drawing_language.drawing():
                got = _words()
        else:
            got = _words()
    assert got == expected


def _words():
    return (
        drawing_language.gettext(MESSAGE),
        drawing_language.pgettext(*CONTEXTUAL),
        [drawing_language.ngettext(*PLURAL, n) for n in (0, 1, 2, 5)],
    )


def test_german_is_german():
    with translation.override("de"), drawing_language.drawing() as language:
        assert language == "de"
        assert drawing_language.gettext(MESSAGE) != MESSAGE


def test_outside_a_drawing_the_language_follows_django():
    with translation.override("de"):
        assert drawing_language.language() == "de"
    with translation.override("en"):
        assert drawing_language.language() == "en"
        assert drawing_language.gettext(MESSAGE) == MESSAGE


def test_a_drawing_keeps_the_language_it_began_in_and_ends_with_its_block():
    with translation.override("de"):
        with drawing_language.drawing():
            german = drawing_language.gettext(MESSAGE)
            with translation.override("en"):  # not done while drawing; shown here as the rule
                assert drawing_language.language() == "de"
                assert drawing_language.gettext(MESSAGE) == german
        with translation.override("en"):
            assert drawing_language.language() == "en"


def test_drawings_nest_and_each_restores_the_one_around_it():
    with translation.override("de"), drawing_language.drawing():
        with translation.override("en"), drawing_language.drawing():
            assert drawing_language.language() == "en"
        assert drawing_language.language() == "de"


def test_a_count_that_cannot_be_a_key_is_looked_up_as_it_is():
    class Count(int):
        __hash__ = None  # type: ignore[assignment]

    with translation.override("en"):
        assert drawing_language.ngettext(*PLURAL, Count(2)) == "%(count)s cards"


def test_a_changed_language_setting_forgets_the_kept_words(settings):
    with translation.override("de"):
        drawing_language.gettext(MESSAGE)
    assert drawing_language._gettext.cache_info().currsize
    settings.LANGUAGE_CODE = "de"
    assert drawing_language._gettext.cache_info().currsize == 0


def test_words_kept_elsewhere_are_forgotten_with_these(settings):
    """The pieces' names, Sarg's coffin labels and the lobby's blank forms are words in a
    language too: a changed language setting forgets them as well."""
    from games.boards import sarg
    from games.views import lobby
    from scoring import faces

    assert {sarg._labels, lobby.blank_fields} <= set(drawing_language._kept_elsewhere)
    with translation.override("de"):
        faces.card_face("QH")
    assert any(kept.cache_info().currsize for kept in drawing_language._kept_elsewhere)
    settings.LANGUAGE_CODE = "de"
    assert not any(kept.cache_info().currsize for kept in drawing_language._kept_elsewhere)
