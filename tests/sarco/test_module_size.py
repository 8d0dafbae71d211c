"""Readable modules: none of the project's own code over 500 lines (docs/architecture.md).

A module that grows past it is split by concept, as the boards split their logs, and the
Sacrifice board its sacrifice, into modules of their own. Migrations are written by Django.
"""

from __future__ import annotations

from pathlib import Path

from tests.sarco.test_app_layers import MODULES, PROJECT_ROOT

LIMIT = 500


def too_long(paths: list[Path]) -> dict[Path, int]:
    """The paths over the limit, with their lines."""
    lengths = {path: len(path.read_text().splitlines()) for path in paths}
    return {path: lines for path, lines in lengths.items() if lines > LIMIT}


def test_no_module_of_the_apps_or_the_benchmarks_is_over_500_lines():
    paths = [path for path in MODULES.values() if "migrations" not in path.parts]
    paths += sorted((PROJECT_ROOT / "bench").glob("*.py"))
    assert len(paths) > 100
    assert too_long(paths) == {}


def test_a_module_of_501_lines_is_found(tmp_path: Path):
    (tmp_path / "long.py").write_text("pass\n" * (LIMIT + 1))
    (tmp_path / "short.py").write_text("pass\n" * LIMIT)
    assert too_long(sorted(tmp_path.glob("*.py"))) == {tmp_path / "long.py": LIMIT + 1}
