"""Jinja2 for the live fragments where it pays: settings.TEMPLATES' second engine
(Django's own Jinja2 backend, templates in ``<app>/jinja2/``), with this environment.

A part drawn here must come out byte for byte as Django's templates drew it (names, focus,
live announcements, German and the no-leak scans hold as they were), so the environment
keeps Django's rules where Jinja2's own differ:

- **Escaping** as Django escapes (``&quot;`` and ``&#x27;``; markupsafe writes ``&#34;`` and
  ``&#39;``): every ``{{ value }}`` goes through ``escaped`` before Jinja2's own escape,
  which leaves markup alone. Markup (a piece's ``SafeString``, a drawn part) is kept.
- **Translations** through Django's gettext (by way of ``sarco.drawing_language``, which
  reads the language once per drawing), with its tags' meaning (not
  ``install_gettext_translations``, whose variables markupsafe escapes with its own
  entities): a ``{% trans %}`` block is a ``{% blocktranslate %}`` (the message is markup,
  its variables are escaped; plurals with ``{% pluralize %}``), ``_("…")`` and
  ``pgettext("context", "…")`` are ``{% translate "…" %}`` (the translation as it is:
  Django keeps a literal's translation unescaped). ``makemessages`` extracts them
  (``games/management/commands/makemessages.py``).
- **Lookups**: ``a.b`` tries the key before the attribute, as Django's templates do (a
  board's ``items`` stays a key), and a board value worked out only when asked for
  (``games.boards.common.Lazy``) is worked out here, as Django's templates call it.
- **A missing name** (or a key of one) draws nothing and is false, with DEBUG on too, and
  a template's last newline is kept, as in Django's templates.
- **Numbers** are written as they are: whole numbers, which Django writes alike (no
  thousands separator is set).

The pieces (cards, tiles, coins) are ``games.templatetags.pieces``' functions themselves,
called as ``{{ card(face) }}``; a group of moves is ``{% call move_form(…) %}``, the same form
as the ``move_form`` tag's. The table's frame has Django's tags as functions too:
``{{ csrf_field() }}``, ``url("name", arg)``, ``|intcomma``, and ``{{ board_part() }}`` for
``{% include board.template %}`` (a board still in Django's templates is drawn by them).
"""

from __future__ import annotations

import html
from typing import Any

import jinja2
from django.contrib.humanize.templatetags.humanize import intcomma
from django.template import Context, engines
from django.urls import reverse
from jinja2.compiler import CodeGenerator, Frame
from markupsafe import Markup

from sarco import drawing_language

from .boards.common import Lazy
from .templatetags import moves, pieces


class _Escaped(str):
    """Text escaped by Django's rules, which markupsafe's ``escape`` takes as markup. A plain
    ``str`` subclass: made without ``Markup``'s constructor in Python, which ran twice for
    every value a template wrote (here, then in Jinja2's own escape)."""

    __slots__ = ()

    def __html__(self) -> str:
        return self


def escaped(value: Any) -> str:
    """``value`` as Django's templates write it out: markup as it is, anything else as text
    escaped by Django's rules (``django.utils.html.escape``). Always a ``str``, ready to be
    written (``_OutputCode``)."""
    kind = value.__class__
    if kind is str:
        return _Escaped(html.escape(value))
    if kind is int:
        return _Escaped(value)
    if hasattr(value, "__html__"):
        return value if isinstance(value, str) else _Escaped(value.__html__())
    return _Escaped(html.escape(str(value)))


def translate(message: str) -> Markup:
    """``{% translate "message" %}``: the translation as it is. Django marks a template's
    string literal safe and its translation with it, so an apostrophe or ``&`` in the words
    is written out, not escaped; the message comes from the template, never from a user."""
    return Markup(drawing_language.gettext(message))


def translate_in_context(context: str, message: str) -> Markup:
    """``{% translate "message" context "context" %}``, as ``translate``."""
    return Markup(drawing_language.pgettext(context, message))


def blocktranslate(message: str, **variables: Any) -> Markup:
    """``{% blocktranslate %}`` (a ``{% trans %}`` block): the translation is markup, the
    variables put into it are escaped."""
    return Markup(drawing_language.gettext(message) % _escaped_all(variables))


def blocktranslate_plural(singular: str, plural: str, count: int, **variables: Any) -> Markup:
    """``{% blocktranslate count … %}`` (``{% trans %}…{% pluralize %}…``)."""
    variables.setdefault("num", count)  # as Jinja2's own ngettext
    return Markup(drawing_language.ngettext(singular, plural, count) % _escaped_all(variables))


