"""A sheet's result, computed once however many pages draw it.

A save shows its result to the phone that saved (the form's preview, the service's check,
the sheet drawn after) and to every phone watching (each socket redraws the live part): the
same sheet each time. The result is a pure function of the sheet and the reader's language,
so it is kept in the shared cache under a digest of both; with Redis every process finds
what one of them computed. Only results are kept: a sheet that does not compute raises
``SheetError`` again. The cache is a saving, not a dependency: without it, compute.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language

from .calculators import compute

log = logging.getLogger(__name__)
CACHE_SECONDS = 60 * 60  # long enough for a game night; a sheet's next edit is a new key


def result_of(sheet: dict[str, Any]) -> dict[str, Any]:
    """``compute(sheet)``, from the cache when this sheet was computed before."""
    try:
        text = json.dumps(sheet, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON: the calculators say what is wrong
        return compute(sheet)
    digest = hashlib.sha256(text.encode()).hexdigest()
    key = f"sheet-result:{get_language() or ''}:{digest}"
    try:
        found = cache.get(key)
    except Exception:
        log.warning("The cache is unavailable; computing the sheet", exc_info=True)
        found = None
    if found is not None:
        return found
    result = compute(sheet)
    try:
        cache.set(key, result, CACHE_SECONDS)
    except Exception:
        log.warning("The cache is unavailable; the sheet's result is not shared", exc_info=True)
    return result
