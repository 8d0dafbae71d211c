"""The dark scheme changes colours and nothing else: static/css/sarco.css sets only custom
properties on ``:root`` inside ``prefers-color-scheme: dark``, and so does Django admin's
dark mode (with ``color-scheme``, the form controls' colours). The browser tests lean on it:
a page checked whole by axe in light is checked in dark for the colour rules alone
(tests/browser/axe.py, ``COLOUR_RULES``)."""

import re
from pathlib import Path

import django.contrib.admin

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "sarco.css"
ADMIN_DARK = Path(django.contrib.admin.__file__).parent / "static/admin/css/dark_mode.css"
OURS_IN_THE_ADMIN = sorted(CSS.parent.glob("admin-*.css"))
DARK = "@media (prefers-color-scheme: dark)"


def dark_blocks(text: str) -> list[str]:
    """The body of every dark-scheme media block, by matching braces."""
    blocks = []
    start = text.find(DARK)
    while start != -1:
        opening = text.index("{", start)
        depth, end = 0, opening
        for end in range(opening, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        blocks.append(text[opening + 1 : end])
        start = text.find(DARK, end)
    return blocks


def beyond_colours(text: str) -> list[str]:
    """Every selector or declaration of the dark blocks that is not a custom property of
    ``:root``."""
    found = []
    for block in dark_blocks(re.sub(r"/\*.*?\*/", "", text, flags=re.S)):
        for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", block):
            if selector.strip() != ":root":
                found.append(selector.strip())
            names = [d.split(":", 1)[0].strip() for d in body.split(";") if d.strip()]
            found += [name for name in names if not name.startswith("--")]
    return found


def test_the_dark_scheme_sets_only_custom_properties_on_the_root():
    text = CSS.read_text()
    assert dark_blocks(text), f"no {DARK} block in {CSS.name}"
    assert beyond_colours(text) == []


def test_the_admins_dark_mode_sets_only_colours():
    text = ADMIN_DARK.read_text()
    assert dark_blocks(text), f"no {DARK} block in Django's {ADMIN_DARK.name}"
    assert [found for found in beyond_colours(text) if found != "color-scheme"] == []


def test_our_admin_styles_keep_their_layout_in_the_dark():
    assert OURS_IN_THE_ADMIN
    for sheet in OURS_IN_THE_ADMIN:
        assert beyond_colours(sheet.read_text()) == [], sheet.name


def test_a_rule_beyond_colours_is_caught():
    text = f"{DARK} {{ :root {{ --bg: #000; gap: 0; }} .board {{ display: none; }} }}"
    assert beyond_colours(text) == ["gap", ".board", "display"]
