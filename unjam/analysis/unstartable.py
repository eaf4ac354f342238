"""Apps that cannot start as written: the app's module imports, at its top level (so when
the server imports it), a project module that CPython cannot compile — directly or through
other modules' top-level imports. Importing the app then raises a SyntaxError, and no route
of it is ever served, so what the rules would say about them is not true of this code.

Only unconditional imports are followed: statements of a module's own top level, not those
under `if TYPE_CHECKING:`, `try:` or in a function (which may never run or may be caught).
They are read from the files themselves, only when some file failed to parse, which is rare:
the summaries do not keep where an import statement stands.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.fastapi_records import FastAPIModel, RouterObj
from unjam.analysis.project import Module, Project

# the reasons (parse.py) of files CPython would refuse to compile, too: importing them fails
_REFUSED = (
    "syntax error",
    "NUL byte",
    "not UTF-8",
    "deep nesting",
    "deep indentation",
    "f-string CPython rejects",
)


@dataclass(frozen=True)
class Unstartable:
    app: RouterObj
    broken: str  # the file that does not compile (relative path)
    through: tuple[str, ...]  # the modules between the app's and it, in import order


def refused(reason: str) -> bool:
    """Whether an unparsed file's reason says CPython cannot compile it either."""
    return reason.startswith(_REFUSED)


def unstartable_apps(
    project: Project, model: FastAPIModel, broken: dict[str, str], root: Path
) -> list[Unstartable]:
    """The apps whose module's top-level imports reach a module named in `broken` (module
    name → its file's relative path)."""
    if not broken:
        return []
    imports = _TopLevelImports(project, root)
    found: list[Unstartable] = []
    for app in model.apps:
        chain = _reaches(app.scope.mod, broken, imports)
        if chain is not None:
            found.append(Unstartable(app, broken[chain[-1]], tuple(chain[:-1])))
    return found


def leave_out(model: FastAPIModel, dead: list[Unstartable]) -> None:
    """Take the apps that cannot start, and their routes, out of the model; when no app is
    left, the handlers registered on them (lifespan, middleware) too: none of it runs."""
    gone = {u.app.sym for u in dead}
    model.routes = [r for r in model.routes if r.app not in gone]
    model.unstartable = [a for a in model.apps if a.sym in gone]
    model.apps = [a for a in model.apps if a.sym not in gone]
    if not model.apps:
        model.others = []
        model.http_middleware = []


def _reaches(start: Module, broken: dict[str, str], imports: _TopLevelImports) -> list[str] | None:
    """The module names from `start`'s imports to a broken one (breadth first), or None."""
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

    def of(self, mod: Module) -> list[str]:
        """The module names the module's top-level import statements import (each package
        on the way too: `import a.b` runs `a/__init__.py` first)."""
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
