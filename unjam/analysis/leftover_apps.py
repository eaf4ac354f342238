"""Leftover apps: a module-level app beside the one the repository launches, that runs itself
(or whose file's name says it is a copy: `main_old.py`, `copymain.py`, or is the launched
module's with a word added: `main_complex.py`; or in a folder so named beside the launched
app's: `backend/_legacy/main.py`; or in the folder whose own Dockerfile serves another
module's app) and that nothing else
launches or imports — `main_optimized.py` or `working_main.py` next to the `main.py` a
Dockerfile, a Procfile or the README serves (`uvicorn app.main:app`), whose only launcher is
its own `if __name__ == "__main__": uvicorn.run("working_main:app")`. Such a copy serves no
request: its routes, its handlers and the middleware classes it defines are left out. It
stays when anything but its own text names it: a launcher's `working_main:app`, its file's
name in any launcher or module of the repository (`python working_main.py`,
`subprocess.run([..., "working_main.py"])`), or an import of its module by the program.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from unjam.analysis.discovery import is_test_path
from unjam.analysis.fastapi_records import FastAPIModel, RouterObj
from unjam.analysis.imported import importers, may_be_imported, modules_reached
from unjam.analysis.launchers import LAUNCHER_FILES, LAUNCHING_CALLS, Launchers
from unjam.analysis.project import Module, Project
from unjam.analysis.repository_files import among, words_named
from unjam.analysis.unlaunched_factories import registered_only_in

# the files, anywhere in the repository, that may start a module by its file's name
_STARTERS = (*LAUNCHER_FILES, "*.py", "*.json", "*.txt", "*.service", "*.conf")
_IMAGE_FILES = ("Dockerfile*", "*.dockerfile", "Containerfile*")
_SERVERS = ("uvicorn.", "hypercorn.", "granian.", "gunicorn.", "daphne.")
_COPY_WORDS = frozenset(
    {"old", "copy", "backup", "bak", "orig", "deprecated", "unused", "legacy", "archived"}
)


def leftover_apps(project: Project, model: FastAPIModel, program: Launchers) -> set[str]:
    """The module-level apps that are leftovers (see the module), by symbol."""
    own = [app for app in model.apps if _module_level(project, app) and not app.parents]
    if len(own) < 2:
        return set()
    launched = [app for app in own if program.launched_by_others(app.scope.mod, _attr(app))]
    folders = {_folder(app.scope.mod) for app in launched}
    stems = {(_folder(app.scope.mod), _stem(app.scope.mod)) for app in launched}
    imaged = {folder for folder in folders if _builds_an_image(program.root, folder)}
    importing = importers(project)
    suspects = [
        app
        for app in own
        if app not in launched
        and (
            _copy_folder_beside(app.scope.mod, folders)
            or (
                _folder(app.scope.mod) in folders
                and (
                    _runs_itself(project, app.scope.mod)
                    or _named_a_copy(_stem(app.scope.mod))
                    or _a_variant(app.scope.mod, stems)
                    or _folder(app.scope.mod) in imaged
                )
            )
        )
        and not is_test_path(app.scope.mod.path)
        and not _imported(project, app.scope.mod, importing)
    ]
    names = {app.sym: _names_for(app.scope.mod, folders) for app in suspects}
    for app in _side_apps(project, own, launched):
        suspects.append(app)
        names[app.sym] = _launch_names(app)
    if not suspects:
        return set()
    their_files = frozenset(str(program.root / app.scope.mod.path) for app in suspects)
    words = {word for found in names.values() for word in found}
    named = words_named(program.root, _STARTERS, words, skipped=their_files)
    return {app.sym for app in suspects if not names[app.sym] & named}


def _side_apps(project: Project, own: list[RouterObj], launched: list[RouterObj]) -> list:
    """The apps of modules the launched program imports for what else they define
    (`from simple_chat import chat_completions_stream` in the served api.py, simple_chat.py
    building an `app` of its own that nothing mounts): importing a module serves none of its
    app's routes. Not one whose module starts a server itself."""
    if not launched:
        return []
    loaded: set[str] = set()
    for app in launched:
        loaded |= modules_reached(project, app.scope.mod)
    served = {app.scope.mod.name for app in launched}
    return [
        app
        for app in own
        if app not in launched
        and app.scope.mod.name in loaded
        and app.scope.mod.name not in served
        and not is_test_path(app.scope.mod.path)
        and not _runs_itself(project, app.scope.mod)
    ]


def _launch_names(app: RouterObj) -> set[str]:
    """How a launcher names the app of an imported module (`simple_chat:app`,
    `api.simple_chat:app`): its module's name alone is what the program's imports write."""
    attr = _attr(app)
    mod = app.scope.mod
    return {f"{_stem(mod)}:{attr}", f"{mod.name}:{attr}"}


