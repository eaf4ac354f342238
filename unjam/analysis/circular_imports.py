"""App modules that cannot import because of a circular import: the server imports `main`,
whose top level imports `helpers` (line 3) before it binds `app` (line 5), and `helpers`, as
it loads, does `from main import app` — `main` is then in `sys.modules` but only partly run,
and Python raises ImportError ("cannot import name 'app' from partially initialized module
'main'"). The app never starts (unstartable.py).

The summaries' imports find the cycles (cheap); only for one found are the files read, to
check that every import on the cycle is a top-level statement (not under an `if`, in a
`try` or in a function, which may not run or whose error may be caught), and that the name
is bound in the app's module only after the import that leads back to it. Left alone, as
Python may get through: a module that may also be run as a script handing the app object to
a server (`if __name__ == "__main__": uvicorn.run(app)`: run so, it is `__main__`, and the
import of `main` loads a second copy that completes), one with a module `__getattr__`, a
cycle through a module the packages holding the app's module import first, and an import
that names the module otherwise (`from src.app.main import app` of `app.main`: a second
copy).
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice, pairwise
from pathlib import Path

from unjam.analysis.project import Module, Project
from unjam.analysis.summary import ImportRef
from unjam.analysis.top_level_imports import (
    Trees,
    serves_when_run,
    top_level_names,
    with_packages,
)

_MAX_MODULES = 2000  # modules followed from one app module (a bound on the search)
_MAX_CYCLES = 2  # cycles the summaries suggest that are read in the files, per app module


@dataclass(frozen=True)
class CircularImport:
    module: Module  # the app's module, which cannot import
    line: int  # its import that leads back to it
    chain: tuple[str, ...]  # the modules from that import to the one importing the name
    name: str  # the name imported from the app's module before it is bound
    at: tuple[str, int]  # (path, line) of that `from … import name`


def circular_imports(project: Project, modules: list[Module], root: Path) -> list[CircularImport]:
    """The modules of `modules` (app modules) a circular import keeps from importing."""
    found = []
    trees = Trees(root)
    graph = _ImportGraph(project)
    for mod in modules:
        loaded: set[str] | None = None
        for chain, names in islice(_cycles(graph, mod), _MAX_CYCLES):
            if loaded is None:
                loaded = _loaded_first(graph, mod)
            checked = _checked(project, trees, mod, chain, names, loaded)
            if checked is not None:
                found.append(checked)
                break
    return found


class _ImportGraph:
    """The project modules each module's imports name (each package on the way too), by the
    summaries, found as asked."""

    def __init__(self, project: Project) -> None:
        self.project = project
        # the components of the project's module names: an import starting with none of
        # them names a library
        self.parts = frozenset(part for name in project.modules for part in name.split("."))
        self._known: dict[str, list[str]] = {}

    def of(self, name: str) -> list[str]:
        known = self._known.get(name)
        if known is None:
            known = self._known[name] = self._imported(self.project.modules[name])
        return known

    def _imported(self, mod: Module) -> list[str]:
        modules = self.project.modules
        names: set[str] = set()
        for imp in mod.summary.imports.values():
            if imp.level == 0 and imp.module.partition(".")[0] not in self.parts:
                continue
            target = _loaded_by(self.project, mod, imp)
            while target and target not in names:
                if target in modules:
                    names.add(target)
                target = target.rpartition(".")[0]  # (the packages on the way run first)
        return sorted(names)


def _loaded_by(project: Project, mod: Module, imp: ImportRef) -> str:
    """The module an import of `mod` loads: what it names, or the module it takes a name
    from (`app.db` of `from app.db import Base`)."""
    target = project.import_target(mod, imp)
    return target if target in project.modules else target.rpartition(".")[0]


def _loaded_first(graph: _ImportGraph, start: Module) -> set[str]:
    """The modules the packages `start` sits in import, and those import in turn (not
    `start` itself): Python runs them before `start`, and a cycle through one of them
    unfolds in another order."""
    dotted = start.name.split(".")
    ancestors = [".".join(dotted[:n]) for n in range(1, len(dotted))]
    seen = {start.name, *ancestors}
    queue = deque(name for name in ancestors if name in graph.project.modules)
    loaded: set[str] = set()
    while queue and len(seen) < _MAX_MODULES:
        for target in graph.of(queue.popleft()):
            if target not in seen:
                seen.add(target)
                loaded.add(target)
                queue.append(target)
    return loaded


def _names_taken(project: Project, mod: Module, source: Module) -> list[str]:
    """The names `mod` imports from `source` with `from source import name` (not its
    submodules), written with `source`'s name, its path's (`app.main` of app/main.py) or
    relatively — not through a `src` folder: `from src.app.main import app` where the
    server imports `app.main` (src/ on its path) loads a second copy, which completes."""
    written = {source.name, _dotted_path(source)}
    names = []
    for imp in mod.summary.imports.values():
        if not imp.name or imp.name == "*" or (imp.level == 0 and imp.module not in written):
            continue
        target = project.import_target(mod, imp)
        if target == f"{source.name}.{imp.name}" and target not in project.modules:
            names.append(imp.name)
    return names


def _dotted_path(mod: Module) -> str:
    """`app.main` of app/main.py (`app` of app/__init__.py); "" under a `src` folder."""
    dotted = mod.path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return "" if dotted.startswith("src.") or ".src." in dotted else dotted


def _cycles(graph: _ImportGraph, start: Module) -> Iterator[tuple[list[str], list[str]]]:
    """For each module taking names from `start`, nearest first, the module names from one
    `start` imports to it, by the summaries' imports (breadth first), and those names."""
    project = graph.project
    parents: dict[str, str] = {start.name: ""}
    # (the packages `start` sits in were imported before it, and are not run again by its
    # imports: `from pkg.errors import X` in pkg/app.py runs no pkg/__init__.py)
    dotted = start.name.split(".")
    parents.update(dict.fromkeys((".".join(dotted[:n]) for n in range(1, len(dotted))), ""))
    queue = deque([start.name])
    while queue and len(parents) < _MAX_MODULES:
        name = queue.popleft()
        known = graph.of(name)
        names = _names_taken(project, project.modules[name], start) if start.name in known else []
        if names and name != start.name:
            chain = [name]
            while parents[chain[-1]] != start.name:
                chain.append(parents[chain[-1]])
            yield chain[::-1], names
        for target in known:
            if target not in parents:
                parents[target] = name
                queue.append(target)


