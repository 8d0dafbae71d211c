"""``makemessages`` that also extracts the engines' English sentences.

Engines stay pure Python (no Django import), so they mark what players read with
``games.engines.Text(...)`` and ``PluralText(singular, plural, count)`` instead of gettext;
these keywords tell xgettext to extract them, and ``games.engine_text.say`` translates them.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=Text",
        "--keyword=PluralText:1,2",
    ]
