"""A module importing a name from itself before it binds it (`from app.auth.auth import
SECRET_KEY` at the top of app/auth/auth.py): while a module runs, what `sys.modules` holds
under its name is the module half built, which lacks every name bound further down, so the
import raises ImportError and no app importing the module starts (unstartable.py).

Only a top-level, unconditional import naming the module's own file is judged, and only where
nothing above it binds the name or may (a star import, a module `__getattr__`, `globals()`);
a package is let off when the name is one of its submodules, which the import then loads.
"""

from __future__ import annotations

import ast
from pathlib import Path

from unjam.analysis.import_paths import submodule_file
from unjam.analysis.missing_names import MissingName
from unjam.analysis.project import Module, Project
from unjam.analysis.resolution import OUTSIDE_NAMES
from unjam.analysis.summary import ImportRef
from unjam.analysis.top_level_imports import (
    Trees,
    binds_somehow,
    top_level_import,
)


def self_imports(project: Project, root: Path) -> list[MissingName]:
    """Each module's top-level import of a name from itself that nothing binds before it."""
    trees = Trees(root)
    found: list[MissingName] = []
    paths = [mod.path for mod in project.unique_modules()]
    known = frozenset(paths)
    for mod in project.unique_modules():
        for imp in mod.summary.imports.values():
            if (
                imp.name
                and _names_itself(mod, imp, known)
                and not _named_elsewhere(mod, imp, paths)
            ):
                line = _unbound_at(trees.of(mod), imp)
                if line and not (mod.summary.is_package and submodule_file(root, mod, imp.name)):
                    found.append(MissingName(mod, line, mod, imp.name))
    return found


def _names_itself(mod: Module, imp: ImportRef, paths: frozenset[str]) -> bool:
    """Whether the import's module is the importer's own file: a relative import by its
    folders; an absolute one by a dotted name no library takes, its path from the root or
    from a folder below that is no package (a bare name may be a library's the file is
    named after: `celery`; `nuclio.triggers` in mlrun/runtimes/nuclio/triggers.py is the
    `nuclio` library's, mlrun/runtimes being a package, never a folder on `sys.path`)."""
    if imp.level:
        folders = mod.path.split("/")[:-1]
        if imp.level - 1 > len(folders):
            return False
        parts = folders[: len(folders) - (imp.level - 1)] + [p for p in imp.module.split(".") if p]
        base = "/".join(parts)
        return mod.path in (f"{base}.py", f"{base}/__init__.py")
    if "." not in imp.module or imp.module.partition(".")[0] in OUTSIDE_NAMES:
        return False
    base = imp.module.replace(".", "/")
    return any(
        mod.path == own
        or (
            mod.path.endswith(f"/{own}") and f"{mod.path.removesuffix(own)}__init__.py" not in paths
        )
        for own in (f"{base}.py", f"{base}/__init__.py")
    )


def _named_elsewhere(mod: Module, imp: ImportRef, paths: list[str]) -> bool:
    """Whether another file of the project also takes the absolute import's dotted name
    (`polar.exceptions` in server/polar/integrations/polar/exceptions.py, beside
    server/polar/exceptions.py): which one the import finds depends on `sys.path`, and the
    one nearer the root is the likelier."""
    if imp.level:
        return False
    base = imp.module.replace(".", "/")
    owns = (f"{base}.py", f"{base}/__init__.py")
    return any(
        path != mod.path and (path in owns or path.endswith((f"/{owns[0]}", f"/{owns[1]}")))
        for path in paths
    )


def _unbound_at(tree: ast.Module | None, imp: ImportRef) -> int:
    """The line of the top-level import, when nothing before it binds the name, or may."""
    line = top_level_import(tree, imp)
    if not line or tree is None:
        return 0
    before = [stmt for stmt in tree.body if stmt.lineno < line]
    above = ast.Module(body=before, type_ignores=[])
    return 0 if binds_somehow(above, imp.name or "") else line
