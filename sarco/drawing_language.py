"""The language a live fragment is drawn in, read cheaply while it is drawn.

Django keeps the active language in an asgiref ``Local``, and every ``gettext`` and
``get_language`` reads it: about 5 µs each, most of it the ``Local``. A board names dozens of
pieces and words per viewer and version, so on the move path those reads were about a sixth
of drawing a Sarcophagus seat's frame. A drawing does not change language halfway, so the
code that draws says so once (``drawing``), and within it the lookups here read a
``ContextVar`` (a tenth of a µs) and keep each message's words per language. Outside a
drawing they ask Django, as ``django.utils.translation`` does.

Within ``drawing`` do not switch the language (``translation.override``): these lookups
would go on giving the drawing's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, TypeVar

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation

_drawing: ContextVar[str | None] = ContextVar("sarco_drawing_language", default=None)
Cached = TypeVar("Cached")
MESSAGES = 4096  # per process and kind: the templates' messages in each language, and counts


@contextmanager
def drawing() -> Iterator[str | None]:
    """Within the block, ``language()`` is the language active where it began."""
    token = _drawing.set(translation.get_language())
    try:
        yield _drawing.get()
    finally:
        _drawing.reset(token)


def language() -> str | None:
    """The active language: the drawing's, else Django's."""
    return _drawing.get() or translation.get_language()


def gettext(message: str) -> str:
    return _gettext(language(), message)


def pgettext(context: str, message: str) -> str:
    return _pgettext(language(), context, message)


def ngettext(singular: str, plural: str, number: int) -> str:
    try:
        return _ngettext(language(), singular, plural, number)
    except TypeError:  # a number that cannot be a key: looked up as it is
        return translation.ngettext(singular, plural, number)


@lru_cache(maxsize=MESSAGES)
def _gettext(language: str | None, message: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


@lru_cache(maxsize=MESSAGES)
def _pgettext(language: str | None, context: str, message: str) -> str:
    with translation.override(language):
        return translation.pgettext(context, message)


@lru_cache(maxsize=MESSAGES)
def _ngettext(language: str | None, singular: str, plural: str, number: int) -> str:
    with translation.override(language):
        return translation.ngettext(singular, plural, number)


_kept_elsewhere: list[Any] = []  # other caches of words per language (``keeps_words``)


def keeps_words(cache: Cached) -> Cached:
    """``cache``, an ``lru_cache`` of words in a language (a board's fixed labels, a piece's
    name), forgotten with this module's own when the language settings change."""
    _kept_elsewhere.append(cache)
    return cache


@receiver(setting_changed)
def _forget_words(*, setting: str, **_kwargs) -> None:
    """A test's new languages or catalogues: the kept words go, as Django's own do."""
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:
        for kept in (_gettext, _pgettext, _ngettext, *_kept_elsewhere):
            kept.cache_clear()
