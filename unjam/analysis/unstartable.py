"""Apps that cannot start as written: the app's module imports, at its top level (so when
the server imports it), a project module that CPython cannot compile, or a name or module
the project lacks (missing_names.py) — directly or through other modules' top-level imports
(top_level_imports.py), builds `StaticFiles` for a folder the repository lacks
(static_dirs.py), makes a call that always raises (raising_calls.py), reads a name of its
own before it binds it (unbound_at_load.py), or is caught in a circular import
(circular_imports.py). Importing the app then raises, and no route of it is
ever served, so what the rules would say about them is not true of this code; nor is it of
a route whose own module cannot import, whichever app would include it.

The linker then builds the FastAPI model again without the functions of the modules that
cannot import (what they would construct, register or decorate never happens), and the
file to fix says why in its not-analysed reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.fastapi_records import FastAPIModel, RouterObj
from unjam.analysis.parse import LEFT_TO_PYTHON
from unjam.analysis.project import Module, Project
from unjam.analysis.top_level_imports import FailingImports

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
    broken: str  # the file to fix (relative path): it does not compile, or lacks a name
    through: tuple[str, ...]  # the modules between the app's and it, in import order
    importer: str  # the module whose import fails (the broken one, or one importing it)


def find_unstartable(
    project: Project, model: FastAPIModel, unparsed: dict[str, str], root: Path, broken
) -> tuple[FailingImports, list[RouterObj]] | None:
    """The modules that cannot import — they import (at the top level, as they start) a file
    CPython cannot compile (`broken`: module name → its path), a name a project module does
    not define or a module missing from disk — and the apps of `model` they take down, when
    any app or route is; each file to fix says so in its reason. None when all is served."""
    broken = dict(broken)
    lacking = _lacking_names(project, root, broken)
    until = dict.fromkeys(lacking, "the import is fixed")
    for path, reason in _missing_folders(project, root, broken).items():
        lacking.setdefault(path, reason)
        until.setdefault(path, "the folder exists")
    for path, (reason, fixed) in _raising_calls(project, root, broken).items():
        lacking.setdefault(path, reason)
        until.setdefault(path, fixed)
    for path, reason in _circular(project, model, root, broken).items():
        lacking.setdefault(path, reason)
        until.setdefault(path, "the cycle is broken")
    for path, reason in _unbound(project, model, root, broken).items():
        lacking.setdefault(path, reason)
        until.setdefault(path, "the name is bound before it is read")
    if not broken:
        return None
    failing = FailingImports(project, broken)
    dead = unstartable_apps(model, failing)
    dead_routes = unimportable_routes(project, model, failing)
    for u in dead:
        if u.broken in lacking:
            unparsed.setdefault(u.broken, lacking[u.broken])
            who = f"the app {_app(u)}"
            if u.importer != u.app.scope.mod.name:
                chain = ", ".join(_shown(project, n) for n in (*u.through, u.importer))
                who += f", which imports {chain} as it starts,"
            unparsed[u.broken] += (
                f"; {who} cannot start: its routes are not checked until {until[u.broken]}"
            )
        else:
            chain = ", ".join(_shown(project, n) for n in u.through)
            through = f", through {chain}" if u.through else ""
            unparsed[u.broken] += (
                f"; the app {_app(u)} imports it as it starts{through}, so it cannot start: "
                "its routes are not checked until this file parses"
            )
    for path in sorted(set(dead_routes.values()) - {u.broken for u in dead}):
        if path in lacking:
            unparsed.setdefault(path, lacking[path])
        unparsed[path] += (
            "; the routes of the modules that reach this import are not checked until "
            + until.get(path, "this file parses")
        )
    if not dead and not dead_routes:
        return None
    return failing, [u.app for u in dead]


def unimportable_modules(
    project: Project, root: Path, broken: dict[str, str]
) -> tuple[FailingImports, dict[str, str]] | None:
    """For a project without an app (a library): the modules that cannot import — they
    import, at their top level, a project module or name that does not exist, or a file
    CPython cannot compile (`broken`), directly or through others — and, for each file to
    fix whose names are lacking, why; None when every module imports. No caller can run the
    coroutines of such a module."""
    broken = dict(broken)
    lacking = _lacking_names(project, root, broken)
    if not broken:
        return None
    return FailingImports(project, broken), lacking


def _shown(project: Project, name: str) -> str:
    """A module's name as its importers write it: by its path where its linker name is a
    stand-in (`skills.__init__@`, another module having taken `skills`)."""
    mod = project.modules.get(name) if "@" in name else None
    if mod is None:
        return name
    return mod.path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def _app(u: Unstartable) -> str:
    return f"`{u.app.sym.rpartition('.')[2]}` ({u.app.path}:{u.app.line})"


def _lacking_names(project: Project, root: Path, broken: dict[str, str]) -> dict[str, str]:
    """Adds to `broken` each module whose top-level import of a project module or name
    fails, under the path of the file to fix (the module that lacks the name; the first
    importer of a module missing from disk); returns that path → the reason."""
    from unjam.analysis.missing_names import missing_names
    from unjam.analysis.self_imports import self_imports

    missing = missing_names(project, root) + self_imports(project, root)
    if not missing:
        return {}
    names_of: dict[int, list[str]] = {}
    for name, mod in project.modules.items():
        names_of.setdefault(id(mod), []).append(name)
    groups: dict[str, list] = {}  # the module lacking names, or the missing module's name
    for m in sorted(missing, key=lambda m: (m.importer.path, m.line)):
        key = f"pydantic {m.declared}" if m.declared else m.source.path if m.source else m.name
        groups.setdefault(key, []).append(m)
    # the file each group is reported at → the groups that fail there (a file may both
    # import a missing module and lack a name another file imports from it: two reasons)
    by_path: dict[str, list[list]] = {}
    for found in groups.values():
        path = found[0].source.path if found[0].source else found[0].importer.path
        by_path.setdefault(path, []).append(found)
        for m in found:
            for name in names_of[id(m.importer)]:
                broken.setdefault(name, path)
    return {
        path: "; ".join(_lacking_reason(found) for found in found_there)
        for path, found_there in by_path.items()
    }


def _missing_folders(project: Project, root: Path, broken: dict[str, str]) -> dict[str, str]:
    """Adds to `broken` each module that builds `StaticFiles` for a folder the repository
    lacks (static_dirs.py), under its own path; returns that path → the reason."""
    from unjam.analysis.static_dirs import missing_static_folders

    reasons: dict[str, str] = {}
    for found in missing_static_folders(project, root):
        path = found.module.path
        quoted = f'"{found.directory}"'
        _mark_broken(project, found.module, path, broken)
        reasons.setdefault(
            path,
            f"{path} builds `StaticFiles(directory={found.field or quoted})` (line {found.line})"
            + (f", {quoted} by default, " if found.field else ", ")
            + f"but the repository holds no `{found.directory}` folder beside it or above it: "
            "Starlette raises RuntimeError as the module loads (create the folder, with a "
            "`.gitkeep` so git keeps it, or pass `check_dir=False`)",
        )
    return reasons


def _mark_broken(project: Project, module: Module, path: str, broken: dict[str, str]) -> None:
    """Records `module` in `broken` under each name the project knows it by."""
    for name, mod in project.modules.items():
        if mod is module:
            broken.setdefault(name, path)


def _raising_calls(
    project: Project, root: Path, broken: dict[str, str]
) -> dict[str, tuple[str, str]]:
    """Adds to `broken` each module whose top level makes a call that always raises, or
    reads a name a project module lacks (raising_calls.py), under its own path; returns that
    path → (the reason, what it waits for)."""
    from unjam.analysis.raising_calls import raising_calls

    reasons: dict[str, tuple[str, str]] = {}
    for found in raising_calls(project, root):
        path = found.module.path
        _mark_broken(project, found.module, path, broken)
        reasons.setdefault(path, (found.reason, found.until))
    return reasons


def _unbound(
    project: Project, model: FastAPIModel, root: Path, broken: dict[str, str]
) -> dict[str, str]:
    """Adds to `broken` each module that reads, as it loads, a name nothing has bound yet
    (unbound_at_load.py); returns its path → the reason."""
    from unjam.analysis.top_level_imports import Trees
    from unjam.analysis.unbound_at_load import unbound_at_load

    apps = list({id(app.scope.mod): app.scope.mod for app in model.apps}.values())
    reasons: dict[str, str] = {}
    starred = StarredNames(project)
    for found in unbound_at_load(apps, project.unique_modules(), Trees(root), starred.of):
        path = found.module.path
        _mark_broken(project, found.module, path, broken)
        where = (
            f"before it binds it on line {found.bound}"
            if found.bound
            else "which nothing in it defines or imports"
        )
        reasons.setdefault(
            path,
            f"{path} reads `{found.name}` on line {found.line}, {where}: importing it raises "
            "NameError",
        )
    return reasons


def _circular(
    project: Project, model: FastAPIModel, root: Path, broken: dict[str, str]
) -> dict[str, str]:
    """Adds to `broken` each app module a circular import keeps from importing
    (circular_imports.py); returns its path → the reason."""
    from unjam.analysis.circular_imports import circular_imports

    modules = list({id(app.scope.mod): app.scope.mod for app in model.apps}.values())
    reasons: dict[str, str] = {}
    for found in circular_imports(project, modules, root):
        path = found.module.path
        _mark_broken(project, found.module, path, broken)
        chain = ", which imports ".join(project.modules[name].path for name in found.chain)
        reasons.setdefault(
            path,
            f"{path} imports {chain} (line {found.line}) before it binds `{found.name}`, "
            f"and {found.at[0]} imports `{found.name}` from it as it loads (line "
            f"{found.at[1]}): a circular import, which raises ImportError (partially "
            "initialized module) when the server imports it (bind the name before that "
            "import, or import it where it is used)",
        )
    return reasons


def _lacking_reason(found: list) -> str:
    """One sentence, starting with the path it is reported at (report.py prints it whole)."""
    first = found[0]
    others = len({m.importer.path for m in found}) - 1
    more = f"{others} more file{'s' if others > 1 else ''}"
    them = "them" if others else "it"
    also = f", as do {more}" if others else ""
    from unjam.analysis.missing_names import NEVER_IN_PYDANTIC

    if first.declared == NEVER_IN_PYDANTIC:
        names = ", ".join(f"`{n}`" for n in dict.fromkeys(m.name for m in found))
        return (
            f"{first.importer.path} imports {names} from pydantic (line {first.line}){also}, "
            f"which no pydantic version has (typing's: `from typing import ...`): importing "
            f"{them} raises ImportError"
        )
    if first.declared:
        names = ", ".join(f"`{n}`" for n in dict.fromkeys(m.name for m in found))
        moved = (
            "; `BaseSettings` moved to pydantic-settings: `from pydantic_settings import "
            "BaseSettings`"
            if any(m.name == "BaseSettings" for m in found)
            else ""
        )
        return (
            f"{first.importer.path} imports {names} from pydantic (line {first.line}){also}, "
            f"which pydantic 2 no longer has ({first.declared}): importing {them} raises "
            f"PydanticImportError{moved}"
        )
    if first.source is None and first.shadowed:
        folder = first.expected.removesuffix(".py")
        return (
            f"{first.importer.path} imports {first.name} (line {first.line}){also}, from "
            f"{folder}/, which has no __init__.py: Python finds {first.expected} first, a "
            f"module, not a package, so importing {them} raises ModuleNotFoundError"
        )
    if first.source is None:
        names = ", ".join(dict.fromkeys(m.name for m in found))
        files = list(dict.fromkeys(m.expected for m in found))
        none = f"no {files[0]} is" if len(files) == 1 else f"none of {', '.join(files)} is"
        return (
            f"{first.importer.path} imports {names} (line {first.line}){also}, but {none} on "
            f"disk: importing {them} raises {first.error}"
        )
    names = ", ".join(f"`{n}`" for n in dict.fromkeys(m.name for m in found))
    if first.importer is first.source:
        it = "them" if "," in names else "it"
        return (
            f"{first.importer.path} imports {names} from itself (line {first.line}), and "
            f"nothing above that line binds {it}: as it runs, the module is only half built, "
            f"so importing it raises ImportError (bind {it} above that line, or import {it} "
            f"from the module that defines {it})"
        )
    who = f"{first.importer.path}:{first.line}" + (f" and {more} import" if others else " imports")
    return (
        f"{first.source.path} defines no {names}, which {who} from it: importing {them} "
        "raises ImportError"
    )


def refused(reason: str) -> bool:
    """Whether an unparsed file's reason says CPython cannot compile it either — not one
    the project's own Python may compile (newer syntax this interpreter lacks)."""
    return reason.startswith(_REFUSED) and LEFT_TO_PYTHON not in reason


