"""What a module's top level does as it runs: the modules it imports, by its top-level
import statements — not those under `if TYPE_CHECKING:`, in a `try:` or in a function (which
may never run, or whose error may be caught), but those at the top of a function its top
level calls, and of the functions that one calls so in turn (an app factory: `app =
register_app()`, whose `register_router(app)` runs `from app.router import router`), as
the summaries record them (FuncDef.load_steps) — and, read from the file itself where some
import is known to fail, the names it binds there (missing_names.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

from unjam.analysis.project import Cls, Func, Module, Project
from unjam.analysis.summary import ImportRef

_CALL_DEPTH = 4  # calls followed from a module's top level (a factory's helpers' helpers)


class FailingImports:
    """Which modules cannot import: `broken` (module name → the file to fix) fail, and so does
    every module whose top-level imports reach one of them."""

    def __init__(self, project: Project, broken: dict[str, str]):
        self.broken = broken
        self._imports = _TopLevelImports(project, broken)
        self._chains: dict[int, list[str] | None] = {}

    def chain(self, start: Module) -> list[str] | None:
        """The module names from `start`'s imports to a broken one, or None."""
        if id(start) not in self._chains:
            self._chains[id(start)] = _reaches(start, self._imports)
        return self._chains[id(start)]

    def fails(self, start: Module) -> bool:
        return self.chain(start) is not None

    def calling_at_load(self, factory: Func) -> list[Module]:
        """The modules whose top level calls `factory` (`app = register_app()`): importing
        them runs it, and what it imports."""
        project = self._imports.project
        return [
            caller.mod
            for caller, site in project.sites_named(factory.fd.name)
            if caller.fd.qn == "<module>"
            and project.callee(caller, site.func) == ("func", factory.gqn)
        ]


def _reaches(start: Module, imports: _TopLevelImports) -> list[str] | None:
    """The module names from `start`'s imports to a broken one (breadth first), or None.
    Importing `start` by its name runs the packages above it first (`app.routes.users`
    runs app/routes/__init__.py, whose own imports may fail): they are its first imports."""
    broken = imports.broken
    if start.name in broken:
        return [start.name]
    parents: dict[str, str] = {start.name: ""}  # name → the name of the module importing it
    queue = [(start, start.name)]
    seen = {id(start)}
    project = imports.project
    for package in _packages_above(project, start):
        found = project.modules.get(package)
        if package in broken:
            return [package]
        if found is not None and id(found) not in seen:
            parents[package] = start.name
            seen.add(id(found))
            queue.append((found, package))
    while queue:
        mod, as_name = queue.pop(0)
        for name in imports.resolved(mod):
            if name in parents:
                continue
            parents[name] = as_name
            if name in broken:
                chain = [name]
                while parents[chain[-1]] not in ("", start.name):
                    chain.append(parents[chain[-1]])
                return chain[::-1]
            found = project.modules.get(name)
            if found is not None and id(found) not in seen:
                seen.add(id(found))
                queue.append((found, name))
    return None


def _packages_above(project: Project, start: Module) -> list[str]:
    """The names of the packages above `start`, found by its path (its folder's
    `__init__.py`, and each folder above while it is a package: another module may have
    taken their names), outermost first."""
    folders = start.path.split("/")[:-1]
    if start.path.rpartition("/")[2] == "__init__.py":
        folders.pop()  # (a package's own `__init__`: the packages above its folder)
    found: list[str] = []
    while folders:
        name = project.primary.get("/".join(folders) + "/__init__.py")
        if name is None:
            break
        found.append(name)
        folders.pop()
    return found[::-1]


def _resolve(project: Project, mod: Module, written: str, broken: dict[str, str]) -> str:
    """The module an import written `written` in `mod` loads: the importer's own copy of a
    package it sits in, where another folder holds a module of that name (`from app.config
    import x` in b/app/main.py); or the copy on its own `sys.path` folder, where a script
    folder's module took the name; or the one beside it that import resolution takes (`from
    routers import x`); or one in a folder the linker names otherwise, found by its path."""
    name = (
        project.own_module(mod, written)
        or project.nearer_copy(mod, written)
        or project.sibling(mod, written)
    )
    if name is None and written not in project.modules:
        name = project.namespace_copy(mod, written) or _broken_above(project, mod, written, broken)
    return name or written


