"""What no score sheet holds, refused before any rule is asked: deep nesting, huge numbers,
over-long text or keys, text the database cannot store (NUL, lone surrogates), other types.

A sheet comes from a phone, an import or ``manage.py score``; whatever its source, this check
runs first, so the calculators and the pages that show their messages only meet sane values.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from .errors import SheetError

MAX_DEPTH = 6  # sheet > rounds > round > grid > row > card is five
MAX_TEXT = 100  # characters of any key or text: names have 40, cards and tiles a few
MAX_NUMBER = 10**6  # no count, score or limit on a sheet comes near


def check_shape(sheet: Any) -> None:
    """SheetError, naming where, for the first value no score sheet can hold."""
    stack: list[tuple[Any, str, int]] = [(sheet, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        where = path or None
        if depth > MAX_DEPTH:
            raise SheetError(_("This is nested deeper than any score sheet."), where)
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise SheetError(_("Keys of a score sheet are text."), where)
                _check_text(key, where)
                stack.append((item, f"{path}.{key}" if path else key, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{path}.{n}", depth + 1) for n, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, where)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int | float):
            if not -MAX_NUMBER <= value <= MAX_NUMBER:  # NaN fails this too
                raise SheetError(_("No number on a score sheet is this big."), where)
        else:
            raise SheetError(_("A score sheet holds only text, numbers, lists and objects."), where)


def _check_text(text: str, where: str | None) -> None:
    if len(text) > MAX_TEXT:
        raise SheetError(
            _("Text on a score sheet has at most %(n)d characters.") % {"n": MAX_TEXT}, where
        )
    if "\x00" in text:
        raise SheetError(_("Text on a score sheet cannot hold a NUL character."), where)
    if any("\ud800" <= char <= "\udfff" for char in text):
        raise SheetError(_("This text is not valid Unicode (a lone surrogate)."), where)
