"""UJ004: an HTTP middleware built on Starlette's BaseHTTPMiddleware (a subclass,
`@app.middleware("http")`, or the base class given a `dispatch=` function). Page: UJ004.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import DISPATCH_FORM
from unjam.analysis.middleware_conditions import decorator_condition, registration_condition
from unjam.analysis.rules.rule import Rule
from unjam.analysis.top_level_imports import Trees
from unjam.model import EntryPoint, ExecutionContext, Location, Severity

if TYPE_CHECKING:
    from unjam.analysis.fastapi_records import Middleware
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
    # (a middleware registered on an app that serves nothing runs for no request)
    serving = engine.serving_apps()
    trees = Trees(engine.root) if engine.root is not None else None  # (each module read once)
    for mw in sorted(engine.model.http_middleware, key=lambda m: (m.path, m.line)):
        if serving and mw.app is not None and mw.app not in serving:
            continue
        entry = EntryPoint(mw.name, mw.path, mw.line, ExecutionContext.LOOP, None)
        condition = _condition(engine, trees, mw)
        engine.report(
            "UJ004",
            Location(mw.path, mw.line, mw.col),
            "middleware",
            (
                f"{mw.form} `{mw.name}` runs on every request through Starlette's "
                "BaseHTTPMiddleware machinery (an extra task and response-body streaming "
                "per request; contextvars and background-task pitfalls)"
                + (f"; {condition} is true" if condition else "")
            ),
            mw.form,
            entry,
            fix=FIX_MIDDLEWARE,
        )


def _condition(engine: RulesEngine, trees: Trees | None, mw: Middleware) -> str:
    """Under what test the middleware is registered: a class, wherever its name is; a
    decorated function or a `dispatch=` one, where its registration is."""
    if mw.form == DISPATCH_FORM:
        return decorator_condition(engine.p, trees, mw.path, mw.line, mw.col)
    return registration_condition(engine.p, trees, mw.name) or (
        decorator_condition(engine.p, trees, mw.path, mw.line, mw.col)
        if mw.form.startswith("@")
        else ""
    )
