"""No emoji on any page: where no emoji font is installed (the club's Linux laptops, the
headless Chromium here) they show as empty boxes. Symbols every common font has (♠ ★ ♛ ☀)
are fine; pictures are drawn (the vampire's SVG) and carry their words for screen readers."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("templates", "games", "scoring", "sarco", "static/js", "locale")
SUFFIXES = {".html", ".py", ".js", ".po", ".txt"}
VARIATION_EMOJI = "\ufe0f"  # asks for the emoji picture of a symbol
# Characters of the Basic Multilingual Plane drawn as emoji by default (Unicode's
# Emoji_Presentation property); everything from U+1F000 on is pictures too.
BMP_EMOJI = {
    *range(0x231A, 0x231C), *range(0x23E9, 0x23ED), 0x23F0, 0x23F3, 0x25FD, 0x25FE,
    0x2614, 0x2615, *range(0x2648, 0x2654), 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB,
    0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5,
    0x26FA, 0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C, 0x274E, *range(0x2753, 0x2756),
    0x2757, *range(0x2795, 0x2798), 0x27B0, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B55,
}  # fmt: skip


def is_emoji(char: str) -> bool:
    point = ord(char)
    return point >= 0x1F000 or point in BMP_EMOJI or char == VARIATION_EMOJI


def emoji_in(path: Path) -> list[str]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        chars = sorted({c for c in line if is_emoji(c)})
        if chars:
            found.append(f"{path.relative_to(ROOT)}:{number}: {' '.join(chars)}")
    return found


def source_files():
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and "migrations" not in path.parts:
                yield path


def test_no_template_or_code_draws_an_emoji():
    found = [line for path in source_files() for line in emoji_in(path)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("language", "word"), [("en", "vampire"), ("de", "Vampir")])
def test_the_vampire_is_drawn_and_named(language, word):
    with translation.override(language):
        html = render_to_string("scoring/_vampire.html")
    assert "<svg" in html and 'aria-hidden="true"' in html
    assert f'<span class="visually-hidden">{word}</span>' in html
