"""The registry is the one list of games: no shared Python module names a game.

A game's name may appear in that game's own modules (``<layer>/<game>.py``, a folder named
after it), in migrations (history) and in the tests; anywhere else it would be a branch or a
list a fifth game would have to be added to.
"""

from __future__ import annotations

import re
from pathlib import Path

from games.engines.registry import slugs, spec_of

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "scoring", "nights", "sarco")


def game_names_in_shared_modules(root: Path) -> list[str]:
    """``path:line`` of each quoted game name in a shared module under ``root``."""
    names = "|".join(slugs())
    quoted = re.compile(rf"""["']({names})["']""")
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = set(path.relative_to(root).with_suffix("").parts)
            if "migrations" in parts or parts & set(slugs()):
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if quoted.search(line):
                    found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_no_shared_module_names_a_game():
    assert game_names_in_shared_modules(PROJECT_ROOT) == []


def test_the_registry_finds_the_four_games_in_menu_order():
    assert slugs() == ("sarkophag", "sacrifice", "sarcophagus", "sarg")


def test_each_spec_is_its_engines():
    for slug in slugs():
        spec = spec_of(slug)
        assert spec.engine.name == slug
        assert (spec.min_players, spec.max_players) == (
            spec.engine.min_players,
            spec.engine.max_players,
        )


def game_branches_in(paths: list[Path], root: Path) -> list[str]:
    """``path:line`` of each quoted game name (or a game's name as a key) in the shared ones
    of ``paths``: a page learns a game's parts from the game's own files (a folder named
    after it, ``templates/<layer>/<game>/``, or a file such as ``_entry_<game>.html``),
    never by a test of its name."""
    names = "|".join(slugs())
    branch = re.compile(rf"""["']({names})["']|\b({names})\s*:""")
    found = []
    for path in paths:
        relative = path.relative_to(root)
        words = {*relative.parts[:-1], *re.split(r"[_.-]", relative.name)}
        if words & set(slugs()):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if branch.search(line):
                found.append(f"{relative}:{number}")
    return found


def test_no_shared_template_branches_on_a_game():
    templates = sorted((PROJECT_ROOT / "templates").rglob("*.html"))
    assert game_branches_in(templates, PROJECT_ROOT) == []


def test_no_offline_script_branches_on_a_game():
    scripts = sorted((PROJECT_ROOT / "static" / "js").glob("offline-*.js"))
    assert game_branches_in(scripts, PROJECT_ROOT) == []


def test_no_provisional_script_branches_on_a_game():
    """The phone's provisional totals: the shared arithmetic names no game; each game's rule
    is its own ``static/js/provisional-<game>.js``."""
    scripts = sorted((PROJECT_ROOT / "static" / "js").glob("provisional*.js"))
    assert scripts
    assert game_branches_in(scripts, PROJECT_ROOT) == []