def _broken_above(
    project: Project, mod: Module, written: str, broken: dict[str, str]
) -> str | None:
    """The name of a broken file (no module: it does not compile) an import names from
    above the namespace folder the importer sits in (`from core.checker import X` in
    backend/app/main.py, backend/core/checker.py a syntax error)."""
    paths = project.above_namespace_paths(mod.path.rpartition("/")[0], written)
    return next((name for name, path in broken.items() if path in paths), None)


class _TopLevelImports:
    def __init__(self, project: Project, broken: dict[str, str]):
        self.project = project
        self.broken = broken
        self._resolved: dict[str, list[str]] = {}

    def resolved(self, mod: Module) -> list[str]:
        """The names of the modules the module's top-level imports load, as `_reaches`
        follows them (remembered per module: every start's search crosses the same ones)."""
        known = self._resolved.get(mod.path)
        if known is None:
            known = self._resolved[mod.path] = [
                _resolve(self.project, mod, written, self.broken) for written in self._read(mod)
            ]
        return known

    def _read(self, mod: Module) -> list[str]:
        """The module names the module's top-level import statements import (each package
        on the way too: `import a.b` runs `a/__init__.py` first)."""
        scope = self.project.module_scope(mod)
        names: list[str] = []
        for step in scope.fd.load_steps:
            if step[0] == "from" and step[1] and self._by_path(mod):
                # (a module whose linker names another module took, or of a package another
                # copy may have named first: found by its path)
                found = self._relative_by_path(mod, step[1], step[2], step[3])
                names.extend(found if found or "@" in mod.name else _by_name(mod, step))
            elif step[0] == "call":
                names.extend(self._run_as_it_loads(scope, step[1], _CALL_DEPTH, set()))
            else:
                names.extend(_imported(mod, step))
        return names

    def _run_as_it_loads(self, caller: Func, name: str, depth: int, seen: set[str]) -> list[str]:
        """What the project function `caller` calls by `name` imports at the top of its body,
        and the functions it calls there in turn, `depth` calls deep."""
        value = self.project.value_of(caller, ("name", name))
        func = (
            self.project.funcs.get(value[1]) if value is not None and value[0] == "func" else None
        )
        if func is None or func.gqn in seen or func.fd.is_async or func.fd.is_generator:
            return []
        seen.add(func.gqn)
        names: list[str] = []
        for step in func.fd.load_steps:
            if step[0] != "call":
                names.extend(_imported(func.mod, step))
            elif depth > 1:
                names.extend(self._run_as_it_loads(func, step[1], depth - 1, seen))
        return names

    def _by_path(self, mod: Module) -> bool:
        return "@" in mod.name or mod.name.partition(".")[0] in self.project.contested

    def _relative_by_path(
        self, mod: Module, level: int, module: str, aliases: tuple[str, ...]
    ) -> list[str]:
        found = self.project.relative_by_path(mod, level, module, "")
        names = [found] if found else []
        for alias in aliases:
            target = self.project.relative_by_path(mod, level, module, alias)
            if target:
                names.append(target)
        return names


def _imported(mod: Module, step: tuple) -> list[str]:
    """The module names an `import` or `from` step of `mod` (FuncDef.load_steps) imports,
    each package on the way too (`import a.b` runs `a/__init__.py` first)."""
    return with_packages(step[1]) if step[0] == "import" else _by_name(mod, step)


def _by_name(mod: Module, step: tuple) -> list[str]:
    _from, level, module, aliases = step
    base = _absolute(mod, level, module)
    if not base:
        return []
    return [*with_packages(base), *(f"{base}.{alias}" for alias in aliases)]


def with_packages(name: str) -> list[str]:
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


def binds_somehow(tree: ast.Module | None, name: str) -> bool:
    """Whether the module binds `name` at its top level in any way, or may at run time
    (a module `__getattr__`, `globals()`, `exec`, a star import, another module put in its
    place: `sys.modules[__name__] = agenta_client`); True when unreadable."""
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Global) and name in node.names:
            return True
        if isinstance(node, ast.Assign) and any(map(_own_sys_modules_slot, node.targets)):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and (node.func.id in _DYNAMIC)
        ):
            return True
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            return True
    return name in top_level_names(tree.body) or "__getattr__" in top_level_names(tree.body)


