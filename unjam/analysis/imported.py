"""Which modules a project imports by certain names (module-level, star and function-local
imports), as the analyser resolves them: what decides whether a file named as a test is
the program's own module (linker.py `_link_imported_held`)."""

from __future__ import annotations

from unjam.analysis.project import Module, Project
from unjam.analysis.summary import ImportRef


def imported_names(project: Project, mod: Module, stems: frozenset[str]) -> set[str]:
    """The module names `mod`'s imports may load, among imports that mention one of `stems`
    (the last parts of the names asked about: resolving every import of every module would
    cost more): each such import's target and the packages above it (`from app.services
    import test_orders` names it as an attribute of its package)."""
    found: list[ImportRef] = []
    summary = mod.summary
    for imp in (*summary.imports.values(), *summary.star_imports):
        if _mentions(imp.module, imp.name, stems):
            found.append(imp)
    for fd in summary.funcs.values():
        for values in fd.locals.values():
            for value in values:  # `def f(): from .x import y`
                if value[0] == "imp" and _mentions(value[2], value[3], stems):
                    found.append(ImportRef(value[1], value[2], value[3]))
    names: set[str] = set()
    for imp in found:
        target = project.import_target(mod, imp)
        while target and target not in names:
            names.add(target)
            target = target.rpartition(".")[0]
    return names


def _mentions(module: str, name: str | None, stems: frozenset[str]) -> bool:
    """A cheap sieve (a substring may match more than a whole part: resolved, then judged)."""
    return name in stems or any(stem in module for stem in stems)


def modules_reached(project: Project, start: Module) -> set[str]:
    """The names of the project modules `start` imports, and they in turn (module-level,
    star and function-local imports, and the packages above each): the program an app's
    module loads."""
    reached: set[str] = set()
    queue = [start]
    while queue:
        mod = queue.pop()
        if mod.name in reached:
            continue
        reached.add(mod.name)
        summary = mod.summary
        imports = [*summary.imports.values(), *summary.star_imports]
        for fd in summary.funcs.values():
            for values in fd.locals.values():
                imports += [ImportRef(v[1], v[2], v[3]) for v in values if v[0] == "imp"]
        for imp in imports:
            target = project.import_target(mod, imp)
            while target:
                found = project.modules.get(target)
                if found is not None and found.name not in reached:
                    queue.append(found)
                target = target.rpartition(".")[0]
    return reached
