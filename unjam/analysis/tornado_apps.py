"""Tornado applications: `tornado.web.Application([(r"/devices", DevicesHandler), ...])`
serves each handler class's HTTP methods (`get`, `post`, ... and `prepare`) and a
`WebSocketHandler`'s `open` / `on_message` / `on_close` on its IOLoop — asyncio's loop since
Tornado 5. A `def` method runs there too (Tornado has no thread pool for handlers), so what
it blocks on stalls every request. A project that builds one serves an app: its other
coroutines are no library's entries (docs/check.md).
"""

from __future__ import annotations

from unjam.analysis.constant_text import constant_text
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
    `url(pattern, Handler)` calls in the rules an application is given (`_rule_items`)."""
    out = []
    for rule in _rule_items(caller, rules, set()) if rules is not None else ():
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


def _rule_items(caller: Func, ref: tuple, seen: set[str]) -> list[tuple]:
    """The items of the lists that make up `ref`: a list display (`*base` spread in it), a
    sum of lists (`routes_base + [...]`), either branch of `a if c else b`, and a local's
    every binding, with what `append`/`extend` add to it (`routes = routes_status if
    status_only else routes_full`; `routes.append((r"/metrics", MetricsHandler))`)."""
    tag = ref[0]
    if tag == "list":
        items: list[tuple] = []
        for item in ref[1]:
            if item[0] == "star":
                items.extend(_rule_items(caller, item[1], seen))
            else:
                items.append(item)
        return items
    if tag == "binop" and ref[1] == "Add":
        return _rule_items(caller, ref[2], seen) + _rule_items(caller, ref[3], seen)
    if tag == "ifexp":
        return _rule_items(caller, ref[1], seen) + _rule_items(caller, ref[2], seen)
    if tag != "name" or ref[1] in seen:
        return []
    name = ref[1]
    seen.add(name)
    items = []
    for bound in _bindings(caller, name):
        items.extend(_rule_items(caller, bound, seen))
    for site in caller.fd.calls:
        if site.func[:2] == ("attr", ref) and site.args:
            if site.func[2] == "append":
                items.append(site.args[0])
            elif site.func[2] == "extend":
                items.extend(_rule_items(caller, site.args[0], seen))
    return items


def _bindings(caller: Func, name: str) -> list[tuple]:
    """What `name` is bound to in `caller` (at module level, by the module body)."""
    if caller.fd.qn != "<module>":
        return list(caller.fd.locals.get(name, ()))
    values = caller.mod.summary.global_values.get(name, ())
    return [value for scope, value in values if scope == "<module>"]
