"""Route introspection: what a request's route is called, and which route and callable a
stalled frame belongs to.

Kept apart from the probe's measurements (core.py) because it reads the app's routing
table — Starlette/FastAPI objects, walked by `route_table`. A request's key is read once per
(method, matched entry) and cached (`RouteIndex.lookup`); the code map is built off the hot
path, when a stall is described on the watchdog thread.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from types import CodeType
from typing import Any

from unjam.probe.route_table import (
    TemplateTable,
    iter_routes,
    matched_route,
    naming_entry,
    own_template,
    read,
    template_table,
)

__all__ = ["RouteIndex", "build_code_map", "iter_routes", "match_route"]

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
        # (method, id(matched entry)) → (its key, the entry: kept alive so that no other
        # object takes its id while the key, or the probe's `counting`, is keyed by it)
        self._keys: dict[tuple[str, int], tuple[str, Any]] = {}
        self._code_map: CodeMap | None = None
        self._templates: TemplateTable | None = None

    def __len__(self) -> int:
        """How many route keys are cached."""
        return len(self._keys)

    def register(self, app: Any) -> None:
        if not any(existing is app for existing in self.apps):
            self.apps.append(app)
            self._code_map = None
            self._templates = None

    def key(self, scope: dict[str, Any]) -> str | None:
        """ "METHOD /template" of the route a request matched (None before routing)."""
        found = self.lookup(scope)
        return found[1] if found is not None else None

    def lookup(self, scope: dict[str, Any]) -> tuple[Any, str] | None:
        """(the matched entry if its key is cached under its id, else None; the key).

        The entry is `route_table.matched_route(scope)`, the object the middleware's hot
        path keys the probe's `counting` by: a caller may key by its id only when it is
        returned, as only then does the cache hold it alive and name it alone.
        """
        matched = matched_route(scope)
        if matched is None:
            return None
        method = scope.get("method", "GET")
        cached = self._keys.get((method, id(matched)))
        if cached is not None:
            return matched, cached[0]
        named, alone = naming_entry(scope, matched)
        key = self._new_key(method, named)
        if key is None or not alone or method not in STANDARD_METHODS:
            return None if key is None else (None, key)
        if len(self._keys) < MAX_CACHED_KEYS:
            self._keys[(method, id(matched))] = (key, matched)
            return matched, key
        return None, key

    def _new_key(self, method: str, entry: Any) -> str | None:
        """ "METHOD /template"; any method but the standard ones is keyed `OTHER`.

        The router names the route a wrong method was sent to (for its 405), so keying by
        the method as sent let garbage methods grow the route table without bound — ~7 KB
        of histograms per made-up method.
        """
        template = self.template(entry)
        if template is None:
            return None
        return f"{method if method in STANDARD_METHODS else 'OTHER'} {template}"

    def template(self, entry: Any) -> str | None:
        """The full template of an entry: with the mounts above it, read from the routing
        table; the entry's own when the table does not know it or holds it under two."""
        table = self._templates
        hit = table.get(id(entry)) if table is not None else None
        if hit is None or hit[0] is not entry:
            hit = self._rebuild(entry)
        return hit[1] if hit[1] is not None else own_template(entry)

    def _rebuild(self, entry: Any) -> tuple[Any, str | None]:
        """Walk the routing table again for an entry it did not hold (routes added since).

        Entries found in no app stay, so that a request to one (a made-up method keeps it
        out of the key cache) does not walk the table every time.
        """
        fresh = template_table(self.apps)
        for number, known in (self._templates or {}).items():
            if known[1] is None:
                fresh.setdefault(number, known)
        hit = fresh.get(id(entry))
        if hit is None or hit[0] is not entry:
            hit = fresh[id(entry)] = (entry, None)
        self._templates = fresh
        return hit

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


def build_code_map(apps: list[Any]) -> CodeMap:
    """Code object of every endpoint and dependency of `apps` → (callable name, route keys)."""
    mapping: CodeMap = {}
    for app in list(apps):
        for prefix, route in iter_routes(app):
            template = own_template(route) or ""
            methods = sorted(read(route, "methods") or ["GET"])
            keys = [f"{m} {prefix}{template}" for m in methods]
            calls = [read(route, "endpoint")]
            dependant = read(route, "dependant")
            stack = [dependant] if dependant is not None else []
            while stack:
                node = stack.pop()
                calls.append(getattr(node, "call", None))
                stack.extend(getattr(node, "dependencies", []) or [])
            _add_calls(mapping, calls, keys)
    return mapping


def _add_calls(mapping: CodeMap, calls: list[Any], keys: list[str]) -> None:
    """Map the code of `calls` to `keys`; code already mapped (one router included twice,
    a dependency many routes share) gains the keys, so that no route is named for it alone."""
    for call in calls:
        if call is None:
            continue
        for code in codes_of(call):
            known = mapping.get(code)
            if known is None:
                mapping[code] = (callable_name(call), keys)
            elif any(key not in known[1] for key in keys):
                merged = known[1] + [key for key in keys if key not in known[1]]
                mapping[code] = (known[0], merged)


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
                template = own_template(route) or ""
                return f"{scope.get('method', 'GET')} {template}"
    return None
