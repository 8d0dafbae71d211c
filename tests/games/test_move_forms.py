"""The move form tag (``games.templatetags.moves``): one legal move posted at the version on
show, its JSON escaped, the block as its button."""

import json

from django.template import Context, Template

URL = "/play/abc/move/"


def render(source: str, **context) -> str:
    context = {"urls": {"move": URL}, "version": 7, **context}
    return Template("{% load moves %}" + source).render(Context(context))


def test_a_move_form_posts_its_move_at_the_version_on_show():
    html = render('{% move_form m "sk-move" %}<button>go</button>{% endmove_form %}', m='{"a": 1}')
    assert html.startswith(f'<form class="sk-move" method="post" action="{URL}" hx-post="{URL}"')
    assert '<input type="hidden" name="version" value="7">' in html
    assert '<input type="hidden" name="move" value="{&quot;a&quot;: 1}">' in html
    assert html.endswith("<button>go</button></form>")


def test_a_move_form_names_the_piece_it_plays_when_told():
    source = '{% move_form "{}" "cell-move" pick=p %}{% endmove_form %}'
    assert ' data-pick="2" ' in render(source, p=2)
    assert "data-pick" not in render('{% move_form "{}" "cell-move" %}{% endmove_form %}')


def test_nothing_in_a_move_breaks_out_of_its_attribute():
    move = json.dumps({"card": '"><script>'})
    html = render('{% move_form m "x" %}{% endmove_form %}', m=move)
    assert "<script>" not in html and '"><' not in html.split('name="move"')[1].split(">")[0]
