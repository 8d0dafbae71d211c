"""``makemessages`` that also extracts the engines' English sentences and the Jinja2
templates' strings.

Engines stay pure Python (no Django import), so they mark what players read with
``games.engines.Text(...)`` and ``PluralText(singular, plural, count)`` instead of gettext;
these keywords tell xgettext to extract them, and ``sarco.engine_text.say`` translates them.
``_t`` and ``gettext_now`` are gettext imported under another name (next to a lazy ``_``).

Django reads a template with its own template lexer, which does not know Jinja2's
``{% trans %}`` blocks. A template in a ``jinja2`` folder (``games.jinja``) is read by
Jinja2's own parser instead (``Environment.extract_translations``, no Babel needed): each
string becomes a gettext call on its line of a Python file that xgettext reads, as Django
does with its own templates.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from django.core.management.commands import makemessages
from django.template import engines

JINJA_FOLDER = "jinja2"


class BuildFile(makemessages.BuildFile):
    @cached_property
    def is_jinja(self) -> bool:
        return self.is_templatized and JINJA_FOLDER in Path(self.path).parts

    def preprocess(self) -> None:
        if not self.is_jinja:
            return super().preprocess()
        source = Path(self.path).read_text(encoding="utf-8")
        Path(self.work_path).write_text(jinja_calls(source), encoding="utf-8")
        return None


def jinja_calls(source: str) -> str:
    """Python source with a call of each gettext function a Jinja2 template uses, on the
    template's line: ``{% trans %}`` blocks are gettext (ngettext with ``{% pluralize %}``)."""
    lines = [""] * (source.count("\n") + 1)
    for line, function, message in engines["jinja2"].env.extract_translations(source):
        arguments = message if isinstance(message, tuple) else (message,)
        lines[line - 1] += f"{function}({', '.join(map(repr, arguments))}); "
    return "\n".join(lines)


class Command(makemessages.Command):
    build_file_class = BuildFile
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=Text",
        "--keyword=PluralText:1,2",
        "--keyword=_t",  # the admin modules' gettext, beside their gettext_lazy ``_``
        "--keyword=gettext_now",
    ]
