"""The move form tag (``games.templatetags.moves``): one form per group of moves, posting at
the version on show; its buttons carry the moves."""

import json

from django.template import Context, Template

URL = "/play/abc/move/"


def render(source: str, **context) -> str:
    context = {"urls": {"move": URL}, "version": 7, **context}
    return Template("{% load moves %}" + source).render(Context(context))


def test_a_move_form_posts_at_the_version_on_show_around_its_buttons():
    button = '<button name="move" value="{{ m }}">go</button>'
    html = render('{% move_form "sk-moves" %}' + button + "{% endmove_form %}", m='{"a": 1}')
    assert html.startswith(f'<form class="sk-moves" method="post" action="{URL}" hx-post="{URL}"')
    assert '<input type="hidden" name="version" value="7">' in html
    assert html.count('name="move"') == 1  # the button's; the form has no move of its own
    assert html.endswith('<button name="move" value="{&quot;a&quot;: 1}">go</button></form>')


def test_a_viewer_without_a_move_gets_the_block_without_a_form():
    html = render('{% move_form "x" when=False %}<p>coffin</p>{% endmove_form %}')
    assert html == "<p>coffin</p>"


def test_nothing_in_a_move_breaks_out_of_its_button():
    move = json.dumps({"card": '"><script>'})
    button = '<button name="move" value="{{ m }}">'
    html = render('{% move_form "x" %}' + button + "{% endmove_form %}", m=move)
    assert "<script>" not in html and '"><' not in html.split('name="move"')[1].split(">")[0]
