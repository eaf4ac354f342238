"""Apps whose lifespan raises on every start-up: it calls, before its `yield` and at the top
level of its body (under no `if`, `try`, `with` or loop), a class attribute that the
project's class does not have —

    @asynccontextmanager
    async def lifespan(app):
        config = PipelineConfig.from_env()  # PipelineConfig defines no from_env
        yield

`AttributeError` ends the start-up (uvicorn: "Application startup failed. Exiting."), so
the app never serves a request and what the rules would say of its routes is not true of
this code. Which classes surely lack a name: missing_attributes.py.

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
from unjam.analysis.project import Func, Project


@dataclass(frozen=True)
class FailingStartup:
    app: RouterObj
    lifespan: Func
    line: int  # of the call that raises
    attribute: str  # `PipelineConfig.from_env`
    owner: str  # where the class is defined, `src/core/config.py:33`


def without_failing_startups(
    project: Project, model: FastAPIModel, unparsed: dict[str, str], root: Path
) -> FastAPIModel:
    """`model` without the apps whose lifespan always fails, nor what only they serve; the
    lifespan's file says why in its reason."""
    failures = failing_startups(project, model, root)
    if not failures:
        return model
    for failure in failures:
        path = failure.lifespan.mod.path
        unparsed[path] = (
            f"{path} calls `{failure.attribute}` in the lifespan `{failure.lifespan.fd.name}` "
            f"(line {failure.line}), but the class `{failure.attribute.partition('.')[0]}` "
            f"({failure.owner}) has no `{failure.attribute.partition('.')[2]}`: every start-up "
            f"raises AttributeError, so the app `{failure.app.sym.rpartition('.')[2]}` "
            f"({failure.app.path}:{failure.app.line}) never serves: its routes are not checked "
            "until the call is fixed"
        )
    dead = {failure.app.sym for failure in failures}
    lifespans = {failure.lifespan.gqn for failure in failures}
    model.apps = [app for app in model.apps if app.sym not in dead]
    model.unstartable = [*model.unstartable, *(failure.app for failure in failures)]
    model.routes = [r for r in model.routes if r.app not in dead and (model.apps or r.app)]
    model.others = [i for i in model.others if model.apps and not lifespans & set(i.funcs)]
    model.http_middleware = [m for m in model.http_middleware if model.apps and m.app not in dead]
    return model


def failing_startups(project: Project, model: FastAPIModel, root: Path) -> list[FailingStartup]:
    """The apps of `model` whose `lifespan=` raises AttributeError before it yields."""
    found: list[FailingStartup] = []
    for app in model.apps:
        ref = app.kwargs.get("lifespan")
        value = project.value_of(app.scope, ref) if ref is not None else None
        lifespan = project.funcs.get(value[1]) if value and value[0] == "func" else None
        if lifespan is not None:
            failure = _first_failure(project, app, lifespan, root)
            if failure is not None:
                found.append(failure)
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
