"""Routes an earlier route of the same app always answers first, so their endpoints never run.

Starlette tries an app's routes in the order they were added and hands a request to the first
one whose path and method both match. Two routes with the same method and the same path
pattern (`/books/{book_id}` and `/books/{id}` are one pattern) are thus one route in effect:
the one registered first. A project that keeps an old and a new module of admin routes both
included gets the later module's duplicates for free in its source, never in its process.

Which was registered first is decided only where the code says it plainly: at the first step
where the two registrations part (an `include_router` or a route decorator), both steps in
the same function or module body, on different lines (`Route.order`), and the earlier route's
registration from there on is made by statements of their bodies' own, under no `if`, loop or
`try` (`if docs_url != "/": @app.get("/")` may not exist). Routes whose path has a prefix
unjam cannot read, or whose router is included in more than one place, are never judged.
"""

from __future__ import annotations

import re

from unjam.analysis.fastapi_records import Route
from unjam.model import UNREAD_PREFIX

_PARAM = re.compile(r"\{[^{}:]*(?::([^{}]*))?\}")


def unshadowed(routes: list[Route]) -> list[Route]:
    """`routes` without those an earlier route of the same app always answers first."""
    by_key: dict[tuple[str, str, str], list[Route]] = {}
    for route in routes:
        for key in _keys(route):
            by_key.setdefault(key, []).append(route)
    return [route for route in routes if not _shadowed(route, by_key)]


def _shadowed(route: Route, by_key: dict[tuple[str, str, str], list[Route]]) -> bool:
    """Whether each method of `route` is answered by a route registered before it."""
    keys = _keys(route)
    return bool(keys) and all(
        any(other is not route and _registered_before(other, route) for other in by_key[key])
        for key in keys
    )


def _keys(route: Route) -> list[tuple[str, str, str]]:
    """(app, method, path pattern) for each method of `route`; none when it cannot be judged."""
    methods, _, path = route.label.partition(" ")
    app = route.app
    if app is None or route.order is None or UNREAD_PREFIX in path:
        return []
    pattern = _PARAM.sub(lambda m: "{" + _convertor(m.group(1)) + "}", path)
    return [(app, method, pattern) for method in methods.split(",")]


def _convertor(name: str | None) -> str:
    name = (name or "str").strip()
    return name or "str"


def _registered_before(first: Route, second: Route) -> bool:
    """Whether `first` was certainly added to the app before `second`: at the first step
    where their registrations part, both steps are in one body, `first`'s on an earlier
    line, and it and every step of `first` after it run whenever that body does."""
    a, b = first.order, second.order
    if a is None or b is None:
        return False
    for i, (step_a, step_b) in enumerate(zip(a, b, strict=False)):
        if step_a[:2] == step_b[:2]:
            continue
        return step_a[0] == step_b[0] and step_a[1] < step_b[1] and all(s[2] for s in a[i:])
    return False
