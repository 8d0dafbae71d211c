"""No project module writes Django's private attributes: a cache Django keeps for itself
(prefetched rows, a queryset's results, a model's state) can change shape in any release,
so the project keeps what it hands on in attributes of its own."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("games", "scoring", "nights", "sarco")
PRIVATE = ("_prefetched_objects_cache", "_result_cache", "_prefetch_done", "_state")


def _writes(tree: ast.AST) -> list[tuple[int, str]]:
    """Assignments (plain, augmented or annotated) whose target is, or goes through, one of
    ``PRIVATE`` (``x._state.fields_cache = ...`` included), and ``setattr`` by such a name."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
            name = node.args[1] if len(node.args) > 1 else None
            if isinstance(name, ast.Constant) and name.value in PRIVATE:
                found.append((node.lineno, name.value))
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and part.attr in PRIVATE:
                    found.append((node.lineno, part.attr))
    return found


def test_the_scan_finds_a_write():
    tree = ast.parse("t._prefetched_objects_cache = {}\nq._result_cache = []\ns._state.db = 1")
    assert [name for _, name in _writes(tree)] == [
        "_prefetched_objects_cache",
        "_result_cache",
        "_state",
    ]


def test_no_project_module_writes_a_private_django_attribute():
    writes = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            for line, name in _writes(ast.parse(path.read_text(), str(path))):
                writes.append(f"{path.relative_to(ROOT)}:{line} {name}")
    assert writes == []