def _names_for(mod: Module, folders: set[str]) -> set[str]:
    """What a launcher or a module would write to start the copy: its file's stem
    (`python working_main.py`), or, in a copy folder beside the app's, that folder's path to
    it (`uvicorn _legacy.main:app`, `python _legacy/main.py`: its stem alone, `main`, is the
    served app's too)."""
    stem = _stem(mod)
    if not _copy_folder_beside(mod, folders):
        return {stem}
    folder = _folder(mod).rpartition("/")[2]
    return {f"{folder}.{stem}", f"{folder}/{stem}"}


def leftover_middleware(
    project: Project, model: FastAPIModel, leftovers: set[str]
) -> set[tuple[str, str]]:
    """(name, path) of the middleware classes only the leftover apps add: those their
    modules define, and those only their building code hands on (`configure(app)` of a
    helper only they call, `app.add_middleware(HeadersMW)` in it)."""
    apps = [app for app in model.apps if app.sym in leftovers]
    paths = {app.path for app in apps}
    builders = {app.scope.gqn for app in apps}
    builders |= _their_helpers(project, builders)
    return {
        (m.name, m.path)
        for m in model.http_middleware
        if m.path in paths or (m.app is None and registered_only_in(project, m, builders))
    }


def _their_helpers(project: Project, builders: set[str]) -> set[str]:
    """The project functions the builders call that nothing else calls."""
    found: set[str] = set()
    for gqn in builders:
        builder = project.funcs.get(gqn)
        if builder is None:
            continue
        for site in builder.fd.calls:
            callee = project.callee(builder, site.func)
            if callee is None or callee[0] != "func" or callee[1] not in project.funcs:
                continue
            helper = project.funcs[callee[1]]
            callers = {caller.gqn for caller in project.direct_callers(helper)}
            if callers and callers <= builders:
                found.add(helper.gqn)
    return found


def _module_level(project: Project, app: RouterObj) -> bool:
    """Whether the app is made as its module is imported: at its top level, or by a
    function of it that only that top level calls (`app = create_application()`)."""
    scope = app.scope
    if scope.fd.qn == "<module>":
        return True
    if scope.fd.parent is not None or scope.class_gqn is not None:
        return False
    callers = project.direct_callers(scope)
    return bool(callers) and all(
        caller.fd.qn == "<module>" and caller.mod.path == scope.mod.path for caller in callers
    )


def _attr(app: RouterObj) -> str:
    return app.sym.rpartition(".")[2]


def _folder(mod: Module) -> str:
    return mod.path.rpartition("/")[0]


def _stem(mod: Module) -> str:
    return mod.path.rpartition("/")[2].removesuffix(".py")


def _runs_itself(project: Project, mod: Module) -> bool:
    """Whether the module starts a server itself (`uvicorn.run(app)` under `if __name__ ==
    "__main__":`): a script that runs its app. One that does not is run by a command the
    repository does not hold (a service deployed by hand), which may well run."""
    for name in LAUNCHING_CALLS:
        for caller, site in project.sites_named(name):
            if caller.mod is mod:
                callee = project.callee(caller, site.func)
                if callee is not None and callee[0] == "ext" and callee[1].startswith(_SERVERS):
                    return True
    return False


def _builds_an_image(root: Path, folder: str) -> bool:
    """Whether the folder holds a Dockerfile: the image it builds serves the app it launches,
    and another app beside it is not one deployed by hand."""
    try:
        names = os.listdir(root / folder if folder else root)
    except OSError:
        return False
    return bool(among(names, _IMAGE_FILES))


def _a_variant(mod: Module, launched: set[tuple[str, str]]) -> bool:
    """Whether the file's name is the launched module's with a word added, in its folder:
    `main_complex.py` or `working_main.py` beside the `main.py` the Dockerfile serves."""
    stem, folder = _stem(mod), _folder(mod)
    return any(
        where == folder and (stem.startswith(f"{name}_") or stem.endswith(f"_{name}"))
        for where, name in launched
    )


def _copy_folder_beside(mod: Module, folders: set[str]) -> bool:
    """Whether the module sits in a folder named a copy (`_legacy/`, `old/`) beside the
    folder of a launched app: backend/_legacy/main.py next to the backend/app/main.py a
    Dockerfile serves."""
    parent, _, name = _folder(mod).rpartition("/")
    return _named_a_copy(name) and any(f.rpartition("/")[0] == parent for f in folders)


def _named_a_copy(stem: str) -> bool:
    """Whether the file's name says it is a copy: `main_old`, `copymain`, `app-backup`."""
    parts = re.split(r"[_\-.]+", stem.lower())
    return bool(_COPY_WORDS & set(parts)) or parts[0].startswith("copy") or parts[-1] == "copy"


def _imported(project: Project, mod: Module, importing: dict[str, set[str]]) -> bool:
    """Whether a module of the program (not its tests) imports the app's module, as unjam
    resolves imports (`importing`: imported.py `importers`) or as paths may match."""
    for name in importing.get(mod.name, ()):
        other = project.modules.get(name)
        if name != mod.name and other is not None and not is_test_path(other.path):
            return True
    return may_be_imported(project, mod)
