"""aiohttp applications: what `aiohttp.web` calls on its event loop.

Handlers are registered on the router (`app.router.add_get(path, handler)`,
`add_route("PUT", path, handler)`, `add_view(path, View)`), by route definitions
(`app.add_routes([web.get(path, handler), web.view(path, View)])`) or by a route table's
decorators (`@routes.get(path)`); a class-based view serves its `get`/`post`/... methods.
aiohttp awaits each on its loop and has no thread pool for them, so what one blocks on
stalls every request — a `def` handler too (aiohttp calls it on the loop). Middlewares
(`Application(middlewares=[...])`, `app.middlewares.append`) and `on_response_prepare`
signals run on every request as well; `on_startup` / `on_shutdown` / `on_cleanup` signals
and `cleanup_ctx` generators run while the app starts or stops. A project that builds one
serves an app: its other coroutines are no library's entries (docs/check.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from unjam.analysis.assigned_before import assigned_before
from unjam.analysis.constant_text import constant_text
from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite
from unjam.semantics import Role

_VERBS = ("get", "post", "put", "patch", "delete", "head", "options")


class _Spec(NamedTuple):
    """Where a registration's arguments are: its own verb, or the index of its method
    argument (`add_route("PUT", path, handler)`); the path's and the handler's index."""

    verb: str | None
    method_at: int | None
    path_at: int
    handler_at: int


_ROUTER = {f"add_{v}": _Spec(v.upper(), None, 0, 1) for v in _VERBS} | {
    "add_route": _Spec(None, 0, 1, 2),
    "add_view": _Spec("*", None, 0, 1),
}
_DEFINITIONS = {v: _Spec(v.upper(), None, 0, 1) for v in _VERBS} | {
    "route": _Spec(None, 0, 1, 2),
    "view": _Spec("*", None, 0, 1),
}
_SIGNALS = {
    "on_startup": Role.STARTUP,
    "on_shutdown": Role.SHUTDOWN,
    "on_cleanup": Role.SHUTDOWN,
    "cleanup_ctx": Role.LIFESPAN,
    "on_response_prepare": Role.AIOHTTP,
    "middlewares": Role.HTTP_MIDDLEWARE,
}
_WEB = "aiohttp.web."


def aiohttp_entries(project: Project) -> list[tuple[Func, Role, str | None]]:
    """(callable, role, route label) of everything the project's aiohttp apps call, each
    callable once (the first registration names it)."""
    found: dict[str, tuple[Func, Role, str | None]] = {}

    def add(func: Func, role: Role, label: str | None) -> None:
        found.setdefault(func.gqn, (func, role, label))

    for caller, (site, callee), name in _web_calls(project, (*_ROUTER, *_DEFINITIONS)):
        if name in _ROUTER and callee.endswith((f".router.{name}", f"UrlDispatcher.{name}")):
            _route(project, caller, site, _ROUTER[name], add)
        elif callee == _WEB + name:  # `web.get(path, handler)`, not `app.get(key)`
            _route(project, caller, site, _DEFINITIONS[name], add)
    for func in project.funcs.values():
        for ref, _line, _col in func.fd.decorators:
            if _table_route(project, func, ref):
                _serve(project, func, ("func", func.gqn), ref[2], _DEFINITIONS[ref[1][2]], add)
    for cls in project.classes.values():
        scope = project.module_scope(cls.mod)
        for ref, _line, _col in cls.cd.decorators:
            if _table_route(project, scope, ref):
                _serve(project, scope, ("class", cls.gqn), ref[2], _DEFINITIONS[ref[1][2]], add)
    for caller, site, _name in _web_calls(project, ("append", "Application")):
        _signal_or_middleware(project, caller, site, add)
    for caller, site in project.sites_named("add_route"):
        _resource_route(project, caller, site, add)
    return list(found.values())


def _web_calls(project: Project, names: tuple[str, ...]) -> list[tuple[Func, tuple, str]]:
    """(caller, (site, callee name), name) of the calls named `names` that resolve into
    `aiohttp.web`. Most calls named `get` or `append` are a dict's or a list's: only those
    written on the `web` module or on a signal list are resolved (`_may_be_web`)."""
    out = []
    for name in names:
        for caller, site in project.sites_named(name):
            if not _may_be_web(caller, site.func, name):
                continue
            callee = project.callee(caller, site.func)
            if callee is not None and callee[0] == "ext" and callee[1].startswith(_WEB):
                out.append((caller, (site, callee[1]), name))
    return out


def _may_be_web(caller: Func, ref: tuple, name: str) -> bool:
    """Whether a call named `name` is written so that it may be aiohttp's: `web.get(...)` on
    a name imported from aiohttp (or `aiohttp.web.get(...)`), `….on_startup.append(...)`;
    the router's `add_*` methods and `Application` are rare enough to resolve each."""
    if name == "append":
        return ref[0] == "attr" and ref[1][0] == "attr" and ref[1][2] in _SIGNALS
    if name not in _DEFINITIONS:
        return True
    if ref[0] == "name":  # `from aiohttp.web import get`
        return _from_aiohttp(caller, ref[1])
    if ref[0] != "attr":
        return False
    base = ref[1]
    if base[0] == "attr":
        return base[2] == "web"
    return base[0] == "name" and _from_aiohttp(caller, base[1])


