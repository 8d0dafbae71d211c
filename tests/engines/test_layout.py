"""The shape of ``games/engines``: one package per game, imports pointing one way, no circles.

The import graph is read from the source with ``ast`` (imports inside functions and
``TYPE_CHECKING`` blocks count too), so a circle is caught even where Python would tolerate it.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from games.engines import GAME_NAMES

ENGINES_DIR = Path(__file__).resolve().parents[2] / "games" / "engines"
PROJECT_ROOT = ENGINES_DIR.parents[1]
PACKAGE = "games.engines"

# The rule functions of docs/contracts/rules-api.md, per game, besides ENGINE.
RULES_API = {
    "sarkophag": {"mummy_heads", "legal_cards", "taker"},
    "sarg": {"line_value", "score_round", "final_result"},
    "sarcophagus": {"free_sides", "fame"},
    "sacrifice": {"trick_winner", "final_score"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINES_DIR).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


MODULES: dict[str, Path] = {module_name(path): path for path in sorted(ENGINES_DIR.rglob("*.py"))}


def imported_names(path: Path) -> list[str]:
    """Every module ``path`` imports, as absolute names (``from x import y`` also gives x.y)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            source = ".".join(part for part in (base, node.module) if part)
            found.append(source)
            found += [f"{source}.{alias.name}" for alias in node.names]
    return found


def engine_edges(path: Path) -> set[str]:
    """The modules of ``games/engines`` that ``path`` imports."""
    return {name for name in imported_names(path) if name in MODULES} - {module_name(path)}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as a path of module names, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph.get(node, ())):
            cycle = visit(target)
            if cycle:
                return cycle
        path.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start)
        if cycle:
            return cycle
    return None


def project_packages() -> set[str]:
    """Top-level names of the project's own code (games, scoring, sarco, tests, ...)."""
    return {
        entry.stem
        for entry in PROJECT_ROOT.iterdir()
        if (entry.is_dir() and (entry / "__init__.py").exists())
        or (entry.suffix == ".py" and entry.is_file())
    }


def test_each_game_is_a_package_beside_base():
    games = {path.parent.name for path in ENGINES_DIR.glob("*/__init__.py")}
    assert games == set(GAME_NAMES)
    flat = {path.name for path in ENGINES_DIR.glob("*.py")}
    assert flat == {"__init__.py", "base.py", "registry.py"}


def test_no_import_circle_inside_the_engines():
    graph = {name: engine_edges(path) for name, path in MODULES.items()}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_engines_import_no_django_and_nothing_else_of_the_project(name):
    own = project_packages()
    outside = [
        imported
        for imported in imported_names(MODULES[name])
        if imported.split(".")[0] == "django"
        or (imported.split(".")[0] in own and not imported.startswith(PACKAGE))
    ]
    assert outside == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_exposes_engine_and_its_rule_functions(game):
    module = importlib.import_module(f"{PACKAGE}.{game}")
    assert {"ENGINE", *RULES_API[game]} <= set(module.__all__)
    assert all(hasattr(module, name) for name in module.__all__)
    assert not [name for name in module.__all__ if name.startswith("_")]
