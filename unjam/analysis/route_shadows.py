"""Routes an earlier route of the same app always answers first, so their endpoints never run.

Starlette tries an app's routes in the order they were added and hands a request to the first
one whose path and method both match. A route whose every path an earlier route of the same
method matches never runs: a twin (`/books/{book_id}` and `/books/{id}` are one pattern), as
when a project keeps an old and a new module of admin routes both included, or a literal a
parameter takes first (`/books/featured` after `/books/{book_id}`, which FastAPI then answers
with a 422 when `featured` is no integer), the classic order mistake. So does a library app
mounted earlier at a path the route sits under (`app.mount("/result", StaticFiles(...))`
before `@app.get("/result/{name}/final.png")`): a Mount matches every path below it, any
method. A route whose whole path does not start with `/` (`@router.get("api/health")`
included with no prefix) matches no request at all.

Which was registered first is decided only where the code says it plainly: at the first step
where the two registrations part (an `include_router` or a route decorator), both steps in
the same function or module body, on different lines (`Route.order`), and the earlier route's
registration from there on is made by statements of their bodies' own, under no `if`, loop or
`try` (`if docs_url != "/": @app.get("/")` may not exist); a route decorator on a method of a
class defined at the top of its module (a class-based view) is one of the module's. A route
whose router is included in more than one place is never judged; under a prefix unjam
cannot read, or on a router whose includes unjam cannot follow to an app (`self.router` of an
object, included as `events.router`), routes are compared only with routes of the same
router: an include copies them in their order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from unjam.analysis.fastapi_records import UNLINKED_ROUTER, Route
from unjam.model import UNREAD_PREFIX

_PARAM = re.compile(r"^\{[^{}:]*(?::([^{}]*))?\}$")
# what a parameter segment of each convertor matches (Starlette's `CONVERTORS`); `path`
# spans segments, so a pattern with one is judged only against its exact twin
_SEGMENT = {"str": re.compile(r"[^/]+"), "int": re.compile(r"[0-9]+")}


def unshadowed(routes: list[Route], mounts: Sequence[tuple[str, str, tuple]] = ()) -> list[Route]:
    """`routes` without those an earlier route of the same app always answers first, or an
    earlier mount of a library app (`mounts`: app symbol, path, registration step) under
    whose path they sit: `app.mount("/result", StaticFiles(...))` before
    `@app.get("/result/{name}/final.png")`, whose requests the files app answers (a Mount
    matches every method)."""
    routes = [
        route
        for route in routes
        if not _under_an_earlier_mount(route, mounts) and not _matches_no_path(route)
    ]
    shapes = [_shapes(route) for route in routes]
    groups: dict[tuple[str, str, int, str], _Group] = {}
    for route, its in zip(routes, shapes, strict=True):
        for shape, segments in its:
            groups.setdefault(shape, _Group()).add(route, segments)
    return [
        route
        for route, its in zip(routes, shapes, strict=True)
        if not (its and all(groups[shape].answers_first(route, segs) for shape, segs in its))
    ]


def _matches_no_path(route: Route) -> bool:
    """A route of an app whose whole path, prefixes included, does not start with `/`
    (`@router.get("api/health")` on a router included with no prefix): a request's path
    always does, so none matches it."""
    path = route.label.partition(" ")[2]
    return route.app is not None and bool(path) and path[0] != "/" and UNREAD_PREFIX not in path


class _Group:
    """The routes of one app, method and segment count: a route can be answered first only
    by an exact twin or by one with a parameter segment (most paths have none)."""

    def __init__(self) -> None:
        self.twins: dict[tuple[str, ...], list[Route]] = {}
        self.with_params: list[tuple[Route, tuple[str, ...]]] = []

    def add(self, route: Route, segments: tuple[str, ...]) -> None:
        self.twins.setdefault(segments, []).append(route)
        if any(part.startswith("{") for part in segments):
            self.with_params.append((route, segments))

    def answers_first(self, route: Route, segments: tuple[str, ...]) -> bool:
        """Whether a route registered before `route` matches every path it matches."""
        if any(
            other is not route and _registered_before(other, route)
            for other in self.twins[segments]
        ):
            return True
        return any(
            other is not route and _covers(theirs, segments) and _registered_before(other, route)
            for other, theirs in self.with_params
        )


def _shapes(route: Route) -> list[tuple[tuple[str, str, int, str], tuple[str, ...]]]:
    """((app, method, segment count, router), segments) for each method of `route`, a
    parameter segment written as its convertor (`{str}`, `{int}`); none when it cannot be
    judged. Under a prefix unjam cannot read, only routes of the same router (the same
    includes above) are compared, on their own paths."""
    methods, _, path = route.label.partition(" ")
    app, order = route.app, route.order
    if order is None or (app is None and not order[0][0].startswith(UNLINKED_ROUTER)):
        return []
    router = ""
    if app is None or UNREAD_PREFIX in path:  # (a router whose includes are unknown)
        if UNREAD_PREFIX in route.path:
            return []
        path, router, app = route.path, repr(order[:-1]), app or ""
    segments = tuple(_segment(part) for part in path.split("/"))
    return [((app, method, len(segments), router), segments) for method in methods.split(",")]


def _segment(text: str) -> str:
    match = _PARAM.match(text)
    if match is None:
        return text
    return "{" + ((match.group(1) or "").strip() or "str") + "}"


def _covers(first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    """Whether every path `second` matches, `first` matches too."""
    return all(_segment_covers(a, b) for a, b in zip(first, second, strict=True))


def _segment_covers(first: str, second: str) -> bool:
    if first == second:
        return True
    pattern = _SEGMENT.get(first[1:-1]) if first.startswith("{") else None
    if pattern is None or "{" in second or "}" in second:
        # (a literal, another convertor, or a segment mixing text and a parameter: only
        # its exact twin; a parameter segment of `second` only under a `{str}` one)
        return first == "{str}" and second in ("{int}", "{float}", "{uuid}")
    return pattern.fullmatch(second) is not None


def _under_an_earlier_mount(route: Route, mounts) -> bool:
    path = route.label.partition(" ")[2]
    if UNREAD_PREFIX in path:
        return False
    return route.app is not None and any(
        app == route.app
        and prefix
        and path.startswith(f"{prefix}/")
        and _ordered_before((step,), route.order)
        for app, prefix, step in mounts
    )


def _registered_before(first: Route, second: Route) -> bool:
    """Whether `first` was certainly added to the app before `second` (`_ordered_before`)."""
    return _ordered_before(first.order, second.order)


def _ordered_before(a: tuple | None, b: tuple | None) -> bool:
    """Whether registration order `a` certainly comes before `b`: at the first step where
    they part, both steps are in one body, `a`'s on an earlier line, and it and every step
    of `a` after it run whenever that body does."""
    if a is None or b is None:
        return False
    for i, (step_a, step_b) in enumerate(zip(a, b, strict=False)):
        if step_a[:2] == step_b[:2]:
            continue
        return step_a[0] == step_b[0] and step_a[1] < step_b[1] and all(s[2] for s in a[i:])
    return False
