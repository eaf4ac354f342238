"""Litestar applications: the route handlers (`@get("/path")`, `@post`, ..., `@route`,
`@websocket`, on functions or a `Controller`'s methods) and the providers its dependency
injection calls (`Provide(get_db)`). Litestar awaits an `async def` handler on its loop and
calls a `def` one there too unless it is marked `sync_to_thread=True` (it warns when the
mark is missing), so what either blocks on stalls every request; a marked one runs in the
loop's executor, off the loop. The project's other coroutines stay entries, as in a project
without an app: handlers reach services through the dependency injection, which is not
followed (docs/check.md). A label is the handler's path under its `Controller`'s `path`; a
`Router`'s prefix is not added.
"""

from __future__ import annotations

from unjam.analysis.constant_text import constant_text
from unjam.analysis.project import Func, Project

_VERBS = frozenset({"get", "post", "put", "patch", "delete", "head", "route", "websocket"})
_LITESTAR = "litestar."


def litestar_entries(project: Project) -> list[tuple[Func, str | None]]:
    """(callable, route label) of the handlers and providers Litestar runs on its loop,
    each once."""
    found: dict[str, tuple[Func, str | None]] = {}
    for func in project.funcs.values():
        for ref, _line, _col in func.fd.decorators:
            if ref[0] != "call" or _verb(ref[1]) not in _VERBS:
                continue
            callee = project.callee(project.parent_scope(func), ref[1])
            if callee is None or not callee[1].startswith(_LITESTAR):
                continue
            if not func.fd.is_async and _to_thread(ref[3]):
                continue  # run in the executor, off the loop
            found.setdefault(func.gqn, (func, _label(project, func, ref)))
    for caller, site in project.sites_named("Provide"):
        callee = project.callee(caller, site.func)
        if callee is None or not callee[1].startswith(_LITESTAR) or not site.args:
            continue
        value = project.value_of(caller, site.args[0])
        target = project.funcs.get(value[1]) if value and value[0] in ("func", "meth") else None
        if target is not None and (target.fd.is_async or not _to_thread(site.kwargs)):
            found.setdefault(target.gqn, (target, None))
    return list(found.values())


def _verb(ref: tuple) -> str | None:
    if ref[0] == "attr":
        return ref[2]
    return ref[1] if ref[0] == "name" else None


def _to_thread(kwargs: tuple) -> bool:
    return ("sync_to_thread", ("const", True)) in kwargs


def _label(project: Project, func: Func, ref: tuple) -> str:
    """`GET /path`: the decorator's verb (a `route`'s first `http_method`) and its first
    path, under its `Controller`'s `path`."""
    verb = _verb(ref[1]) or "route"
    kwargs = dict(ref[3])
    if verb == "route":
        verb = _first_text(project, func, kwargs.get("http_method")) or "*"
    elif verb == "websocket":
        verb = "WS"
    path = ref[2][0] if ref[2] else kwargs.get("path")
    text = "/" if path is None else _first_text(project, func, path)  # ("/": the default)
    cls = project.classes.get(func.class_gqn) if func.class_gqn else None
    prefix = cls.cd.attrs.get("path") if cls is not None else None
    if text is not None and prefix is not None and len(prefix) == 1:
        base = _first_text(project, func, prefix[0])
        text = None if base is None else base.rstrip("/") + ("" if text == "/" else text)
    return f"{verb.upper()} {text or '…'}"


def _first_text(project: Project, scope: Func, ref: tuple | None) -> str | None:
    """A constant string, or the first of a list of them (`["/a", "/b"]`)."""
    if ref is not None and ref[0] in ("list", "tuple") and ref[1]:
        ref = ref[1][0]
    return None if ref is None else constant_text(project, scope, ref)
