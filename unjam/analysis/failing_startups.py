"""Apps whose start-up raises every time: their lifespan, or a start-up handler registered
on them (`@app.on_event("startup")`, `on_startup=[…]`, `add_event_handler`), calls, before
its `yield` and at the top level of its body (under no `if`, `try`, `with` or loop), a class
attribute that the project's class does not have —

    @asynccontextmanager
    async def lifespan(app):
        config = PipelineConfig.from_env()  # PipelineConfig defines no from_env
        yield

— or holds another statement there that always raises (never_runs.py: a name nothing binds,
`export_openapi_json(app)` after its definition was removed; an attribute a project module
lacks, `db.init()`; a call that cannot bind; a call of a project function that always raises,
`init_db()` whose `conn.execute("SELECT 1")` SQLAlchemy 2 refuses; a `raise`; a `try` whose
handlers all end in `raise` around one of those). The error ends the start-up
(uvicorn: "Application startup failed. Exiting."), so the app never serves a request and
what the rules would say of its routes is not true of this code. Which classes surely lack
a name: missing_attributes.py.

Whether the call sits at the top level of the body is read from the source: the summary
records the tests code runs under, not every `if` around it; a statement of the body's own
level starts at the body's least indentation, which nothing nested under a compound
statement (nor a continuation line) shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.fastapi_records import FastAPIModel, RouterObj
from unjam.analysis.missing_attributes import lacks
from unjam.analysis.never_runs import NeverRuns
from unjam.analysis.project import Func, Project
from unjam.semantics import Role


@dataclass(frozen=True)
class FailingStartup:
    app: RouterObj
    lifespan: Func  # the lifespan or start-up handler that raises
    line: int  # of the call or statement that raises
    attribute: str = ""  # `PipelineConfig.from_env`, when a class lacks it
    owner: str = ""  # where that class is defined, `src/core/config.py:33`
    role: str = "lifespan"  # or "start-up handler"


def without_failing_startups(
    project: Project, model: FastAPIModel, unparsed: dict[str, str], never_runs: NeverRuns
) -> FastAPIModel:
    """`model` without the apps whose lifespan always fails, nor what only they serve; the
    lifespan's file says why in its reason."""
    failures = failing_startups(project, model, never_runs)
    if not failures:
        return model
    for failure in failures:
        unparsed[failure.lifespan.mod.path] = _reason(failure)
    dead = {failure.app.sym for failure in failures}
    lifespans = {failure.lifespan.gqn for failure in failures}
    model.apps = [app for app in model.apps if app.sym not in dead]
    model.unstartable = [*model.unstartable, *(failure.app for failure in failures)]
    model.routes = [r for r in model.routes if r.app not in dead and (model.apps or r.app)]
    model.others = [
        i
        for i in model.others
        if model.apps and not lifespans & set(i.funcs) and (not i.app or i.app not in dead)
    ]
    model.http_middleware = [m for m in model.http_middleware if model.apps and m.app not in dead]
    return model


def _reason(failure: FailingStartup) -> str:
    fd, path, role = failure.lifespan.fd, failure.lifespan.mod.path, failure.role
    app = f"`{failure.app.sym.rpartition('.')[2]}` ({failure.app.path}:{failure.app.line})"
    if failure.attribute:
        cls, _, attr = failure.attribute.partition(".")
        return (
            f"{path} calls `{failure.attribute}` in the {role} `{fd.name}` (line "
            f"{failure.line}), but the class `{cls}` ({failure.owner}) has no `{attr}`: every "
            f"start-up raises AttributeError, so the app {app} never serves: its routes are "
            "not checked until the call is fixed"
        )
    return (
        f"{path}: line {failure.line} of the {role} `{fd.name}` raises whenever it runs (a name "
        f"or attribute nothing defines, a call that cannot bind or of a function that always "
        f"raises, or a `raise`), so every "
        f"start-up fails and the app {app} never serves: its routes are not checked until "
        "that line is fixed"
    )


def failing_startups(
    project: Project, model: FastAPIModel, never_runs: NeverRuns
) -> list[FailingStartup]:
    """The apps of `model` whose lifespan raises before it yields, or one of whose start-up
    handlers raises."""
    root = never_runs.root
    if root is None:
        return []  # (no folder to read the lifespans from)
    found: list[FailingStartup] = []
    for app in model.apps:
        ref = app.kwargs.get("lifespan")
        value = project.value_of(app.scope, ref) if ref is not None else None
        lifespan = project.funcs.get(value[1]) if value and value[0] == "func" else None
        failure = _first_failure(project, app, lifespan, root) if lifespan else None
        for func in _started_by(project, model, app, lifespan):
            if failure is not None:
                break
            line = never_runs.first_raise(func.gqn)
            if line is not None:
                role = "lifespan" if func is lifespan else "start-up handler"
                failure = FailingStartup(app, func, line, role=role)
        if failure is not None:
            found.append(failure)
    return found


def _started_by(
    project: Project, model: FastAPIModel, app: RouterObj, lifespan: Func | None
) -> list[Func]:
    """The lifespan of `app` and the start-up handlers registered on it, in that order."""
    found = [lifespan] if lifespan is not None else []
    for inv in model.others:
        if inv.role == Role.STARTUP and inv.app == app.sym:
            found += [project.funcs[f] for f in inv.funcs if f in project.funcs]
    return found


def _first_failure(
    project: Project, app: RouterObj, lifespan: Func, root: Path
) -> FailingStartup | None:
    fd = lifespan.fd
    starts = [first for first, _last in fd.after_yield]
    shutdown = min(starts) if starts else None
    lines: list[str] | None = None
    for site in sorted(fd.calls, key=lambda s: s.line):
        ref = site.func
        if shutdown is not None and site.line >= shutdown:
            break
        if ref[0] != "attr" or ref[1][0] != "name" or site.guard >= 0:
            continue
        owner = project.value_of(lifespan, ref[1])
        if owner is None or owner[0] != "class" or not lacks(project, owner[1], ref[2]):
            continue
        if lines is None:
            lines = _source_lines(root / lifespan.mod.path)
        if lines and _at_body_level(lines, fd.line, site.line):
            cls = project.classes[owner[1]]
            return FailingStartup(
                app,
                lifespan,
                site.line,
                f"{cls.cd.name}.{ref[2]}",
                f"{cls.mod.path}:{cls.cd.line}",
            )
    return None


def _source_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def _at_body_level(lines: list[str], def_line: int, line: int) -> bool:
    """Whether `line` starts a statement of the function body's own level: no code line
    between the `def` and it is indented less than it, nor as little and opening a block
    (`if …:`, `try:`), and the lines before it close every bracket they open."""
    if not 0 < line <= len(lines):
        return False
    indent = _indent(lines[line - 1])
    depth = 0
    for text in lines[def_line : line - 1]:
        code = text.split("#", 1)[0].rstrip()
        if not code:
            continue
        if depth == 0 and _indent(text) < indent:
            return False
        if depth == 0 and _indent(text) == indent and code.endswith(":"):
            return False
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
    return depth == 0 and _indent(lines[def_line]) <= indent


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())
