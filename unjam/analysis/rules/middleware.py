"""UJ004: an HTTP middleware built on Starlette's BaseHTTPMiddleware (a subclass,
`@app.middleware("http")`, or the base class given a `dispatch=` function). Page: UJ004.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import DISPATCH_FORM
from unjam.analysis.middleware_conditions import decorator_condition, registration_condition
from unjam.analysis.rules.rule import Rule
from unjam.analysis.top_level_imports import Trees
from unjam.model import UNREAD_PREFIX, EntryPoint, ExecutionContext, Location, Severity

if TYPE_CHECKING:
    from unjam.analysis.fastapi_records import FastAPIModel, Middleware
    from unjam.analysis.rules_engine import RulesEngine

RULES = (
    Rule(
        "UJ004",
        "http-middleware-overhead",
        Severity.INFO,
        "An HTTP middleware built on BaseHTTPMiddleware or @app.middleware('http').",
    ),
)

FIX_MIDDLEWARE = (
    "write it as a pure ASGI middleware (a class with `async def __call__(self, scope, "
    "receive, send)`), which avoids BaseHTTPMiddleware's extra task and body streaming"
)


def check(engine: RulesEngine) -> None:
    # (a middleware registered on an app that serves nothing runs for no request; one on an
    # app mounted in a serving app runs for the requests under its mount path)
    serving = engine.serving_apps()
    mounted = _mount_paths(engine.model, serving) if serving else {}
    for mw in sorted(engine.model.http_middleware, key=lambda m: (m.path, m.line)):
        if serving and mw.app is not None and mw.app not in serving and mw.app not in mounted:
            continue
        under = _under(mounted.get(mw.app or "", [""])) or _outside(engine.model, mw.app)
        entry = EntryPoint(mw.name, mw.path, mw.line, ExecutionContext.LOOP, None)
        condition = _condition(engine, engine.trees, mw)
        engine.report(
            "UJ004",
            Location(mw.path, mw.line, mw.col),
            "middleware",
            (
                f"{mw.form} `{mw.name}` runs on every request{under} through Starlette's "
                "BaseHTTPMiddleware machinery (an extra task and response-body streaming "
                "per request; contextvars and background-task pitfalls)"
                + (f"; {condition} is true" if condition else "")
            ),
            mw.form,
            entry,
            fix=mw.fix or FIX_MIDDLEWARE,
        )


def _mount_paths(model: FastAPIModel, serving: set[str]) -> dict[str, list[str]]:
    """Each app mounted, at any depth, in an app that serves (`app.mount("/admin", admin)`)
    → the paths its requests arrive under ("" where it is mounted at the root); a route of
    it is labelled with the serving app's, so the serving set leaves it out."""
    apps = {a.sym: a for a in model.apps}

    def under(sym: str, seen: frozenset[str]) -> list[str]:
        if sym in serving:
            return [""]
        obj = apps.get(sym)
        if obj is None or sym in seen:
            return []
        return [
            above + parent[1] for parent in obj.parents for above in under(parent[0], seen | {sym})
        ]

    found: dict[str, list[str]] = {}
    for sym in apps:
        if sym not in serving:
            paths = sorted(set(under(sym, frozenset())))
            if paths:
                found[sym] = paths
    return found


def _under(paths: list[str]) -> str:
    """Where the requests a mounted app's middleware runs for arrive: nothing to say when it
    is mounted at the root."""
    if "" in paths:
        return ""
    known = [f"`{p}`" for p in paths if UNREAD_PREFIX not in p]
    if len(known) < len(paths):
        known.append("a path read at run time")
    return " under " + " or ".join(known)


def _outside(model: FastAPIModel, sym: str | None) -> str:
    """Which requests an app mounted at its parent's root sees, when the parent mounts or
    includes others before it, in the same code (`app.mount("/api/v1", api)` above
    `app.mount("/", frontend)`): Starlette matches those first, and the parent's own routes
    too, so not every request reaches it."""
    obj = next((a for a in model.apps if a.sym == sym), None) if sym else None
    if obj is None or len(obj.parents) != 1 or obj.parents[0][1] != "":
        return ""
    parent, _path, scope, _deps, _ref, at = obj.parents[0]
    taken = sorted(
        {
            path
            for other in model.apps
            if other is not obj
            for owner, path, where, _d, _r, other_at in other.parents
            if owner == parent and where is scope and path and other_at < at
        }
    )
    known = [f"`{p}`" for p in taken if UNREAD_PREFIX not in p]
    if not known or len(known) < len(taken):
        return ""
    name = obj.sym.rpartition(".")[2].rpartition(":")[2]
    return f" that reaches `{name}` (mounted at `/` after {', '.join(known)})"


def _condition(engine: RulesEngine, trees: Trees | None, mw: Middleware) -> str:
    """Under what test the middleware is registered: a class, wherever its name is; a
    decorated function or a `dispatch=` one, where its registration is."""
    if mw.form == DISPATCH_FORM or mw.fix:  # (a library's: where it is registered)
        return decorator_condition(engine.p, trees, mw.path, mw.line, mw.col)
    return registration_condition(engine.p, trees, mw.name) or (
        decorator_condition(engine.p, trees, mw.path, mw.line, mw.col)
        if mw.form.startswith("@")
        else ""
    )
