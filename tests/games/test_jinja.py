"""Jinja2 draws what Django's templates draw (games.jinja): escaping, translations, lookups."""

from __future__ import annotations

import uuid

import pytest
from django.template import engines
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext_lazy

from games.boards.common import Lazy
from games.templatetags.pieces import card
from scoring.faces import card_face

NAME = 'O\'Brien & "Co" <b>'


def jinja(source: str, **context) -> str:
    return engines["jinja2"].from_string(source).render(context)


def django(source: str, **context) -> str:
    return engines["django"].from_string("{% load i18n %}" + source).render(context)


def test_a_value_is_escaped_as_django_escapes_it():
    assert jinja("{{ name }}", name=NAME) == escape(NAME) == django("{{ name }}", name=NAME)


@pytest.mark.parametrize(
    "value",
    [NAME, "", 0, -17, 10**20, True, None, ["<a>", 1], gettext_lazy("Your turn")],
    ids=["text", "empty", "zero", "negative", "big", "bool", "none", "list", "lazy-text"],
)
def test_every_kind_of_value_is_written_as_django_writes_it(value):
    assert jinja("{{ value }}", value=value) == django("{{ value }}", value=value)


def test_markup_is_kept_as_it_is():
    face = card_face("QH")
    assert jinja("{{ card(face) }}", face=face) == card(face)


class _Html:
    """Markup that is not a string: an object that says its HTML (as Django's form fields)."""

    def __html__(self) -> str:
        return "<i>it's</i>"


def test_markup_that_is_not_a_string_is_written_as_its_html():
    assert jinja("{{ part }}|{{ [part]|first }}", part=_Html()) == "<i>it's</i>|<i>it's</i>"


def test_an_autoescape_block_writes_values_escaped_as_elsewhere():
    source = "{% autoescape false %}{{ name }}{% endautoescape %}{{ name }}"
    assert jinja(source, name=NAME) == escape(NAME) * 2


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_trans_block_is_a_blocktranslate(language):
    words = "<strong>{{ name }}</strong> is Queen: scores the rows (→)"
    with translation.override(language):
        drawn = jinja(f"{{% trans name=name %}}{words}{{% endtrans %}}", name=NAME)
        expected = django(f"{{% blocktranslate %}}{words}{{% endblocktranslate %}}", name=NAME)
    assert drawn == expected
    assert "<strong>O&#x27;Brien &amp; &quot;Co&quot; &lt;b&gt;</strong>" in drawn


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("cards", [1, 5])
def test_a_plural_is_a_blocktranslate_count(language, cards):
    jinja_source = (
        "{% trans cards=n %}{{ cards }} card left in the deck{% pluralize cards %}"
        "{{ cards }} cards left in the deck{% endtrans %}"
    )
    django_source = (
        "{% blocktranslate count cards=n %}{{ cards }} card left in the deck{% plural %}"
        "{{ cards }} cards left in the deck{% endblocktranslate %}"
    )
    with translation.override(language):
        assert jinja(jinja_source, n=cards) == django(django_source, n=cards)


@pytest.mark.parametrize("language", ["en", "de"])
def test_underscore_is_a_translate(language):
    with translation.override(language):
        assert jinja("{{ _('What happened') }}") == django("{% translate 'What happened' %}")
        # Django keeps a template literal's translation as it is: an apostrophe stays one
        words = "Fame: the number tiles' values & more"
        assert jinja(f'{{{{ _("{words}") }}}}') == django(f'{{% translate "{words}" %}}')
        assert jinja(f'{{{{ _("{words}") }}}}') == translation.gettext(words)


def test_pgettext_is_a_translate_with_a_context():
    with translation.override("de"):
        drawn = jinja("{{ pgettext('the joker in Sarg', 'vampire') }}")
        assert drawn == django('{% translate "vampire" context "the joker in Sarg" %}')
    assert drawn != "vampire"


def test_a_missing_name_or_key_draws_nothing_and_is_false():
    assert jinja("[{{ nothing }}][{{ nothing.at.all }}][{{ board.none.fresh }}]", board={}) == (
        "[][][]"
    )
    assert jinja("{% if board.round_end.fresh %}x{% endif %}", board={"round_end": None}) == ""


def test_a_key_comes_before_an_attribute():
    assert jinja("{{ board.items }}", board={"items": 2}) == "2"


def test_a_lazy_value_is_worked_out_when_looked_up():
    calls = []
    board = {"rounds": Lazy(lambda: calls.append(1) or [1, 2]), "other": Lazy(calls.append, 2)}
    assert jinja("{{ board.rounds|length }} {{ board['rounds'][1] }}", board=board) == "2 2"
    assert calls == [1]  # once, and never for what the template does not ask


def test_the_last_newline_is_kept():
    assert (
        engines["jinja2"]
        .get_template("games/sarg/_head.html")
        .render({"board": {"view": {"round": 1, "stack": 3}}})
        .endswith("</p>\n")
    )


def test_a_template_s_globals_are_one_dict_of_every_global():
    env = engines["jinja2"].env
    template = env.get_template("games/sarg/_head.html")
    assert type(template.globals) is dict  # each drawing copies them: not a ChainMap
    assert template.globals == env.globals
    assert template.globals is not env.globals
    assert env.from_string("{{ x }}", globals={"x": "own"}).render() == "own"


@pytest.mark.parametrize("token", ["abc'<x>", "NOTPROVIDED", "", None])
def test_csrf_field_is_the_csrf_token_tag(token):
    source = "<form>{% csrf_token %}</form>"
    expected = django(source, csrf_token=token) if token is not None else django(source)
    context = {"csrf_token": token} if token is not None else {}
    assert jinja("<form>{{ csrf_field() }}</form>", **context) == expected


def test_url_and_intcomma_are_django_s():
    sheet = uuid.UUID(int=7)
    drawn = jinja('{{ url("play:lobby") }} {{ url("sheet", s) }} {{ n|intcomma }}', n=1234, s=sheet)
    expected = django(
        "{% load humanize %}{% url 'play:lobby' %} {% url 'sheet' s %} {{ n|intcomma }}",
        n=1234,
        s=sheet,
    )
    assert drawn == expected


def test_a_board_jinja2_has_no_template_for_is_drawn_by_django_s():
    """The table's frame draws each board with its own engine (``board_part``)."""
    drawn = jinja("{{ board_part() }}", board={"template": "games/_board_generic.html"})
    assert drawn == engines["django"].get_template("games/_board_generic.html").render({})
    sarg = jinja("{{ board_part() }}", board={"template": "games/sarg/_board.html"})
    assert sarg.startswith('<div class="sarg">')
