"""Player names: names stay unique in the club, in any spelling.

A name is tidied once, here (``tidy_name``), and compared by one key (``name_key``: NFKC plus
casefold). The database's unique constraint is on that stored key, so SQLite and PostgreSQL
agree on which names clash (``lower()`` did not: SQLite folds ASCII only). Plain functions of
text, so the Player model computes its key from here (creating players is in
``scoring.new_players``).
"""

from __future__ import annotations

import unicodedata

NAME_LENGTH = 40  # Player.name's max_length
KEY_LENGTH = 200  # Player.name_key's max_length: casefolding may lengthen a name


def _visible(char: str) -> bool:
    """Not a control, format (zero-width, bidi), surrogate, private or unassigned code point."""
    return char.isspace() or unicodedata.category(char)[0] != "C"


def tidy_name(typed: str) -> str:
    """A name as typed, NFKC-normalised, invisible characters dropped, runs of spaces folded
    and cut to what the club stores."""
    text = unicodedata.normalize("NFKC", typed if isinstance(typed, str) else "")
    text = "".join(filter(_visible, text))
    return " ".join(" ".join(text.split())[:NAME_LENGTH].split())


def name_key(name: str) -> str:
    """What makes two names the same name: the tidy name, casefolded (NFKC again after)."""
    return unicodedata.normalize("NFKC", tidy_name(name).casefold())[:KEY_LENGTH]