def _checked(
    project: Project,
    trees: Trees,
    start: Module,
    chain: list[str],
    names: list[str],
    loaded: set[str],
) -> CircularImport | None:
    """The cycle, when the files show it breaks the import: each hop a top-level import,
    one of `names` (what the last module takes from `start`) bound in `start` only after the
    import that begins the cycle, and no module on it loaded before `start` runs (`loaded`:
    what the packages `start` sits in import).
    (The files are read smallest first: most cycles the summaries suggest end at an import
    under `if TYPE_CHECKING:` or in a function, and an app's module may be long.)"""
    last = project.modules[chain[-1]]
    if loaded.intersection(chain):
        return None
    mods = [start, *(project.modules[n] for n in chain)]
    # (importer, what it must import at its top level, or None: `last`'s `from start import`)
    checks: list[tuple[Module, Module | None]] = [*pairwise(mods), (last, None)]
    for mod, imported in sorted(checks, key=lambda check: _size(trees.root, check[0])):
        tree = trees.of(mod)
        if tree is None:
            return None
        if imported is not None and _statement_importing(project, mod, tree, imported) is None:
            return None
        if imported is None and not any(
            _top_level_from(project, mod, tree, start, n) for n in names
        ):
            return None
    tree, last_tree = trees.of(start), trees.of(last)
    if tree is None or last_tree is None or serves_when_run(tree):
        return None
    index = _statement_importing(project, start, tree, mods[1])
    bound = top_level_names(tree.body)
    if index is None or "__getattr__" in bound:
        return None  # (a module `__getattr__` answers for names not bound yet)
    before = top_level_names(tree.body[:index])
    for name in names:
        line = _top_level_from(project, last, last_tree, start, name)
        if line and name not in before and name in bound:
            return CircularImport(
                start, tree.body[index].lineno, tuple(chain), name, (last.path, line)
            )
    return None


def _size(root: Path, mod: Module) -> int:
    try:
        return (root / mod.path).stat().st_size
    except OSError:
        return 0


def _statement_importing(
    project: Project, mod: Module, tree: ast.Module, target: Module
) -> int | None:
    """The index of `mod`'s first top-level import statement that imports `target`."""
    for index, stmt in enumerate(tree.body):
        if isinstance(stmt, ast.Import):
            written = [n for alias in stmt.names for n in with_packages(alias.name)]
        elif isinstance(stmt, ast.ImportFrom):
            written = _from_targets(project, mod, stmt)
        else:
            continue
        if target.name in written:
            return index
    return None


def _from_targets(project: Project, mod: Module, stmt: ast.ImportFrom) -> list[str]:
    """The project modules a `from … import …` statement loads."""
    found = []
    for alias in stmt.names:
        found.extend(with_packages(_loaded_by(project, mod, _ref(stmt, alias.name))))
    return found


def _top_level_from(
    project: Project, mod: Module, tree: ast.Module, source: Module, name: str
) -> int:
    """The line of `mod`'s top-level `from source import name`, 0 when none."""
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and any(a.name == name for a in stmt.names):
            target = project.import_target(mod, _ref(stmt, name))
            if target == f"{source.name}.{name}":
                return stmt.lineno
    return 0


def _ref(stmt: ast.ImportFrom, name: str) -> ImportRef:
    return ImportRef(stmt.level, stmt.module or "", name)
