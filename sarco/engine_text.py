"""The engines' English sentences in the reader's language.

Engines are pure Python and speak English; a refusal or a parse error whose message is a
``games.engines.Text`` keeps its template and parameters, and ``say`` translates it here,
on the Django side, with the active language's catalogue (``makemessages`` extracts the
templates through the ``Text`` and ``PluralText`` keywords). Anything else is shown as it is.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, ngettext

from games.engines import PluralText, Text

# Words the engines wrap in ``Text`` from a variable (a suit's name), which xgettext cannot
# see there: listed here so that the catalogue has them.
ENGINE_WORDS = (
    gettext_noop("sun"),
    gettext_noop("moon"),
    gettext_noop("crown"),
    gettext_noop("arms"),
)


def say(message: Any) -> str:
    """``message`` in the active language: a ``Text`` translated, its ``Text`` parameters too."""
    if isinstance(message, PluralText):
        template = ngettext(message.template, message.plural, message.number)
    elif isinstance(message, Text):
        template = gettext(message.template)
    else:
        return str(message)
    if not message.params:
        return template
    params = {
        key: say(value) if isinstance(value, Text) else value
        for key, value in message.params.items()
    }
    return template % params


def refusal(exc: BaseException) -> str:
    """Why an engine refused (an ``IllegalMove`` or a parse ``ValueError``), translated."""
    return say(exc.args[0]) if len(exc.args) == 1 else str(exc)


lazy_say = lazy(say, str)
"""``say`` when the text is shown, not when it is built: for words kept at import time."""
