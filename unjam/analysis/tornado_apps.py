"""Tornado applications: `tornado.web.Application([(r"/devices", DevicesHandler), ...])`
serves each handler class's HTTP methods (`get`, `post`, ... and `prepare`) and a
`WebSocketHandler`'s `open` / `on_message` / `on_close` on its IOLoop — asyncio's loop since
Tornado 5. A `def` method runs there too (Tornado has no thread pool for handlers), so what
it blocks on stalls every request. A project that builds one serves an app: its other
coroutines are no library's entries (docs/check.md).
"""

from __future__ import annotations

from unjam.analysis.constant_text import constant_text
from unjam.analysis.list_items import list_items
from unjam.analysis.project import Func, Project

_APPLICATIONS = frozenset({"tornado.web.Application"})
_URL_SPECS = frozenset({"tornado.web.url", "tornado.web.URLSpec", "tornado.routing.URLSpec"})
_HTTP_METHODS = ("prepare", "get", "post", "put", "patch", "delete", "head", "options")
_SOCKET_METHODS = ("open", "on_message", "on_close")  # a WebSocketHandler's


def tornado_handlers(project: Project) -> list[tuple[Func, str]]:
    """(method, route label) of every handler method the project's Tornado applications
    serve, each method once (an inherited `on_message` serves several routes: the first
    names it)."""
    found: dict[str, tuple[Func, str]] = {}
    for caller, site in project.sites_named("Application"):
        callee = project.callee(caller, site.func)
        if callee is None or callee[0] != "ext" or callee[1] not in _APPLICATIONS:
            continue
        rules = site.args[0] if site.args else dict(site.kwargs).get("handlers")
        for pattern, handler in _rules(project, caller, rules):
            for name in (*_HTTP_METHODS, *_SOCKET_METHODS):
                method = project.method(handler, name)
                if method is not None and method.gqn not in found:
                    verb = "WS" if name in _SOCKET_METHODS else name.upper()
                    found[method.gqn] = (method, f"{verb} {pattern}")
    return list(found.values())


def _rules(project: Project, caller: Func, rules: tuple | None) -> list[tuple[str, str]]:
    """(pattern, handler class gqn) of the `(pattern, Handler, ...)` tuples or
    `url(pattern, Handler)` calls in the rules an application is given (list_items.py)."""
    out = []
    for rule in list_items(caller, rules) if rules is not None else ():
        if rule[0] == "list" and len(rule[1]) >= 2:
            pattern, handler = rule[1][0], rule[1][1]
        elif rule[0] == "call" and len(rule[2]) >= 2:
            spec = project.callee(caller, rule[1])
            if spec is None or spec[1] not in _URL_SPECS:
                continue
            pattern, handler = rule[2][0], rule[2][1]
        else:
            continue
        value = project.value_of(caller, handler)
        if value is not None and value[0] == "class":
            out.append((constant_text(project, caller, pattern) or "…", value[1]))
    return out
