"""The linking half of the analysis: the summaries made into one project, module by
module, then the FastAPI model, the call graph and the rules over it — every failure
contained and listed as its file's reason, never a traceback (engine.py's contract).

Apart from engine.py, which decides which summaries to make or load, so each reads as one
step; the heavy modules are imported inside, on first use (a warm run needs none of them).
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.model import Finding

if TYPE_CHECKING:
    from unjam.analysis.project import Func


class Linker:
    """Builds the project from the summaries, module by module in `paths` order (the order
    decides which of two modules claiming one name keeps it), then analyses it.

    `link_ready` links every module whose summary has arrived, up to the first one still
    missing: on a cold run, the modules of one chunk of files are linked while the threads
    summarise the next chunks, when there is CPU time to spare, instead of afterwards on
    the one core the rest of the analysis runs on."""

    def __init__(
        self,
        root: Path,
        paths: list[str],
        rel: dict,
        catalogue,
        summaries: dict,
        retain: list | None = None,
        held: frozenset[str] = frozenset(),
    ):
        from unjam.analysis.fastapi_model import AppCandidates
        from unjam.analysis.project import Project

        self.root = root
        self.paths = paths
        self.rel = rel
        self.summaries = summaries
        self.project = Project(catalogue)
        self.apps = AppCandidates()  # the FastAPI model's first pass, module by module
        self.unparsed: dict[str, str] = {}
        self.linked = 0  # paths[:linked] are in the project (or in `unparsed`)
        self._is_init: dict[Path, bool] = {}
        self._names_by_path: dict[str, list[str] | Exception] | None = None  # see _names
        self.retain = retain  # engine.RETAIN_FOR_EXIT: what the process exit will free
        self.model = None  # the FastAPI model, once `analyse` has built it
        # files named as tests (discovery.py `held_back`): linked only if the program
        # imports them, once everything else is (`_link_imported_held`)
        self.held = held
        self._deferred: dict[str, object] = {}  # held path → its summary
        self.shadowed: set[str] = set()  # modules a package of the same name hides (_names)

    def link_ready(self, final: bool = False) -> None:
        """Link the modules whose summaries have arrived; `final`: all have (a missing one
        is a bug, reported as its file's reason, never a stalled link)."""
        from unjam.analysis.summary import ModuleSummary

        paths, summaries, rel, unparsed = self.paths, self.summaries, self.rel, self.unparsed
        while self.linked < len(paths):
            path = paths[self.linked]
            summary = summaries.get(path)
            if summary is None:
                if not final:
                    return
                summary = "internal error: the file was not read"
            self.linked += 1
            if path in self.held:
                if isinstance(summary, ModuleSummary) and _maybe_the_program_s(summary):
                    self._deferred[path] = summary
                continue
            if not isinstance(summary, ModuleSummary):
                unparsed[rel[path]] = str(summary)
                continue
            self._link(path, summary, self._names(path))

    def _names(self, path: str) -> list[str] | None:
        """The names a file may be imported as (module_names.py); None when that failed
        (its reason listed)."""
        from unjam.analysis.module_names import names_by_path, project_folders, shadowed_by_package

        if self._names_by_path is None:  # (every path's at once: a name two may take)
            self._names_by_path = names_by_path(self.paths, self.root, self._is_init)
            self.project.project_folders = project_folders(self._is_init, self.root)
        names = self._names_by_path[path]
        try:
            if isinstance(names, Exception):
                raise names
            if shadowed_by_package(path, self._is_init):
                self.shadowed.add(path)
                return []  # (still linked, under a name no import gives: add_module)
            return list(names) if names else [Path(path).stem]
        except Exception as err:
            self.unparsed[self.rel[path]] = internal_error(err)
            return None

    def _link(self, path: str, summary, names: list[str] | None) -> None:
        from unjam.analysis.module_names import deep_enough_first

        if names is None:
            return
        imports = (*summary.imports.values(), *summary.star_imports)
        level = max((imp.level for imp in imports), default=0)
        names = deep_enough_first(names, level, summary.is_package)
        if not summary.is_package:
            names = _not_self_imported(names, imports)
        for func in self.project.add_module(names, self.rel[path], summary):
            try:
                self.apps.add(func)
            except Exception as err:  # contained like any failure of the analysis
                self.unparsed.setdefault(func.mod.path, internal_error(err))

    def _link_imported_held(self) -> None:
        """Link the held-back files the program imports (`from .services import
        test_order_service`), and those they import in turn: a module the program imports
        is its own, whatever its name; the others stay out, as test code."""
        from unjam.analysis.imported import imported_names

        if not self._deferred:
            return
        project = self.project
        names = {path: self._names(path) or [] for path in self._deferred}
        stems = frozenset(name.rpartition(".")[2] for found in names.values() for name in found)
        imported: set[str] = set()
        for mod in project.unique_modules():
            imported |= imported_names(project, mod, stems)
        while True:
            ready = [p for p in self._deferred if any(n in imported for n in names[p])]
            if not ready:
                return
            for path in ready:
                self._link(path, self._deferred.pop(path), names[path])
                linked = project.modules.get(project.primary.get(self.rel[path], ""))
                if linked is not None:
                    imported |= imported_names(project, linked, stems)

    def analyse(self) -> tuple[list[Finding], list[tuple[str, str]]]:
        """Findings and unparsed files, once every summary is in `summaries`, in a stable
        order (the call graph recurses deeply on large projects: the limit is raised)."""
        from unjam.analysis.declared_versions import forget_files
        from unjam.analysis.fallback_imports import choose_fallback_imports

        forget_files()
        self.link_ready(final=True)
        self._link_imported_held()
        choose_fallback_imports(self.project)
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 20000))
        try:
            findings, unparsed, self.model = _analyse(
                self.project,
                self.apps,
                self.unparsed,
                self.retain,
                self._uncompilable(),
                self._never_loaded(),
            )
        finally:
            sys.setrecursionlimit(old_limit)
        findings.sort(key=lambda f: (f.location.path, f.location.line, f.location.column, f.code))
        return findings, unparsed

    def _never_loaded(self) -> frozenset[str]:
        """The relative paths of the modules no import ever loads: a package of the same name
        hides each (`app.py` beside `app/__init__.py`; `uvicorn app:app` serves the
        package's), and it does not serve its app when run as a script either."""
        import ast

        from unjam.analysis.top_level_imports import serves_when_run

        found = set()
        for path in self.shadowed:
            try:
                tree = ast.parse(Path(path).read_bytes())
            except (OSError, SyntaxError, ValueError, RecursionError):
                continue
            if not serves_when_run(tree):
                found.add(self.rel[path])
        return frozenset(found)

    def _uncompilable(self) -> tuple[Path, dict[str, str]]:
        """The root, and the names of the modules CPython cannot compile (a syntax error),
        each with its file's relative path: importing one fails (unstartable.py)."""
        from unjam.analysis.unstartable import refused

        broken: dict[str, str] = {}
        bad = {rel for rel, reason in self.unparsed.items() if refused(reason)}
        if bad:
            for path in self.paths:
                if self.rel.get(path) in bad:
                    for name in self._names(path) or ():
                        # (a name a parsed module also answers to, `fastapi_app` of two
                        # services' scripts, is that module's: no claim)
                        if name not in self.project.modules:
                            broken.setdefault(name, self.rel[path])
        return self.root, broken