def _from_aiohttp(caller: Func, name: str) -> bool:
    """Whether `name` is imported from aiohttp, in the module or in the function."""
    imported = caller.mod.summary.imports.get(name)
    if imported is not None:
        return imported.module.startswith("aiohttp")
    local = caller.fd.locals.get(name, ())
    return any(v[0] == "imp" and v[2].startswith("aiohttp") for v in local)


def _table_route(project: Project, scope: Func, ref: tuple) -> bool:
    """Whether a decorator is a route table's: `@routes.get(path)`, `routes` being a
    `web.RouteTableDef()`."""
    if ref[0] != "call" or ref[1][0] != "attr" or ref[1][2] not in _DEFINITIONS:
        return False
    callee = project.callee(scope, ref[1])
    return callee is not None and callee[1].startswith(_WEB + "RouteTableDef.")


def _route(
    project: Project,
    caller: Func,
    site: CallSite,
    spec: _Spec,
    add: Callable[[Func, Role, str | None], None],
) -> None:
    """A handler registered by a call: `router.add_get(path, handler)`, `web.get(...)`."""
    handler = _arg(site.args, site.kwargs, spec.handler_at, "handler")
    value = None if handler is None else project.value_of(caller, handler)
    if value is not None:
        _serve(project, caller, value, site.args, spec, add, dict(site.kwargs).get("path"))


def _serve(
    project: Project,
    scope: Func,
    value: tuple,
    args: tuple,
    spec: _Spec,
    add: Callable[[Func, Role, str | None], None],
    path: tuple | None = None,
) -> None:
    """Add what `value` (a function, a class-based view, an instance) serves at the path
    and method `args` name."""
    if len(args) > spec.path_at:
        path = args[spec.path_at]
    label_path = (constant_text(project, scope, path) if path is not None else None) or "…"
    if value[0] == "class":
        for verb in _VERBS:
            method = project.method(value[1], verb)
            if method is not None:
                add(method, Role.AIOHTTP, f"{verb.upper()} {label_path}")
        return
    if value[0] == "obj":  # a callable instance of a project class
        method = project.method(value[1], "__call__")
    else:
        method = project.funcs.get(value[1]) if value[0] in ("func", "meth") else None
    if method is not None:
        add(method, Role.AIOHTTP, f"{_verb(project, scope, args, spec)} {label_path}")


def _resource_route(
    project: Project,
    caller: Func,
    site: CallSite,
    add: Callable[[Func, Role, str | None], None],
) -> None:
    """`r = app.router.add_resource(path)` — or `r = cors.add(app.router.add_resource(
    path))` — then `r.add_route("GET", handler)`: the path is the resource's, from the
    assignment of `r` the call sees (a local reused for each resource)."""
    receiver = site.func[1] if site.func[0] == "attr" else None
    if receiver is None or receiver[0] != "name" or len(site.args) != 2:
        return
    built = assigned_before(caller.fd, site, receiver[1])
    if built is None:
        bound = caller.fd.locals.get(receiver[1])
        built = bound[0] if bound is not None and len(bound) == 1 else None
    while built is not None and built[0] == "call" and _last_name(built[1]) != "add_resource":
        built = built[2][0] if built[2] else None  # `cors.add(<the resource>)`
    if built is None or built[0] != "call" or not built[2]:
        return
    callee = project.callee(caller, built[1])
    if callee is None or not callee[1].startswith(_WEB):
        return
    value = project.value_of(caller, site.args[1])
    if value is not None:
        args = (site.args[0], built[2][0], site.args[1])
        _serve(project, caller, value, args, _ROUTER["add_route"], add)


def _arg(args: tuple, kwargs: tuple, at: int, name: str):
    return args[at] if len(args) > at else dict(kwargs).get(name)


def _verb(project: Project, scope: Func, args: tuple, spec: _Spec) -> str:
    """The HTTP method a registration names: its own (`add_get`, `web.post`) or its method
    argument's text (`add_route("PUT", ...)`)."""
    if spec.verb is not None:
        return spec.verb
    at = spec.method_at
    if at is not None and len(args) > at:
        text = constant_text(project, scope, args[at])
        if text:
            return text.upper()
    return "*"


def _signal_or_middleware(
    project: Project,
    caller: Func,
    found: tuple[CallSite, str],
    add: Callable[[Func, Role, str | None], None],
) -> None:
    """`app.on_startup.append(f)` (and the other signals, `app.middlewares.append(m)`) or
    `web.Application(middlewares=[m, ...])`: `found` is the call and what it calls."""
    site, callee = found
    role: Role | None
    if callee == _WEB + "Application":
        items = dict(site.kwargs).get("middlewares")
        items = items[1] if items is not None and items[0] in ("list", "tuple") else ()
        role, signal = Role.HTTP_MIDDLEWARE, None
    else:
        signal = callee.removesuffix(".append").rpartition(".")[2]
        role = _SIGNALS.get(signal)
        items = site.args[:1]
    if role is None:
        return
    for ref in items:
        value = project.value_of(caller, ref)
        if value is not None and value[0] in ("func", "meth") and value[1] in project.funcs:
            add(project.funcs[value[1]], role, signal if role is Role.AIOHTTP else None)
