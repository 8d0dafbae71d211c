"""The apps point one way: each layer imports only itself and the layers below, no circles.

The layers are those of docs/architecture.md. The import graph is read from the source with
``ast``, imports inside functions and ``TYPE_CHECKING`` blocks included: an import moved into
a function still ties the two modules together, it only hides the tie from Python.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.engines.test_layout import find_cycle

PROJECT_ROOT = Path(__file__).resolve().parents[2]
APPS = ("games", "scoring", "nights", "sarco")

# Bottom to top. A module belongs to the layer of its longest matching prefix.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Pure rules: no Django, no project code (tests/engines/test_layout.py checks that).
    ("engines", ("games.engines",)),
    # What every app may use: settings, channel layers, the engines' words in the reader's
    # language, sockets that outlive a layer outage, socket limits.
    ("shared", ("sarco",)),
    ("scoring", ("scoring",)),
    ("online play", ("games",)),
    ("nights", ("nights",)),
    # The URL root, websocket routing, ASGI application and home page gather every app.
    ("wiring", ("sarco.urls", "sarco.routing", "sarco.asgi", "sarco.views")),
)

# Imports against the direction, each with the reason it is still here.
KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()  # an upward import, with its reason


def module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {
    module_name(path): path for app in APPS for path in sorted((PROJECT_ROOT / app).rglob("*.py"))
}


def imports_in(name: str, source: str, is_package: bool = False) -> set[str]:
    """Every name ``source`` (module ``name``) imports, wherever the import statement is,
    made absolute; ``from x import y`` gives both x and x.y (y may be a module)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            origin = ".".join(part for part in (base, node.module) if part)
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names)
    return found - {name}


def project_imports(name: str) -> set[str]:
    """The project's modules that module ``name`` imports (a name imported from a module
    counts as that module)."""
    path = MODULES[name]
    found = imports_in(name, path.read_text(), path.name == "__init__.py")
    return {containing_module(imported) for imported in found if imported.split(".")[0] in APPS}


def containing_module(imported: str) -> str:
    """``imported`` if it is a module, else the module it is a name in."""
    while imported not in MODULES and "." in imported:
        imported = imported.rpartition(".")[0]
    return imported


def layer_of(name: str) -> int:
    """The index in LAYERS of the layer ``name`` belongs to."""
    best, best_length = -1, -1
    for index, (_label, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    return best


def upward_imports() -> set[tuple[str, str]]:
    return {
        (name, imported)
        for name in MODULES
        for imported in project_imports(name)
        if layer_of(imported) > layer_of(name)
    }


def test_every_module_is_in_a_layer():
    assert [name for name in MODULES if layer_of(name) < 0] == []


def test_imports_point_down_the_layers():
    wrong = sorted(upward_imports() - KNOWN_EXCEPTIONS)
    assert wrong == [], "\n".join(
        f"{name} ({LAYERS[layer_of(name)][0]}) imports {imported} ({LAYERS[layer_of(imported)][0]})"
        for name, imported in wrong
    )


def test_each_known_exception_is_still_needed():
    assert upward_imports() >= KNOWN_EXCEPTIONS


def test_no_import_circle_in_the_project():
    graph = {name: project_imports(name) - {name} for name in MODULES}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_an_import_inside_a_function_counts():
    source = "def f():\n    from .b import g\n    return g\n"
    assert imports_in("app.a", source) == {"app.b", "app.b.g"}


def test_a_module_is_in_its_most_specific_layer():
    assert LAYERS[layer_of("games.engines.sarg.rules")][0] == "engines"
    assert LAYERS[layer_of("games.tables")][0] == "online play"
    assert LAYERS[layer_of("sarco.urls")][0] == "wiring"
    assert LAYERS[layer_of("sarco.channel_layers")][0] == "shared"