def _analyse(
    project,
    apps,
    unparsed: dict[str, str],
    retain: list | None,
    uncompilable=None,
    never_loaded: frozenset[str] = frozenset(),
) -> tuple:
    """(findings, unparsed files, the FastAPI model or None when building it failed);
    `uncompilable`: (root, module name → path) of the files no import can compile;
    `never_loaded`: the paths of modules no import loads (what they would build, register or
    decorate never happens)."""
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.dependency_overrides import dependency_overrides
    from unjam.analysis.failing_startups import without_failing_startups
    from unjam.analysis.fastapi_model import build_model
    from unjam.analysis.launchers import Launchers
    from unjam.analysis.leftover_apps import leftover_apps, leftover_middleware
    from unjam.analysis.never_runs import NeverRuns
    from unjam.analysis.rules_engine import RulesEngine
    from unjam.analysis.unlaunched_factories import without_apps, without_unlaunched_factories
    from unjam.analysis.unregistered_middleware import without_unregistered_middleware

    def on_error(func: Func, err: Exception) -> None:
        unparsed.setdefault(func.mod.path, internal_error(err))

    findings: list[Finding] = []
    model = None
    if retain is not None:
        retain.append(project)
    try:
        skip = (lambda func: func.mod.path in never_loaded) if never_loaded else None
        root = uncompilable[0] if uncompilable is not None else None
        overrides = dependency_overrides(project, root)
        launchers = Launchers(project, root) if root is not None else None
        launched = launchers.launch_rank if launchers is not None else None

        def rebuild(skip):
            return build_model(
                project, on_error, apps, skip=skip, overrides=overrides, launched=launched
            )

        model = rebuild(skip)
        # (one reader of the modules that may raise, for the start-ups and the rules alike)
        never_runs = NeverRuns(project, root)
        if model.apps:  # (a model module no app's program imports maps nothing)
            never_runs.models.loaded_by([app.scope.mod for app in model.apps])
        if root is not None and (model.apps or model.routes):
            model = _without_failing_imports(
                project, model, rebuild, unparsed, uncompilable, never_loaded
            )
        if launchers is not None and model.apps:
            model = without_failing_startups(project, model, unparsed, never_runs)
            model = without_unlaunched_factories(project, model, launchers)
            leftovers = leftover_apps(project, model, launchers)
            if leftovers and len(leftovers) < len(model.apps):
                classes = leftover_middleware(project, model, leftovers)
                model = without_apps(model, leftovers, classes)
        elif root is not None and model.routes:
            model = _without_an_app(project, model, root, unparsed)
        if root is not None and model.http_middleware:
            model = without_unregistered_middleware(project, model, root)
        failing = None
        if root is not None and not (
            model.apps or model.routes or model.unstartable or model.missing_app
        ):
            failing = _unimportable(project, model, uncompilable, unparsed)
        graph = CallGraph(project, on_error, once=_run_once(model), root=root)
        if model.apps:
            starts = [app.scope.mod for app in model.apps]
            graph.broken_models.loaded_by(starts)
            never_runs.models.loaded_by(starts)
        if retain is not None:
            retain.append(graph)
        rules = RulesEngine(project, graph, model, root, never_runs, failing)
        findings = rules.run()
        for family, err in rules.failed:  # (the other families' findings stand)
            unparsed.setdefault(f"({family})", internal_error(err))
        for path, reason in graph.broken_models.found():
            unparsed.setdefault(path, reason)
    except Exception as err:  # last line of defence: report, never a traceback
        unparsed.setdefault("(analysis)", internal_error(err))
    return findings, sorted(unparsed.items()), model


