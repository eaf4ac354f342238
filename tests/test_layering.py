"""The layering of docs/design.md, held by a test: which package may import which, and no
runtime import cycle between modules — read from the sources with `ast` (the graph
import-linter builds, without the dependency).

An import counts wherever it runs, at module level or inside a function (a lazy import
still ties the two modules together); only `if TYPE_CHECKING:` imports are left out.
`from package import name` counts as importing `package.name` when that is a module, else
`package` (a lazy `__getattr__` in the package hides which module; see unjam/load/__init__.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "unjam"

# (importer package, packages it must never import, why)
FORBIDDEN = [
    ("unjam.analysis", ("unjam.probe", "unjam.load", "unjam.doctor"), "static: runs no app"),
    ("unjam.probe", ("unjam.analysis",), "runs inside the app: imports stay small"),
    ("unjam.load", ("unjam.analysis",), "a load generator knows no source code"),
    ("unjam.lab", ("unjam.doctor",), "the lab is what the doctor is tested on"),
]
# The CLI is the top: only its own entry points import it.
CLI = "unjam.cli"
CLI_IMPORTERS = {"unjam.__main__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def imported_modules(module: str, path: Path, known: set[str]) -> set[str]:
    """The unjam modules `module` imports at run time."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def target(base: str, names: list[str]) -> None:
        for name in names:
            candidate = f"{base}.{name}" if base else name
            found.add(candidate if candidate in known else base)

    def visit(node: ast.AST) -> None:
        if _is_type_checking(node):
            for child in getattr(node, "orelse", []):
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            target(base, [alias.name for alias in node.names])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return {name for name in found if name in known and name != module}


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    known = set(modules)
    return {name: imported_modules(name, path, known) for name, path in modules.items()}


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph.get(module, ()))
    return seen


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that reach each other (strongly connected, more than one)."""
    reach = {module: reachable(graph, module) for module in graph}
    found: list[set[str]] = []
    for module in sorted(graph):
        group = {module} | {other for other in reach[module] if module in reach.get(other, ())}
        if len(group) > 1 and group not in found:
            found.append(group)
    return found


@pytest.fixture(scope="module")
def graph():
    return import_graph()


@pytest.mark.parametrize(("importer", "forbidden", "why"), FORBIDDEN)
def test_layers_import_only_downwards(graph, importer, forbidden, why):
    broken = sorted(
        f"{module} imports {other}"
        for module, imports in graph.items()
        if within(module, importer)
        for other in imports
        if any(within(other, package) for package in forbidden)
    )
    assert broken == [], why


def test_nothing_below_the_cli_imports_it(graph):
    importers = {module for module, imports in graph.items() if CLI in imports}
    assert importers <= CLI_IMPORTERS


def test_no_runtime_import_cycles(graph):
    assert [sorted(cycle) for cycle in cycles(graph)] == []


def test_the_graph_reader_and_the_cycle_finder_can_fail(tmp_path):
    package = tmp_path / "unjam"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from . import a\n")
    (package / "sub" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from unjam import cli\n"
        "def f():\n    from .b import thing\n"
    )
    (package / "sub" / "b.py").write_text("import unjam.sub.a\nfrom .. import cli\n")
    (package / "cli.py").write_text("")
    known = {"unjam", "unjam.sub", "unjam.sub.a", "unjam.sub.b", "unjam.cli"}
    paths = {
        "unjam.sub": package / "sub" / "__init__.py",
        "unjam.sub.a": package / "sub" / "a.py",
        "unjam.sub.b": package / "sub" / "b.py",
    }
    graph = {name: imported_modules(name, path, known) for name, path in paths.items()}
    assert graph == {
        "unjam.sub": {"unjam.sub.a"},
        "unjam.sub.a": {"unjam.sub.b"},  # the TYPE_CHECKING import is left out
        "unjam.sub.b": {"unjam.sub.a", "unjam.cli"},
    }
    assert cycles(graph) == [{"unjam.sub.a", "unjam.sub.b"}]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
