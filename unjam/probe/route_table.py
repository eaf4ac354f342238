"""The app's routing table as the probe reads it: which entry a request matched, where
every entry sits in the table, and the full path template that names it.

FastAPI 0.165 keeps an included router as one `_IncludedRouter` entry. A request into it
carries the original `APIRoute` in `scope["route"]` (its path without any include prefix)
and the include's effective route context, which has the full path, in
`scope["fastapi"]["effective_route_context"]`. Older FastAPI copies each included route,
prefix applied, into the parent's table and sets only `scope["route"]`. Both are read here
by duck typing — FastAPI's private classes are never imported — so the rest of the probe
sees one thing: an entry with a full template.

A context for a Starlette route or a mount inside an include holds a prefixed copy of it
(`starlette_route`); the entry's template, endpoint and methods are read from that copy.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

MAX_DEPTH = 8  # mounts within mounts: deeper ones are not walked
TemplateTable = dict[int, tuple[Any, str | None]]
"""id(entry) → (the entry, kept alive so its id stays its own; its full template, or None
when the entry is reachable under two different templates)."""


def matched_route(scope: dict[str, Any]) -> Any:
    """The entry a request matched: the include's effective context when FastAPI set one,
    else `scope["route"]`. The middleware inlines this on its hot path; keep them alike."""
    fastapi = scope.get("fastapi")
    if fastapi and isinstance(fastapi, dict):
        context = fastapi.get("effective_route_context")
        if context is not None:
            return context
    return scope.get("route")


def _target(entry: Any) -> Any:
    """The prefixed copy an include context holds, else the entry itself."""
    copy = getattr(entry, "starlette_route", None)
    return copy if copy is not None else entry


def read(entry: Any, name: str, default: Any = None) -> Any:
    """An attribute of an entry, from the prefixed copy an include context holds if any."""
    return getattr(_target(entry), name, default)


def own_template(entry: Any) -> str | None:
    """The template an entry states for itself (without the mounts above it)."""
    return read(entry, "path_format") or read(entry, "path") or None


def is_mount(entry: Any) -> bool:
    """A mount or host: an entry that hands the request on to another app rather than
    answering it (so a request routed through it is named by the route inside)."""
    target = _target(entry)
    return not hasattr(target, "endpoint") and hasattr(target, "app")


def naming_entry(scope: dict[str, Any], matched: Any) -> tuple[Any, bool]:
    """(the entry whose template names the request, whether `matched` alone always gives
    that name).

    A mount inside an include leaves its context in the scope while the app behind it
    routes on: the route that app matched names the request, and one context covers all
    of its routes.
    """
    if not is_mount(matched) or getattr(matched, "starlette_route", None) is None:
        return matched, True
    inner = scope.get("route")
    if inner is None or is_mount(inner):
        return matched, True  # an app without routes (static files) behind the mount
    return inner, False


def _routes_of(app: Any) -> list[Any] | None:
    """The route list of an ASGI app, looking through middleware to the router."""
    obj = app
    for _ in range(40):
        if obj is None:
            return None
        candidate = getattr(obj, "routes", None)
        if isinstance(candidate, list):
            return candidate
        obj = getattr(obj, "app", None) or getattr(obj, "router", None)
    return None


def _contexts(included: Any) -> list[Any]:
    """The effective contexts of an included router (nested includes flattened by FastAPI);
    none when they cannot be read — the probe must not fail on an app it does not know."""
    with contextlib.suppress(Exception):
        return list(included.effective_route_contexts())
    return []


def iter_routes(app: Any, prefix: str = "", depth: int = 0) -> Iterator[tuple[str, Any]]:
    """(mount prefix, entry) for every route reachable from an ASGI app or middleware chain.

    An included router's routes are yielded as their effective contexts, which carry the
    full path; a mount's routes are yielded with the mount's path as their prefix.
    """
    routes = _routes_of(app)
    if routes is None:
        return
    for route in list(routes):
        if callable(getattr(route, "effective_route_contexts", None)):
            entries = _contexts(route)
        else:
            entries = [route]
        for entry in entries:
            target = _target(entry)
            if is_mount(target) and getattr(target, "routes", None) is not None:
                if depth < MAX_DEPTH:
                    inner = prefix + (getattr(target, "path", "") or "")
                    yield from iter_routes(target, inner, depth + 1)
            elif own_template(entry) is not None or read(entry, "endpoint") is not None:
                yield prefix, entry


def template_table(apps: list[Any]) -> TemplateTable:
    """Every entry of `apps` → its full template (prefixes of the mounts above it)."""
    table: TemplateTable = {}
    for app in list(apps):
        for prefix, entry in iter_routes(app):
            full: str | None = prefix + (own_template(entry) or "")
            known = table.get(id(entry))
            if known is not None and known[1] != full:
                full = None  # one sub-app behind two mounts: the route cannot tell which
            table[id(entry)] = (entry, full)
    return table
