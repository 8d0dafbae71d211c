"""A score sheet as uploaded, pasted or given to ``manage.py score``: bytes to JSON, bounded.

One reader for every way a sheet arrives as text, so each refuses the same things with the
same clear message: over 1 MB, not UTF-8, not JSON, numbers too long for Python, nesting too
deep for the parser. What the JSON then says is the calculators' to judge.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _

from .calculators import SheetError

MAX_SHEET_BYTES = 1024 * 1024  # a year of a busy club's rounds is far below


def too_large(size: int) -> SheetError:
    return SheetError(
        _("The sheet has %(size)s bytes; a sheet may have at most 1 MB (%(limit)s bytes).")
        % {"size": f"{size:,}", "limit": f"{MAX_SHEET_BYTES:,}"}
    )


def read_sheet_json(raw: bytes | str) -> Any:
    """The JSON value of ``raw``; SheetError saying what is wrong with it otherwise."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > MAX_SHEET_BYTES:
        raise too_large(len(data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SheetError(_("The sheet is not UTF-8 text.")) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SheetError(
            _("This is not valid JSON (line %(line)d, column %(column)d: %(why)s).")
            % {"line": exc.lineno, "column": exc.colno, "why": exc.msg}
        ) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise SheetError(_("A number in the sheet is far too long.")) from None
    except RecursionError:
        raise SheetError(_("The sheet is nested far too deeply.")) from None
