"""Which of a name's two imports a module gets, where an `except` handler imports it again:

    try:
        from ..db import db_conn
    except ImportError:  # run from inside the package: `cd api && uvicorn main:app`
        from db import db_conn

The summary keeps the `try`'s import as the binding and the handler's as a fallback
(`ModuleSummary.fallback_imports`). Both name one function as the program runs, whichever
way it is started; unjam can follow only the import that names one of the project's modules.
So the fallback takes the binding's place when it names a project module and the `try`'s
import names none: without it, every call of `db_conn` would be an outside library's.
"""

from __future__ import annotations

from dataclasses import replace

from unjam.analysis.project import Module, Project
from unjam.analysis.summary import ImportRef


def choose_fallback_imports(project: Project) -> None:
    """Give each module whose `try` import names no project module, and whose fallback does,
    the fallback as the binding (before anything is resolved through it)."""
    changed = False
    for mod in project.unique_modules():
        fallbacks = mod.summary.fallback_imports
        if not fallbacks:
            continue
        imports = dict(mod.summary.imports)
        for name, fallback in fallbacks.items():
            first = imports.get(name)
            if (
                first is not None
                and not _in_project(project, mod, first)
                and _in_project(project, mod, fallback)
            ):
                imports[name] = fallback
        if imports != mod.summary.imports:
            mod.summary = replace(mod.summary, imports=imports)
            mod.names.clear()
            changed = True
    if changed:
        project.forget_resolved()


def _in_project(project: Project, mod: Module, imp: ImportRef) -> bool:
    """Whether the import names one of the project's modules, or a member of one."""
    target = project.import_target(mod, imp)
    return target in project.modules or (
        imp.name is not None and target.rpartition(".")[0] in project.modules
    )
