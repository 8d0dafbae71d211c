"""Bots stay pure Python like the engines: no Django anywhere under games/bots."""

import ast
from pathlib import Path

BOTS_DIR = Path(__file__).resolve().parents[2] / "games" / "bots"


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_no_bot_module_imports_django():
    modules = sorted(BOTS_DIR.rglob("*.py"))
    assert len(modules) >= 8
    for path in modules:
        django = {n for n in imported(path) if n.split(".")[0] == "django"}
        assert not django, f"{path.relative_to(BOTS_DIR)} imports {django}"
