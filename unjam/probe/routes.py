"""Route introspection: what a request's route is called, and which route and callable a
stalled frame belongs to.

Kept apart from the probe's measurements (core.py) because it reads the app's routing
table — Starlette/FastAPI objects. A request's key is read once per (method, route) and
cached (`RouteIndex.key`); the code map is built off the hot path, when a stall is
described on the watchdog thread.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import Iterator
from types import CodeType
from typing import Any

CodeMap = dict[CodeType, tuple[str, list[str]]]
"""Code object of an endpoint or dependency → (its `module:qualname`, its route keys)."""

STANDARD_METHODS = frozenset(
    {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"}
)
MAX_CACHED_KEYS = 10_000


class RouteIndex:
    """The apps a probe serves, and the names of their routes and callables."""

    def __init__(self) -> None:
        self.apps: list[Any] = []
        self._keys: dict[tuple[str, int], str] = {}  # (method, id(route)); routes live on
        self._code_map: CodeMap | None = None

    def __len__(self) -> int:
        """How many route keys are cached."""
        return len(self._keys)

    def register(self, app: Any) -> None:
        if not any(existing is app for existing in self.apps):
            self.apps.append(app)
            self._code_map = None

    def key(self, scope: dict[str, Any]) -> str | None:
        """ "METHOD /template" of the route a request matched (None before routing)."""
        route = scope.get("route")
        if route is None:
            return None
        return self.key_of(scope.get("method", "GET"), route)

    def key_of(self, method: str, route: Any) -> str | None:
        key = self._keys.get((method, id(route)))
        return key if key is not None else self._new_key(method, route)

    def _new_key(self, method: str, route: Any) -> str | None:
        """ "METHOD /template"; any method but the standard ones is keyed `OTHER`.

        The router names the route a wrong method was sent to (for its 405), so keying by
        the method as sent let garbage methods grow the route table without bound — ~7 KB
        of histograms per made-up method.
        """
        template = getattr(route, "path_format", None) or getattr(route, "path", None)
        if template is None:
            return None
        standard = method in STANDARD_METHODS
        key = f"{method if standard else 'OTHER'} {template}"
        if standard and len(self._keys) < MAX_CACHED_KEYS:
            self._keys[(method, id(route))] = key
        return key

    def code_map(self) -> CodeMap:
        """Code object of every endpoint and dependency → (callable name, route keys)."""
        if self._code_map is None:
            self._code_map = build_code_map(self.apps)
        return self._code_map

    def match(self, scope: dict[str, Any]) -> str | None:
        """The key of the top-level route `scope` matches, found by matching it again."""
        return match_route(self.apps, scope)


def callable_name(call: Any) -> str:
    """`module:qualname` of a function, class, bound method or callable instance."""
    while isinstance(call, functools.partial):
        call = call.func
    target = call
    if not (inspect.isfunction(call) or inspect.ismethod(call) or inspect.isclass(call)):
        target = type(call) if not inspect.isbuiltin(call) else call
    module = getattr(target, "__module__", None) or "?"
    qualname = getattr(target, "__qualname__", None) or getattr(target, "__name__", "?")
    return f"{module}:{qualname}"


def codes_of(call: Any) -> list[CodeType]:
    """Code objects that run when `call` is called (function body, __init__, __call__)."""
    codes = []
    while isinstance(call, functools.partial):
        call = call.func
    with contextlib.suppress(Exception):
        call = inspect.unwrap(call)
    if inspect.isclass(call):
        for attr in ("__init__", "__call__"):
            func = call.__dict__.get(attr)
            if func is not None and hasattr(func, "__code__"):
                codes.append(func.__code__)
    elif hasattr(call, "__code__"):
        codes.append(call.__code__)
    else:
        func = type(call).__dict__.get("__call__")
        if func is not None and hasattr(func, "__code__"):
            codes.append(func.__code__)
    return codes


def iter_routes(app: Any, prefix: str = "", depth: int = 0) -> Iterator[tuple[str, Any]]:
    """(mount prefix, route) for every route reachable from an ASGI app or middleware chain."""
    obj = app
    routes = None
    for _ in range(40):
        if obj is None:
            break
        candidate = getattr(obj, "routes", None)
        if isinstance(candidate, list):
            routes = candidate
            break
        obj = getattr(obj, "app", None) or getattr(obj, "router", None)
    if routes is None:
        return
    for route in list(routes):
        sub = getattr(route, "routes", None)
        if sub is not None and not hasattr(route, "endpoint") and depth < 5:
            yield from iter_routes(route, prefix + getattr(route, "path", ""), depth + 1)
        else:
            yield prefix, route


def build_code_map(apps: list[Any]) -> CodeMap:
    """Code object of every endpoint and dependency of `apps` → (callable name, route keys)."""
    mapping: CodeMap = {}
    for app in list(apps):
        for prefix, route in iter_routes(app):
            template = getattr(route, "path_format", None) or getattr(route, "path", "")
            methods = sorted(getattr(route, "methods", None) or ["GET"])
            keys = [f"{m} {prefix}{template}" for m in methods]
            calls = [getattr(route, "endpoint", None)]
            dependant = getattr(route, "dependant", None)
            stack = [dependant] if dependant is not None else []
            while stack:
                node = stack.pop()
                calls.append(getattr(node, "call", None))
                stack.extend(getattr(node, "dependencies", []) or [])
            for call in calls:
                if call is None:
                    continue
                for code in codes_of(call):
                    if code not in mapping:
                        mapping[code] = (callable_name(call), keys)
    return mapping


def match_route(apps: list[Any], scope: dict[str, Any]) -> str | None:
    """The "METHOD /template" key of the top-level route `scope` matches, if any."""
    try:
        from starlette.routing import Match
    except ImportError:
        return None
    for app in list(apps):
        for prefix, route in iter_routes(app):
            if prefix:
                continue
            try:
                match, _ = route.matches(dict(scope))
            except Exception:
                continue
            if match is Match.FULL:
                template = getattr(route, "path_format", None) or getattr(route, "path", "")
                return f"{scope.get('method', 'GET')} {template}"
    return None
