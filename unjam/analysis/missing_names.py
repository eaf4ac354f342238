"""Imports of a name the project's module does not define: `from app.settings import Meta`
when app/settings.py binds no `Meta` raises ImportError as the importing module runs, so an
app that imports that module as it starts never starts (unstartable.py says which apps).

The summaries find the candidates with no file read: an import from a project module whose
summary binds no such name. Only the few candidates are then read with `ast`, which sees
every way a module binds a name (a `for` target, `with … as`, a walrus), and every way it
may make one up as it runs (`__getattr__`, `globals()`, a star import), in which case the
import is given the benefit of the doubt. An absolute import is judged only when it names
the module by its place on `sys.path` — the analysed root, `src/`, or the importer's own
package root — and not a name the standard library or a library the catalogue knows takes
(a project's `shared/fastapi/` package does not make `from fastapi import Request` fail).
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.catalogue import library_roots
from unjam.analysis.declared_versions import declared_major
from unjam.analysis.discovery import ignored_by_git
from unjam.analysis.project import Module, Project
from unjam.analysis.summary import ImportRef


@dataclass(frozen=True)
class MissingName:
    importer: Module  # the module whose import fails
    line: int  # of the import statement, at the importer's top level
    statement: str  # as written: `from app.settings import Meta`, `import app.jobs`
    source: Module | None  # the module that lacks the name; None when the module is missing
    name: str  # the name it lacks, or the dotted name of the missing module
    expected: str = ""  # for a missing module: the file it would be (relative)
    # for a name pydantic 2 removed: the file that declares pydantic 2 (`poetry.lock: 2.7.0`)
    declared: str = ""


def missing_names(project: Project, root: Path) -> list[MissingName]:
    """Top-level, unconditional imports in the project of a name its module does not bind,
    or of a module of a project package that is not on disk, or of a name pydantic 1 had
    where the project declares pydantic 2."""
    trees = _Trees(root)
    found: list[MissingName] = []
    declared = ""
    for importer, imp, source, missing in _candidates(project, root):
        if missing[0] == _PYDANTIC:
            declared = declared or _pydantic_2(root, importer, project.primary)
            if declared == "-":
                continue
            line, statement = _top_level_import(trees.of(importer), imp)
            if line:
                name = imp.name or ""
                found.append(MissingName(importer, line, statement, None, name, "", declared))
            continue
        if source is not None:
            name = imp.name or ""
            if _binds_somehow(trees.of(source), name):
                continue
            if source.summary.is_package and _submodule_file(root, source, name):
                continue
            expected = ""
        else:
            name, expected = missing
        line, statement = _top_level_import(trees.of(importer), imp)
        if line:
            found.append(MissingName(importer, line, statement, source, name, expected))
    return found


def _candidates(project: Project, root: Path) -> list[tuple]:
    """(importer, import, source module, ("", "")) for each `from … import name` whose
    project module's summary binds no such name and holds no submodule of it;
    (importer, import, None, (dotted, file)) for each import of a module missing from a
    project package (`file`: where it would be)."""
    primary = project.primary
    children = _children(primary)
    names = _project_names(children)
    tops: dict[str, str] = {}  # dotted module → its first name, "" when not the project's
    holding: dict[tuple[str, str], str | None] = {}  # (first name, folders) → the folder
    sources: dict[tuple[str, str], Module | None] = {}
    bound: dict[str, frozenset[str] | None] = {}  # module path → the names it binds
    absent: dict[tuple[str, str], tuple[str, str] | None] = {}
    found: list[tuple] = []
    namespace_found: set[str] = set()  # namespace folders some import found a module in
    for mod in project.unique_modules():
        folders = None
        for imp in mod.summary.imports.values():
            name, module = imp.name, imp.module
            if name == "*":
                continue
            if module == "pydantic" and name in _PYDANTIC_1_ONLY:
                found.append((mod, imp, None, (_PYDANTIC, ""), ""))
                continue
            first = ""
            if imp.level:
                folder = _relative_folder(mod, imp.level)
            else:
                top = tops.get(module)
                if top is None:
                    top = module.partition(".")[0]
                    top = tops[module] = top if top in names else ""
                first = top
                if not first:
                    continue
                if folders is None:
                    folders = _sys_path_folders(mod, primary)
                if (first, folders) not in holding:
                    holding[first, folders] = _holding(first, folders, children)
                held = holding[first, folders]
                if held is None:
                    continue
                folder = held
            key = (module, folder)
            if key not in sources:
                sources[key] = _module_at(project, folder, module)
                if first and sources[key] is not None:
                    namespace_found.add(f"{folder}{first}/")
            source = sources[key]
            if source is not None:
                if name:
                    if source.path not in bound:
                        bound[source.path] = _bound_names(source, children)
                    names_bound = bound[source.path]
                    if names_bound is not None and name not in names_bound:
                        found.append((mod, imp, source, ("", ""), ""))
                continue
            dotted = f"{module}.{name}" if name else module
            if (dotted, folder) not in absent:
                absent[dotted, folder] = _missing_module(root, folder, dotted, module)
            missing = absent[dotted, folder]
            if missing is not None:
                found.append((mod, imp, None, missing, f"{folder}{first}/" if first else ""))
    # a folder without `__init__.py` is a namespace package, which an installed package of
    # the same name comes before (`alembic/` of migrations): trusted only when the project
    # is seen importing its own modules through it
    return [
        c[:4]
        for c in found
        if c[2] is not None or not c[4] or c[4] in namespace_found or _regular(c[4], primary)
    ]


# names `from pydantic import …` gives in pydantic 1 and raises PydanticImportError for in 2
_PYDANTIC = "pydantic"
_PYDANTIC_1_ONLY = frozenset(
    {"BaseSettings", "Protocol", "Required", "JsonWrapper", "compiled", "stricturl"}
    | {"validate_model", "parse_file_as", "parse_raw_as", "StrBytes", "NoneStr", "NoneBytes"}
    | {"NoneStrBytes", "create_model_from_namedtuple", "create_model_from_typeddict"}
    | {f"Constrained{kind}" for kind in ("Bytes", "Date", "Decimal", "Float", "FrozenSet")}
    | {f"Constrained{kind}" for kind in ("Int", "List", "Set", "Str")}
)


def _pydantic_2(root: Path, importer: Module, primary: dict[str, str]) -> str:
    """Where the project declares pydantic 2 (`poetry.lock: 2.7.0`; a requirement of
    pydantic-settings, which needs it), from the importer's package root up; "-" when it
    does not."""
    folders = list(dict.fromkeys(reversed(_sys_path_folders(importer, primary).split("|"))))
    for package in ("pydantic", "pydantic-settings"):
        found = declared_major(root, folders, package)
        if found is not None:
            return found[1] if found[0] >= 2 or package != "pydantic" else "-"
    return "-"


def _project_names(children: dict[str, set[str]]) -> frozenset[str]:
    """The names of the project's modules and folders, less those the standard library or
    a library the catalogue knows takes."""
    names: set[str] = set()
    for folder, inside in children.items():
        names |= inside
        names.add(folder.rstrip("/").rpartition("/")[2])
    return frozenset(names - _STDLIB - library_roots())


def _regular(folder: str, primary: dict[str, str]) -> bool:
    return f"{folder}__init__.py" in primary


def _holding(first: str, folders: str, children: dict[str, set[str]]) -> str | None:
    """The first of the `sys.path` folders that holds the module or package `first`."""
    for folder in folders.split("|"):
        if first in children.get(folder, ()) or f"{folder}{first}/" in children:
            return folder
    return None


def _missing_module(root: Path, folder: str, dotted: str, module: str) -> tuple[str, str] | None:
    """(the dotted name of the first module on the way that is not on disk, the file it
    would be) for `import dotted` from `folder`; None when every step exists (a module not
    analysed, an extension, a package's attribute). `module`: what a `from` import names
    before its `import` (its last step may be an attribute, not a module)."""
    path = root / folder if folder else root
    parts = dotted.split(".")
    for i, part in enumerate(parts):
        if (path / part).is_dir():
            path = path / part
            continue
        if any(path.glob(f"{part}.*")):
            return None
        if i == len(parts) - 1 and dotted != module and (path / "__init__.py").exists():
            return None  # `from package import name`: the summary said no such name
        expected = f"{folder}{'/'.join(parts[: i + 1])}"
        if ignored_by_git(root, f"{expected}.py") or ignored_by_git(root, expected):
            return None  # kept out of git on purpose: where the app runs, it is there
        return ".".join(parts[: i + 1]), f"{expected}.py"
    return None


def _sys_path_folders(mod: Module, primary: dict[str, str]) -> str:
    """The folders an absolute import in `mod` may find a project module from: the root,
    `src/`, and the folder above its top package (its own, for a script outside any
    package: run as `python dir/main.py`, its folder comes first on `sys.path`)."""
    parts = mod.path.split("/")[:-1]
    depth = len(parts)
    while depth and "/".join(parts[:depth]) + "/__init__.py" in primary:
        depth -= 1
    top = "/".join(parts[:depth])
    folders = ["", "src/"]
    in_package = depth < len(parts)
    above = any("/".join(parts[:d]) + "/__init__.py" in primary for d in range(1, depth))
    if top and (in_package or not above):
        folders.append(f"{top}/")
    return "|".join(folders)


def _module_at(project: Project, folder: str, dotted: str) -> Module | None:
    """The project module `dotted` names from `folder` (relative, with its "/")."""
    tail = dotted.replace(".", "/")
    name = project.primary.get(f"{folder}{tail}/__init__.py" if tail else f"{folder}__init__.py")
    if name is None and tail:
        name = project.primary.get(f"{folder}{tail}.py")
    return None if name is None else project.modules[name]


def _relative_folder(mod: Module, level: int) -> str:
    """The folder (relative, with its "/") `from <level dots>` starts from in `mod`."""
    parts = mod.path.split("/")[:-1]
    up = level - 1
    if up > len(parts):
        return "/"  # beyond the root: matches no file
    folder = "/".join(parts[: len(parts) - up])
    return f"{folder}/" if folder else ""


def _children(primary: dict[str, str]) -> dict[str, set[str]]:
    """Folder (relative, with its "/") → the names of the modules and packages in it."""
    children: dict[str, set[str]] = {}
    for path in primary:
        folder, _, name = path.rpartition("/")
        if name == "__init__.py":
            folder, _, name = folder.rpartition("/")
        prefix = f"{folder}/" if folder else ""
        children.setdefault(prefix, set()).add(name.removesuffix(".py"))
    return children


def _bound_names(mod: Module, children: dict[str, set[str]]) -> frozenset[str] | None:
    """The names the module's summary binds at its top level, and its submodules' names;
    None when it may bind any name (a star import, a module `__getattr__`)."""
    s = mod.summary
    if s.star_imports or "__getattr__" in s.funcs:
        return None
    names = {*s.global_values, *s.imports, *s.classes, *s.funcs, *s.global_annotations}
    if s.is_package:
        folder = mod.path.rpartition("/")[0]
        names |= children.get(f"{folder}/" if folder else "", set())
    return frozenset(names)


def _submodule_file(root: Path, package: Module, name: str) -> bool:
    """Whether the package's folder holds a file or folder `name` may be imported from (a
    submodule, a namespace folder, a compiled extension)."""
    folder = (root / package.path).parent
    return (folder / name).is_dir() or any(folder.glob(f"{name}.*"))


def _binds_somehow(tree: ast.Module | None, name: str) -> bool:
    """Whether the module binds `name` at its top level in any way, or may at run time
    (a module `__getattr__`, `globals()`, `exec`, a star import); True when unreadable."""
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Global) and name in node.names:
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and (node.func.id in _DYNAMIC)
        ):
            return True
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            return True
    return name in _top_level_names(tree.body) or "__getattr__" in _top_level_names(tree.body)


_DYNAMIC = frozenset({"globals", "vars", "locals", "exec", "setattr", "__import__"})


def _top_level_names(body: list[ast.stmt]) -> set[str]:
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


def _top_level_import(tree: ast.Module | None, imp: ImportRef) -> tuple[int, str]:
    """The line and text of the importer's top-level import statement for `imp` ((0, "")
    when it sits under an `if`, in a `try` or in a function: it may not run, or its error
    be caught)."""
    if tree is None:
        return 0, ""
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and imp.name:
            if (
                stmt.level == imp.level
                and (stmt.module or "") == imp.module
                and any(alias.name == imp.name for alias in stmt.names)
            ):
                dots = "." * imp.level
                return stmt.lineno, f"from {dots}{imp.module} import {imp.name}"
        elif (
            isinstance(stmt, ast.Import)
            and not imp.name
            and (any(alias.name == imp.module for alias in stmt.names))
        ):
            return stmt.lineno, f"import {imp.module}"
    return 0, ""


class _Trees:
    def __init__(self, root: Path):
        self.root = root
        self._trees: dict[str, ast.Module | None] = {}

    def of(self, mod: Module) -> ast.Module | None:
        if mod.path not in self._trees:
            try:
                tree = ast.parse((self.root / mod.path).read_bytes())
            except (OSError, SyntaxError, ValueError):
                tree = None
            self._trees[mod.path] = tree
        return self._trees[mod.path]


_STDLIB = frozenset(sys.stdlib_module_names)