def _own_sys_modules_slot(target: ast.expr) -> bool:
    """`sys.modules[__name__]` as an assignment's target."""
    return (
        isinstance(target, ast.Subscript)
        and isinstance(target.slice, ast.Name)
        and target.slice.id == "__name__"
        and isinstance(target.value, ast.Attribute)
        and target.value.attr == "modules"
        and isinstance(target.value.value, ast.Name)
        and target.value.value.id == "sys"
    )


def top_level_names(body: list[ast.stmt]) -> set[str]:
    """Every name the statements bind in the module's namespace (not inside a def or a
    class, whose names are their own)."""
    names: set[str] = set()
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
            continue
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                names.add(alias.asname or alias.name.partition(".")[0])
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update(a.asname or a.name.partition(".")[0] for a in node.names)
            elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
                names.add(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                names.add(node.rest)
            elif type(node).__name__ == "TypeAlias":
                names.add(node.name.id)  # type: ignore[attr-defined]
    return names


def top_level_import(tree: ast.Module | None, imp: ImportRef) -> int:
    """The line of the importer's top-level import statement for `imp` (0 when it sits under
    an `if`, in a `try` or in a function: it may not run, or its error be caught)."""
    if tree is None:
        return 0
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and imp.name:
            if (
                stmt.level == imp.level
                and (stmt.module or "") == imp.module
                and any(alias.name == imp.name for alias in stmt.names)
            ):
                return stmt.lineno
        elif (
            isinstance(stmt, ast.Import)
            and not imp.name
            and (any(alias.name == imp.module for alias in stmt.names))
        ):
            return stmt.lineno
    return 0


def top_level_statement(tree: ast.Module | None, line: int) -> ast.stmt | None:
    """The statement of the module's own body that holds `line` (a def's or a class's
    decorators included), None when unreadable or none does."""
    if tree is None:
        return None
    for stmt in tree.body:
        first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
        if first <= line <= (stmt.end_lineno or stmt.lineno):
            return stmt
    return None


class Trees:
    """The modules' texts and syntax trees, each read and parsed once for the checks that
    share them (a check that can tell from the text that a module holds nothing for it reads
    `text`, several times cheaper than parsing)."""

    def __init__(self, root: Path):
        self.root = root
        self._trees: dict[str, ast.Module | None] = {}
        self._sources: dict[str, bytes | None] = {}

    def of(self, mod: Module) -> ast.Module | None:
        if mod.path not in self._trees:
            source = self._source(mod)
            try:
                tree = ast.parse(source) if source is not None else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):  # no claim
                tree = None
            self._trees[mod.path] = tree
        return self._trees[mod.path]

    def text(self, mod: Module) -> str | None:
        """The module's text (undecodable bytes replaced), None when unreadable."""
        source = self._source(mod)
        return None if source is None else source.decode("utf-8", errors="replace")

    def _source(self, mod: Module) -> bytes | None:
        if mod.path not in self._sources:
            try:
                self._sources[mod.path] = (self.root / mod.path).read_bytes()
            except OSError:  # unreadable: no claim
                self._sources[mod.path] = None
        return self._sources[mod.path]

    def class_statement(self, cls: Cls) -> ast.ClassDef | None:
        """The project class's statement in its module's text (None when unreadable)."""
        tree = self.of(cls.mod)
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.ClassDef) and (node.lineno, node.name) == (
                cls.cd.line,
                cls.cd.name,
            ):
                return node
        return None


_DYNAMIC = frozenset({"globals", "vars", "locals", "exec", "setattr", "__import__"})


def serves_when_run(tree: ast.Module) -> bool:
    """`if __name__ == "__main__": uvicorn.run(app)`: run as a script, the module hands a
    server's `run` the app object itself, not an import string (which would import the
    module again, by name)."""
    for stmt in tree.body:
        if not isinstance(stmt, ast.If) or "__main__" not in ast.dump(stmt.test):
            continue
        for node in ast.walk(stmt):
            if not isinstance(node, ast.Call) or _called(node.func) != "run":
                continue
            given = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "app")]
            if any(isinstance(value, ast.Name) for value in given):
                return True
    return False


def _called(func: ast.expr) -> str:
    """`run` of `uvicorn.run` or of `run`."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""
