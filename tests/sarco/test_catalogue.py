"""The German catalogue: complete, compiled, in step with the sources, and saying each
thing as the site does (du, Sitz and Platz, höher and niedriger). No database: these run
once, in the SQLite pass, not again on PostgreSQL."""

from pathlib import Path

import pytest
from django.conf import settings

PO_FILE = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"


def test_german_catalogue_is_complete():
    """Every msgid has a German text, none is fuzzy, and placeholders survive translation."""
    import re

    import polib

    po = polib.pofile(str(PO_FILE))
    assert not po.untranslated_entries()
    assert not po.fuzzy_entries()
    placeholder = re.compile(r"%\(\w+\)[sdr]")
    for entry in po.translated_entries():
        texts = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        for text in texts:
            assert set(placeholder.findall(text)) <= set(
                placeholder.findall(entry.msgid + (entry.msgid_plural or ""))
            ), entry.msgid


def test_compiled_catalogue_is_there():
    assert PO_FILE.with_suffix(".mo").exists()


# Where makemessages looks for strings (the Makefile's `make messages` ignores the rest).
SOURCES = ("manage.py", "sarco", "scoring", "games", "nights", "templates", "locale")


def test_makemessages_finds_nothing_new(tmp_path):
    """Every string marked for translation is already in the committed catalogue: run
    makemessages on a copy of the sources and compare msgids. Needs GNU gettext (xgettext,
    msgmerge); without it the test skips, except under CI=true, where it fails."""
    import os
    import shutil
    import subprocess
    import sys

    import polib

    missing = [tool for tool in ("xgettext", "msgmerge", "msguniq") if not shutil.which(tool)]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"GNU gettext is missing ({', '.join(missing)}) and CI requires it.")
        pytest.skip(f"GNU gettext is not installed ({', '.join(missing)})")
    root = Path(settings.BASE_DIR)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for name in SOURCES:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=ignore)
        else:
            shutil.copy(source, tmp_path / name)
    environment = {**os.environ, "DEBUG": "true", "DJANGO_SETTINGS_MODULE": "sarco.settings"}
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "--no-location"],
        cwd=tmp_path,
        env=environment,
        check=True,
        capture_output=True,
    )

    def msgids(path: Path) -> set[tuple]:
        return {
            (entry.msgctxt, entry.msgid, entry.msgid_plural)
            for entry in polib.pofile(str(path))
            if not entry.obsolete
        }

    extracted = msgids(tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po")
    committed = msgids(PO_FILE)
    new = sorted(msgid for _, msgid, _ in extracted - committed)
    assert not new, f"run `make messages` and translate: {new[:10]}"
    unused = sorted(msgid for _, msgid, _ in committed - extracted)
    assert not unused, (
        f"the catalogue has strings no code uses (run `make messages`): {unused[:10]}"
    )


def test_engine_texts_keep_their_message_id_and_parameters():
    from django.utils import translation

    from games.engines import IllegalMove, PluralText, Text
    from sarco.engine_text import refusal, say

    refused = IllegalMove(
        Text(
            "The %(suit)s coins are not yours; you play %(yours)s.",
            suit=Text("sun"),
            yours=Text("moon"),
        )
    )
    assert str(refused) == "The sun coins are not yours; you play moon."
    assert refused.message_id == "The %(suit)s coins are not yours; you play %(yours)s."
    assert refused.params == {"suit": "sun", "yours": "moon"}
    many = PluralText(
        "You may sacrifice at most %(limit)s card after sudden death, not %(count)s.",
        "You may sacrifice at most %(limit)s cards after sudden death, not %(count)s.",
        2,
        limit=2,
        count=3,
    )
    with translation.override("de"):
        assert refusal(refused) == "Die Münzen in Sonne gehören nicht dir; du spielst Mond."
        assert say(many) == (
            "Nach dem plötzlichen Tod darfst du höchstens 2 Karten opfern, nicht 3."
        )
        assert say("not a Text") == "not a Text"


def test_seat_is_sitz_and_place_is_platz():
    """German has one word for each: a seat at the table (Sitz) is not a place in the
    ranking (Platz), so a table's header never reads "Platz · Spieler · Summe · Platz"."""
    import re

    import polib

    for entry in polib.pofile(str(PO_FILE)):
        english = entry.msgid + (entry.msgid_plural or "")
        german = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        if re.search(r"\bseats?\b", english, re.I):
            assert not re.search(r"Platz|Plätze", german), entry.msgid
        if re.search(r"\bplaces?\b", english, re.I) and not re.search(r"\bseats?\b", english):
            assert "Sitz" not in german, entry.msgid


def test_higher_and_lower_are_hoeher_and_niedriger():
    """The Sarkophag rule book's pair (höher / niedriger): "tiefer" is never its opposite."""
    import polib

    for entry in polib.pofile(str(PO_FILE)):
        if "lower" in entry.msgid.lower():
            assert "tiefer" not in entry.msgstr.lower(), entry.msgid


SIE = r"\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b"


def django_sie_strings() -> list[str]:
    """Django's strings that its own German catalogues say with the formal "Sie"."""
    import re
    from pathlib import Path

    import django
    import polib

    found = []
    for path in sorted(Path(django.__file__).parent.glob("**/locale/de/LC_MESSAGES/django.po")):
        for entry in polib.pofile(str(path)):
            if not entry.obsolete and not entry.msgid_plural and re.search(SIE, entry.msgstr):
                found.append(entry.msgid)
    return found


def test_django_s_own_strings_say_du_as_the_site_does():
    import re

    from django.utils import translation

    strings = django_sie_strings()
    assert strings  # the admin's "Are you sure...", the CSRF page, password pages...
    with translation.override("de"):
        formal = [text for text in strings if re.search(SIE, translation.gettext(text))]
    assert not formal