def unstartable_apps(model: FastAPIModel, failing: FailingImports) -> list[Unstartable]:
    """The apps whose module cannot import, or, for an app a factory builds, the module
    that calls the factory as it loads (the factory's own imports run then)."""
    found: list[Unstartable] = []
    for app in model.apps:
        chain = failing.chain(app.scope.mod)
        if chain is None and app.scope.fd.qn != "<module>":
            loaders = failing.calling_at_load(app.scope)
            chain = next(filter(None, map(failing.chain, loaders)), None)
        if chain is not None:
            broken = failing.broken[chain[-1]]
            found.append(Unstartable(app, broken, tuple(chain[:-1]), chain[-1]))
    return found


def unimportable_routes(
    project: Project, model: FastAPIModel, failing: FailingImports
) -> dict[int, str]:
    """The routes (by id) whose own module cannot import, each with the file to fix: no
    app can serve them."""
    dead: dict[int, str] = {}
    for route in model.routes:
        name = project.primary.get(route.decorator_path)
        mod = project.modules.get(name) if name else None
        chain = failing.chain(mod) if mod is not None else None
        if chain is not None:
            dead[id(route)] = failing.broken[chain[-1]]
    return dead


class StarredNames:
    """The names a module's star imports bind (`from crud import *`): every top-level name
    of the project modules they name, through their own star imports; None where one names
    a module outside the project, or a chain too deep to follow."""

    def __init__(self, project: Project) -> None:
        self.p = project
        self._known: dict[int, set[str] | None] = {}

    def of(self, mod: Module, depth: int = 0) -> set[str] | None:
        if id(mod) in self._known:
            return self._known[id(mod)]
        if depth > 8:
            return None
        self._known[id(mod)] = None  # (a cycle of star imports: no claim)
        names: set[str] | None = set()
        for imp in mod.summary.star_imports:
            target = self.p.modules.get(self.p.import_target(mod, imp).removesuffix(".*"))
            inner = self.of(target, depth + 1) if target is not None else None
            if target is None or inner is None or names is None:
                names = None
                break
            s = target.summary
            names |= {*s.global_values, *s.classes, *s.imports, *inner}
            names |= {qn for qn in s.funcs if "." not in qn and qn != "<module>"}
        self._known[id(mod)] = names
        return names