def _without_failing_imports(project, model, rebuild, unparsed, uncompilable, never_loaded):
    """The model again without the modules that cannot import, when some app or route is in
    one (unstartable.py), else `model`; `rebuild(skip)`: the model built again, skipping the
    functions `skip` says never run."""
    from unjam.analysis.unstartable import find_unstartable

    try:
        found = find_unstartable(project, model, unparsed, *uncompilable)
    except Exception as err:  # a failure here must not cost the findings: serve all apps
        unparsed.setdefault("(unstartable apps)", internal_error(err))
        return model
    if found is None:
        return model
    failing, dead_apps = found
    rebuilt = rebuild(lambda func: failing.fails(func.mod) or func.mod.path in never_loaded)
    rebuilt.unstartable = dead_apps
    if not model.apps:  # (a library's routers: those whose modules import are kept)
        return rebuilt
    # what only the dead apps served, through includes of theirs, no app serves now, nor do
    # the apps only they mount (`app.mount("/pnc", create_pnc_app())`); with no app left, no
    # route nor handler is served
    dead = {app.sym for app in dead_apps}
    dead |= {app.sym for app in model.apps if app.parents and {p[0] for p in app.parents} <= dead}
    theirs = {(r.decorator_path, r.decorator_line) for r in model.routes if r.app in dead}
    rebuilt.apps = [app for app in rebuilt.apps if app.sym not in dead]
    rebuilt.routes = [
        r
        for r in rebuilt.routes
        if (r.app is not None and r.app not in dead)
        or (r.app is None and rebuilt.apps and (r.decorator_path, r.decorator_line) not in theirs)
    ]
    if not rebuilt.apps:
        rebuilt.others = []
        rebuilt.http_middleware = []
    return rebuilt


