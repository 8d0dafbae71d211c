"""``makemessages`` that also extracts the engines' English sentences.

Engines stay pure Python (no Django import), so they mark what players read with
``games.engines.Text(...)`` and ``PluralText(singular, plural, count)`` instead of gettext;
these keywords tell xgettext to extract them, and ``sarco.engine_text.say`` translates them.
``_t`` and ``gettext_now`` are gettext imported under another name (next to a lazy ``_``).
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=Text",
        "--keyword=PluralText:1,2",
        "--keyword=_t",  # the admin modules' gettext, beside their gettext_lazy ``_``
        "--keyword=gettext_now",
    ]
