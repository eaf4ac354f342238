"""The analyser as a library: one in-process call that returns typed results.

`unjam check` prints findings; the doctor needs more than what is printed: the findings as
objects and, per route, the execution plan its capacity model is built on (which pieces run
on the loop, which borrow a thread-pool token, in order). Both come from one analysis pass.
Given an app (`module:attribute`), only the modules that app imports are kept, resolved with
the analyser's own import rules, so other apps sharing the tree (the lab's variants) do not
leak in.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from unjam.model import ExecutionContext, Finding, RouteExecution, RoutePiece


@dataclass
class CheckResult:
    """What the analyser found, with paths relative to `root` (as in `Finding.location`)."""

    root: Path
    findings: list[Finding] = field(default_factory=list)
    routes: dict[str, RouteExecution] = field(default_factory=dict)  # "METHOD /path" -> plan
    files: int = 0
    unparsed: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def absolute(self, path: str) -> str:
        return str((self.root / path).resolve())


def analyze(
    paths: Sequence[Path], *, app_module: str | None = None, root: Path | None = None
) -> CheckResult:
    """Analyse the Python files under `paths` (configured, suppressed and selected as
    `unjam check` does); with `app_module`, keep what that module's import closure holds."""
    from unjam.analysis.config import load_config
    from unjam.analysis.discovery import discover, vendored_paths
    from unjam.analysis.suppressions import Suppressor, split_suppressed
    from unjam.analysis.target import target_version

    started = time.perf_counter()
    config = load_config(paths[0], None)
    found = discover(
        list(paths),
        config.exclude,
        respect_gitignore=config.respect_gitignore,
        test_code=config.unserved,
    )
    root = Path(root or found.root).resolve()
    project, model, findings, unparsed = _link_and_run(
        root, list(found.paths), config.blocking, target_version(root), found.held_back
    )
    vendored = vendored_paths(config.vendored, root)
    findings = [f for f in findings if not vendored(f.entry.path)]
    keep = _closure(project, app_module) if app_module else None
    if keep is not None:
        findings = [f for f in findings if _entry_path(f) in keep]
    selected = [f for f in findings if config.enabled(f.code)]
    kept, _silenced = split_suppressed(selected, root, Suppressor(root))
    routes = {}
    for route in model.routes if model is not None else []:
        if keep is None or route.endpoint.path in keep:
            plan = execution_plan(route, project)
            routes.setdefault(plan.route, plan)
    return CheckResult(
        root=root,
        findings=list(kept),
        routes=routes,
        files=len(found.paths),
        unparsed=unparsed,
        seconds=time.perf_counter() - started,
    )


def _entry_path(finding: Finding) -> str:
    return finding.entry.path or finding.location.path


def _link_and_run(
    root: Path, paths: list[str], blocking, target: tuple[int, int], held_back=()
) -> tuple:
    """The engine's pass (summaries → linked project → model → call graph → rules), keeping
    the project and the FastAPI model the rules were run on."""
    from unjam.analysis.cache import Cache
    from unjam.analysis.catalogue import load_catalogue
    from unjam.analysis.engine import read_summaries
    from unjam.analysis.linker import Linker

    held = frozenset(os.path.abspath(p) for p in held_back)
    paths = sorted({*(os.path.abspath(p) for p in paths), *held})
    rel = {p: Path(os.path.relpath(p, root)).as_posix() for p in paths}
    summaries: dict = {}
    linker = Linker(root, paths, rel, load_catalogue(blocking), summaries, held=held)
    read_summaries(paths, 1, Cache(None), summaries, linker, target)
    findings, unparsed = linker.analyse()
    return linker.project, linker.model, findings, unparsed


def _closure(project, module: str) -> set[str] | None:
    """Paths (relative to the root) of the modules `module` imports, directly or not, found
    with the analyser's own import resolution; None when the module is not in the project."""
    from unjam.analysis.summary import ImportRef

    if module not in project.modules:
        return None
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen or name not in project.modules:
            continue
        seen.add(name)
        mod = project.modules[name]
        refs = [*mod.summary.imports.values()]
        refs += [ImportRef(s.level, s.module, None) for s in mod.summary.star_imports]
        for ref in refs:
            parts = project.import_target(mod, ref).split(".")
            # `import a.b.c` also runs a/__init__ and a/b/__init__
            todo += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    return {project.modules[name].path for name in seen}


def execution_plan(route, project) -> RouteExecution:
    """A route's pieces in the order FastAPI runs them (dependencies, endpoint, then the
    response's validation, which a sync endpoint runs in the thread pool)."""
    from unjam.analysis.route_trips import validates_response

    pieces = []
    for dep in route.dependencies:
        generator = _is_sync_generator(dep, project)
        pieces.append(
            RoutePiece("dependency", dep.name, dep.path, dep.line, dep.context, own_limiter=False)
        )
        if generator:
            exit_piece = RoutePiece(
                "generator exit", dep.name, dep.path, dep.line, dep.context, own_limiter=True
            )
            pieces.append(exit_piece)
    endpoint = route.endpoint
    pieces.insert(
        _first_exit(pieces),
        RoutePiece("endpoint", endpoint.name, endpoint.path, endpoint.line, endpoint.context),
    )
    if validates_response(project, route):
        serialise = RoutePiece(
            "serialisation",
            endpoint.name,
            endpoint.path,
            endpoint.line,
            ExecutionContext.THREADPOOL,
        )
        pieces.insert(_first_exit(pieces), serialise)
    return RouteExecution(route.label, tuple(pieces))


def _first_exit(pieces: list[RoutePiece]) -> int:
    """Generator exits run after the response is built: new pieces go before them."""
    return next((i for i, p in enumerate(pieces) if p.kind == "generator exit"), len(pieces))


def _is_sync_generator(dep, project) -> bool:
    if dep.is_async or not dep.funcs:
        return False
    func = project.funcs.get(dep.funcs[-1])
    return bool(func is not None and func.fd.is_generator)