def _escaped_all(variables: dict[str, Any]) -> dict[str, Any]:
    return {name: escaped(value) for name, value in variables.items()}


class _OutputCode(CodeGenerator):
    """Templates that write each ``{{ value }}`` as ``environment.finalize(value)`` alone.
    The finalize (``escaped``) already gives Django's escaped text or markup as it is, both
    ``str``, so Jinja2's own ``escape`` around it changed nothing, and cost a Python call and
    a ``Markup`` made in Python for every value. Where autoescaping is decided while drawing
    (an ``{% autoescape %}`` block), Jinja2 writes what it writes."""

    def _writes_finalize_alone(self, frame: Frame, finalize: Any) -> bool:
        return (
            frame.eval_ctx.autoescape
            and not frame.eval_ctx.volatile
            and finalize.src == "environment.finalize("
        )

    def _output_child_pre(self, node: Any, frame: Frame, finalize: Any) -> None:
        if self._writes_finalize_alone(frame, finalize):
            self.write(finalize.src)
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node: Any, frame: Frame, finalize: Any) -> None:
        if self._writes_finalize_alone(frame, finalize):
            self.write(")")
        else:
            super()._output_child_post(node, frame, finalize)


class Environment(jinja2.Environment):
    """Lookups as Django's templates make them: the key first, ``Lazy`` values worked out."""

    code_generator_class = _OutputCode

    def getattr(self, obj: Any, attribute: str) -> Any:
        try:
            value = obj[attribute]
        except (TypeError, LookupError):
            value = super().getattr(obj, attribute)
        return value() if value.__class__ is Lazy else value

    def getitem(self, obj: Any, argument: Any) -> Any:
        value = super().getitem(obj, argument)
        return value() if value.__class__ is Lazy else value

    def make_globals(self, d: Any) -> dict[str, Any]:
        """A template's globals as one plain dict rather than Jinja2's ChainMap over the
        environment's: every drawing copies them into its context (``new_context``), and a
        ChainMap is copied key by key in Python. ``environment`` sets every global before
        the first template loads, so a template's own copy misses none."""
        return {**self.globals, **(d or {})}


@jinja2.pass_context
def csrf_field(context) -> Markup:
    """``{% csrf_token %}``: the token's hidden field where the context has one (a page
    drawn for a request), nothing for the shared fragments."""
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return Markup("")
    return Markup('<input type="hidden" name="csrfmiddlewaretoken" value="%s">') % escaped(token)


def url(name: str, *args: Any) -> str:
    """``{% url "name" arg %}``."""
    return reverse(name, args=args)


_DJANGO_ONLY: set[str] = set()  # boards Jinja2 has no template for: Django's draws them


@jinja2.pass_context
def board_part(context) -> Markup:
    """``{% include board.template %}`` in the table's frame: the board's Jinja2 template
    where it has one, else Django's, with the frame's context (unlocalized, as the frame
    drew it inside ``{% localize off %}``)."""
    name, names = context["board"]["template"], context.get_all()
    if name not in _DJANGO_ONLY:
        try:
            return Markup(context.environment.get_template(name).render(names))
        except jinja2.TemplateNotFound:
            _DJANGO_ONLY.add(name)
    drawn = engines["django"].get_template(name).template.render(Context(names, use_l10n=False))
    return Markup(drawn)


@jinja2.pass_context
def move_form(context, css_class: str, when: bool = True, caller=None) -> Any:
    """``{% call move_form("classes", when=…) %}…{% endcall %}``: the ``move_form`` tag's
    form (``games.templatetags.moves``) around the block, or the block bare without ``when``."""
    content = caller()
    if not when:
        return content
    return moves.form(content, css_class, context["urls"]["move"], context["version"], context)


def environment(**options: Any) -> Environment:
    """The environment Django's Jinja2 backend builds (``OPTIONS["environment"]``)."""
    options["undefined"] = jinja2.ChainableUndefined  # as Django: nothing, never an error
    options["keep_trailing_newline"] = True
    options["finalize"] = escaped
    env = Environment(**options)
    env.newstyle_gettext = True  # ``{% trans %}`` calls gettext/ngettext with its variables
    env.globals.update(
        gettext=blocktranslate,
        ngettext=blocktranslate_plural,
        _=translate,
        pgettext=translate_in_context,
        card=pieces.card,
        card_back=pieces.card_back,
        sarkophag_card=pieces.sarkophag_card,
        tile=pieces.tile,
        coin=pieces.coin,
        move_form=move_form,
        csrf_field=csrf_field,
        board_part=board_part,
        url=url,
    )
    env.filters["intcomma"] = intcomma
    return env
