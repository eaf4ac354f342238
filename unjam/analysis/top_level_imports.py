"""The modules a module imports as it runs: its top-level import statements, not those under
`if TYPE_CHECKING:`, in a `try:` or in a function (which may never run, or whose error may be
caught). Read from the files themselves, when some import is known to fail (unstartable.py),
which is rare: the summaries do not keep where an import statement stands.
"""

from __future__ import annotations

import ast
from pathlib import Path

from unjam.analysis.project import Module, Project


class FailingImports:
    """Which modules cannot import: `broken` (module name → the file to fix) fail, and so does
    every module whose top-level imports reach one of them."""

    def __init__(self, project: Project, root: Path, broken: dict[str, str]):
        self.broken = broken
        self._imports = _TopLevelImports(project, root)
        self._chains: dict[int, list[str] | None] = {}

    def chain(self, start: Module) -> list[str] | None:
        """The module names from `start`'s imports to a broken one, or None."""
        if id(start) not in self._chains:
            self._chains[id(start)] = _reaches(start, self.broken, self._imports)
        return self._chains[id(start)]

    def fails(self, start: Module) -> bool:
        return self.chain(start) is not None


def _reaches(start: Module, broken: dict[str, str], imports: _TopLevelImports) -> list[str] | None:
    """The module names from `start`'s imports to a broken one (breadth first), or None."""
    if start.name in broken:
        return [start.name]
    parents: dict[str, str] = {start.name: ""}  # name → the name of the module importing it
    queue = [(start, start.name)]
    seen = {id(start)}
    while queue:
        mod, as_name = queue.pop(0)
        for name in imports.of(mod):
            if name in parents:
                continue
            parents[name] = as_name
            if name in broken:
                chain = [name]
                while parents[chain[-1]] not in ("", start.name):
                    chain.append(parents[chain[-1]])
                return chain[::-1]
            found = imports.project.modules.get(name)
            if found is not None and id(found) not in seen:
                seen.add(id(found))
                queue.append((found, name))
    return None


class _TopLevelImports:
    def __init__(self, project: Project, root: Path):
        self.project = project
        self.root = root
        self._known: dict[str, list[str]] = {}

    def of(self, mod: Module) -> list[str]:
        """The module names the module's top-level import statements import (each package
        on the way too: `import a.b` runs `a/__init__.py` first)."""
        known = self._known.get(mod.path)
        if known is None:
            known = self._known[mod.path] = self._read(mod)
        return known

    def _read(self, mod: Module) -> list[str]:
        try:
            tree = ast.parse((self.root / mod.path).read_bytes())
        except (OSError, SyntaxError, ValueError):
            return []
        names: list[str] = []
        for node in tree.body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    names.extend(_with_packages(alias.name))
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(mod, node.level, node.module or "")
                if base:
                    names.extend(_with_packages(base))
                    names.extend(f"{base}.{alias.name}" for alias in node.names)
        return names


def _with_packages(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def _absolute(mod: Module, level: int, module: str) -> str:
    """The absolute name `from <level dots><module> import ...` means in `mod`."""
    if level == 0:
        return module
    package = mod.name if mod.summary.is_package else mod.name.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{module}" if package and module else package or module