def _unimportable(project, model, uncompilable, unparsed):
    """Of a project without an app (a library): the modules that cannot import, whose
    coroutines no caller runs (unstartable.py `unimportable_modules`), or None; each file to
    fix goes on the model, for a note."""
    from unjam.analysis.unstartable import unimportable_modules

    try:
        found = unimportable_modules(project, *uncompilable)
    except Exception as err:  # a failure here must not cost the findings: check them all
        unparsed.setdefault("(unimportable modules)", internal_error(err))
        return None
    if found is None:
        return None
    failing, reasons = found
    left_out = set()  # the files to fix that keep some coroutine from being checked
    for mod in project.unique_modules():
        if any(fd.is_async for fd in mod.summary.funcs.values()):
            chain = failing.chain(mod)
            if chain:
                left_out.add(failing.broken[chain[-1]])
    model.unimportable = {path: why for path, why in reasons.items() if path in left_out}
    return failing


def _without_an_app(project, model, root, unparsed):
    """The model without its routes when the project has routers and no app because its
    app cannot start (missing_app.py), the reason added to what is not analysed."""
    from unjam.analysis.missing_app import missing_app

    found = missing_app(project, root, unparsed)
    if found is None:
        return model
    path, reason = found
    unparsed[path] = unparsed.get(path, "") + reason
    model.routes = []
    model.missing_app = path
    return model


def _maybe_the_program_s(summary) -> bool:
    """Whether a file named as a test may be a module of the program: not a test module
    (module-level `test…` functions, undecorated — `@router.get("/test/db")` over `async
    def test_database()` registers a route —, an import of pytest or unittest), nor empty."""
    if any(imp.module.partition(".")[0] in _TEST_LIBRARIES for imp in summary.imports.values()):
        return False
    defined = [qn for qn in summary.funcs if qn != "<module>"]
    # (`Cls.test_x` has a dot first)
    if any(qn.startswith("test") and not summary.funcs[qn].decorators for qn in defined):
        return False
    return bool(defined or summary.classes or summary.global_values)


_TEST_LIBRARIES = frozenset({"pytest", "unittest"})


def _run_once(model) -> frozenset[str]:
    """The functions the framework runs once per process: lifespans, startup and shutdown
    handlers (what they build is built once: `app.state.svc = Service()`), and the
    functions that build an app or a router (`def create_app(): app = FastAPI() …`, which
    uvicorn's `--factory` or the module calls once; `def register_endpoints(app, plane):
    router = APIRouter() …`) or include one in another (`def register_all_routes(app,
    server): app.include_router(…)`): set-up code, not request code; the services they
    build, or are handed by their callers, are the process's."""
    from unjam.semantics import Role

    once = (Role.LIFESPAN, Role.STARTUP, Role.SHUTDOWN)
    handlers = {f for inv in model.others if inv.role in once for f in inv.funcs}
    return frozenset(handlers | model.builders)


def internal_error(err: Exception) -> str:
    """The one-line reason listed for a file whose analysis raised `err` (with
    `UNJAM_DEBUG=1`, its traceback printed too, for a bug report)."""
    if os.environ.get("UNJAM_DEBUG"):
        traceback.print_exception(err)
    return f"internal error: {type(err).__name__}: {err}"[:300]


def _not_self_imported(names: list[str], imports: tuple) -> list[str]:
    """`names` but those under which the module would import itself: `app/tasks/celery.py`
    writing `from celery import Celery` means the library, so under its bare name `celery`
    (its folder on `sys.path`) it would import itself, half-initialised, and fail; it is
    `app.tasks.celery` only, and `celery` stays the library's name for the project. A dotted
    name of the project's own (`from app.auth.auth import KEY` in app/auth/auth.py) is the
    module itself, importing itself (self_imports.py says when that fails)."""
    from unjam.analysis.resolution import OUTSIDE_NAMES

    absolute = [imp.module for imp in imports if imp.level == 0 and imp.module]
    kept = [
        name
        for name in names
        if not any(module == name or module.startswith(name + ".") for module in absolute)
        or ("." in name and name in absolute and name.partition(".")[0] not in OUTSIDE_NAMES)
    ]
    return kept or names
