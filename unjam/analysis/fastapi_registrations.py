"""How code hands callables to the framework: route decorators (`@app.get`, `api_route`,
`websocket`, `@app.middleware("http")`, `exception_handler`, `on_event`), registration calls
(`include_router`, `mount`, `add_api_route` and kin, `add_middleware`, `Middleware(...)`,
`add_exception_handler`, `add_event_handler`), route objects (`Route("/", endpoint)`) and an
app's own arguments (`lifespan=`, `on_startup=`, `exception_handlers=`).

A layer of the FastAPI model's builder (see fastapi_model.py).
"""

from __future__ import annotations

from unjam.analysis.cadwyn_routes import CADWYN_INCLUDES, cadwyn_prefix
from unjam.analysis.callgraph_constants import PassedConstants
from unjam.analysis.fastapi_includes import IncludeModel
from unjam.analysis.fastapi_records import (
    _DECORATORS,
    APP,
    DISPATCH_FORM,
    LIBRARY_MIDDLEWARE,
    NO_MODEL,
    Middleware,
    RouterObj,
    _const_str,
    _http_methods,
    _last_name,
    _list_items,
    registration_step,
)
from unjam.analysis.project import Func, Project
from unjam.analysis.route_helpers import helper_route_decorator
from unjam.analysis.routers_by_name import imported_by_name, loaded_by_name
from unjam.analysis.summary import CallSite
from unjam.analysis.transparent import TransparentDecorators
from unjam.analysis.values import decided_by_constants, is_dead
from unjam.model import UNREAD_PREFIX
from unjam.semantics import Role

# route objects built directly (`routes=[Route("/", endpoint)]`): name → what it must resolve to
_ROUTE_OBJECTS = {
    "Route": "starlette.routing.Route",
    "WebSocketRoute": "starlette.routing.WebSocketRoute",
    "APIRoute": "fastapi.routing.APIRoute",
    "APIWebSocketRoute": "fastapi.routing.APIWebSocketRoute",
}
_ROUTE_OBJECT_TYPES = frozenset(_ROUTE_OBJECTS.values())
_REGISTRATIONS = {
    "include_router",
    "add_api_route",
    "add_api_websocket_route",
    "add_route",
    "add_websocket_route",
    "add_middleware",
    "add_exception_handler",
    "add_event_handler",
    "mount",
    CADWYN_INCLUDES,
}
_BASE_HTTP_MIDDLEWARE = "starlette.middleware.base.BaseHTTPMiddleware"
_ADD_ROUTE = ("add_api_route", "add_route", "add_api_websocket_route", "add_websocket_route")
_STARLETTE_ROUTES = ("route", "websocket_route")  # an app's Starlette-style decorators


_ROUTER_CLASSES = frozenset(
    ("ext", name)
    for name in (
        *("fastapi.APIRouter", "fastapi.routing.APIRouter", "fastapi.FastAPI"),
        *("fastapi.applications.FastAPI", "starlette.routing.Router"),
    )
)


class Registrations(IncludeModel):
    def __init__(self, project: Project, on_error) -> None:
        super().__init__(project, on_error)
        self._route_class_names: frozenset[str] | None = None  # see _route_subclasses
        self._constants = PassedConstants(project, TransparentDecorators(project))
        # (app symbol, path, registration step) of the library apps mounted on an app
        # (`app.mount("/result", StaticFiles(...))`): route_shadows.py
        self.outside_mounts: list[tuple[str, str, tuple[str, int, bool]]] = []

    # ---- registration calls -------------------------------------------------------------

    def _registrations(self, func: Func) -> None:
        p = self.p
        for site in func.fd.calls:
            ref = site.func
            if (ref[0] == "name" and ref[1] == "Middleware") or (
                ref[0] == "attr" and ref[2] == "Middleware"
            ):
                if (
                    p.value_of(func, ref) == ("ext", "starlette.middleware.Middleware")
                    and site.args
                ):
                    self._asgi_middleware(func, site.args[0])
                    self._dispatch_middleware(func, site, site.args[0], None)
                    self._library_middleware(func, site, site.args[0], None)
                continue
            kind = self._route_object_kind(func, ref)
            if kind is not None:
                self._route_object(func, site, kind)
                continue
            if ref[0] != "attr" or ref[2] not in _REGISTRATIONS:
                continue
            if site.guard >= 0 and self._never_taken(func, site.guard):
                # `if enable_cors: app.add_middleware(...)`, every caller passing False
                self._never_registered(func, site, ref[2])
                continue
            self._registration(func, site, ref[2], ref[1])

    def _never_registered(self, func: Func, site: CallSite, method: str) -> None:
        """A registration that never happens: a middleware class it names is then known
        unregistered there (unless registered elsewhere)."""
        if method == "add_middleware" and site.args and site.args[0][0] == "name":
            self.dead_middleware.setdefault(site.args[0][1], set()).add(func.mod.name)

    def _never_taken(self, func: Func, guard: int) -> bool:
        """Whether the test `guard` of `func` (or one it is nested in) is false on every
        call of it: a parameter every caller gives a value that decides it."""
        if func.fd.qn == "<module>" or not func.fd.params:
            return False
        killed = decided_by_constants(func.fd, self._constants.of(func))
        return bool(killed) and is_dead(func.fd.guards, guard, killed)

    def _registration(self, func: Func, site: CallSite, method: str, owner_ref: tuple) -> None:
        """`owner.<method>(...)`, one of `_REGISTRATIONS`."""
        kwargs = dict(site.kwargs)
        owner = self._router_of(func, owner_ref)
        if owner is not None and owner.registered_earlier(func, site.line):
            return
        # (an owner nothing hands the function, or one imported from a module of the
        # project's packages that it lacks: that import fails, and the registration with it)
        if owner is None and (
            self._never_given(func, owner_ref) or self._from_missing_module(func, owner_ref)
        ):
            self._never_registered(func, site, method)
            return
        if method == "include_router":
            child_ref = site.args[0] if site.args else kwargs.get("router")
            if child_ref is None:
                return
            handed = self._handed_includes(func, child_ref, kwargs, owner, owner_ref)
            if handed is not None:
                for router, into, prefix, caller, arg, at in handed:
                    sym = into.sym if into is not None else ""
                    router.parents.append((sym, prefix, caller, None, arg, at))
                return
            child = self._router_of(func, child_ref)
            children = [child] if child is not None else []
            if not children and child_ref[0] == "name":
                children = self._looped_routers(func)  # `for r in routers: include_router(r)`
            if not children and (
                imported_by_name(func, child_ref) or loaded_by_name(self.p, func, child_ref)
            ):
                self.routers_by_name = True
            elif (
                not children
                and not self._from_missing_module(func, child_ref)
                and not self._no_project_router(func, child_ref)
            ) or _handed_in(func, child_ref):
                # (a router of a module the project lacks includes none of its routers: the
                # import fails, or a fallback binds None)
                self.loose_includes = True
                self.loose_in.add(func.mod.name)
            if children:
                prefix = self._include_prefix(func, owner, owner_ref, kwargs.get("prefix"))
                sym = owner.sym if owner is not None else ""
                for child in children:
                    child.parents.append(
                        (sym, prefix, func, kwargs.get("dependencies"), child_ref, site[:2])
                    )
        elif method == CADWYN_INCLUDES and owner is not None:
            prefix = cadwyn_prefix(owner)  # (the version is a header's, or the path's start)
            for child_ref in site.args:
                child = self._router_of(func, child_ref)
                if child is not None:
                    child.parents.append((owner.sym, prefix, func, None, child_ref, site[:2]))
                    self.cadwyn_routers.add(child.sym)
        elif method == "mount":
            path = self._path(func, site.args[0] if site.args else kwargs.get("path"))
            sub_ref = site.args[1] if len(site.args) > 1 else kwargs.get("app")
            if path is None or sub_ref is None or owner is None:
                return
            child = self._router_of(func, sub_ref)
            children = [] if child is None else [child]
            children += [a for a in self._factory_apps(func, sub_ref) if a not in children]
            if (
                not children
                and owner.type == APP
                and UNREAD_PREFIX not in path
                and self._outside_app(func, sub_ref)
            ):
                step = registration_step(func, *site[:2])
                self.outside_mounts.append((owner.sym, path.rstrip("/"), step))
            if (not children and not self._outside_app(func, sub_ref)) or _handed_in(func, sub_ref):
                self.loose_includes = True
                self.loose_in.add(func.mod.name)
            for child in children:
                child.parents.append((owner.sym, path.rstrip("/"), func, None, sub_ref, site[:2]))
        elif method in _ADD_ROUTE:
            self._added_route(func, site, method, kwargs, owner)
        elif method == "add_middleware":
            target = site.args[0] if site.args else kwargs.get("middleware_class")
            if target is not None and target[0] == "name":
                # the class registered, when known: another of the same name stays unregistered
                value = self.p.value_of(func, target)
                self.live_middleware.add(value[1] if value and value[0] == "class" else target[1])
            if target is not None:
                self._asgi_middleware(func, target)
                self._dispatch_middleware(func, site, target, owner)
                self._library_middleware(func, site, target, owner)
        elif method == "add_exception_handler":
            handler = site.args[1] if len(site.args) > 1 else kwargs.get("handler")
            if handler is not None:
                self._callable(func, handler, Role.EXCEPTION_HANDLER)
        elif method == "add_event_handler":
            handler = site.args[1] if len(site.args) > 1 else kwargs.get("func")
            if handler is not None and not _lifespan_replaces_events(owner):
                event = site.args[0] if site.args else kwargs.get("event_type")
                self._callable(func, handler, _event_role(event), owner.sym if owner else "")

    def _no_project_router(self, func: Func, ref: tuple) -> bool:
        """Whether an include's argument is surely no router of the project: FastAPI's
        router class itself (`from auth.routes import APIRouter as auth_router`, whose
        include raises as the module loads), a project class rather than an instance, or
        what a library's function builds from no router of the project
        (`fastapi_users.get_auth_router(auth_backend)`)."""
        value = self.p.value_of(func, ref)
        if value is not None and (value[0] == "class" or value in _ROUTER_CLASSES):
            return True
        if ref[0] != "call":
            return False
        callee = self.p.callee(func, ref[1])
        handed = [*ref[2], *(v for _key, v in ref[3])]
        return (
            callee is not None
            and callee[0] == "ext"
            and all(self._router_of(func, arg) is None for arg in handed)
        )

    def _outside_app(self, func: Func, ref: tuple) -> bool:
        """Whether a mounted app is a library's own ASGI app (`StaticFiles(directory=...)`,
        a Socket.IO app), or the project's subclass of one (`StaticFilesWithCache`): it
        serves none of the project's routers."""
        value = self.p.value_of(func, ref)
        if value is None or value[0] not in ("inst", "obj") or self._app_type(value) is not None:
            return False
        return value[0] == "inst" or bool(self.p.mro(value[1])[1])

    def _never_given(self, scope: Func, owner_ref: tuple) -> bool:
        """Whether `owner_ref` is a parameter of `scope`, a function nothing calls or hands
        on in a program that builds its app as a module loads (`def setup_tracing(app:
        FastAPI)` defined and never used): no app ever reaches it, so what it registers
        serves nothing. In a library (langserve's `add_routes(app, runnable)`, or one whose
        class builds an app for its user) such functions are what its users call."""
        fd = scope.fd
        if owner_ref[0] != "name" or fd.qn == "<module>":
            return False
        if not self._module_app():
            return False
        if all(q.name != owner_ref[1] for q in fd.params):
            return False
        used = self.p.used_names()
        return all(
            not self.p.sites_named(name) and name not in used
            for name in (fd.name, *self._aliases().get(fd.name, ()))
        )

    def _path(self, scope: Func, ref: tuple | None) -> str | None:
        """A route's or mount's path, read as a prefix is (`@router.get(urls.POLICY_LIST)`;
        UNREAD_PREFIX for one unjam cannot read, so the route is still served); None when
        the call gives none."""
        return None if ref is None else self._prefix_text(scope, ref)

    def _factory_apps(self, func: Func, ref: tuple) -> list[RouterObj]:
        """`app.mount("/auth", am.get_fastapi_app())` where the object's class is not known
        (a plug-in chosen by configuration; the base class's method may return None): the
        apps that the project's functions of that name build and return are mounted there,
        so their routes get the prefix and share the mounting app's process (one limiter,
        one UJ006)."""
        values = func.fd.locals.get(ref[1], []) if ref[0] == "name" else [ref]
        calls = [v for v in values if v[0] == "call"]
        names = {_last_name(v[1]) for v in calls} - {None}
        if not names:
            return []
        # (a call naming the project's function itself, `create_pnc_app()` as imported,
        # mounts what that one builds, not what its namesakes in other services build)
        callees = [self.p.callee(func, v[1]) for v in calls]
        known = {c[1] for c in callees if c is not None and c[0] == "func"}
        if len(known) != len(calls):
            known = set()
        out: list[RouterObj] = []
        for factory in self.p.funcs.values():
            if known and factory.gqn not in known:
                continue
            if factory.fd.name in names and factory.fd.return_values:
                built = self._built_by(factory, 0)
                if built is not None and built not in out:
                    out.append(built)
        return out

    def _added_route(
        self, func: Func, site: CallSite, method: str, kwargs: dict, owner: RouterObj | None
    ) -> None:
        """`owner.add_api_route("/path", endpoint, methods=[...])` and its kin; in a loop over
        literal paths (`for path in ("/v1/messages", "/messages"):`), one route for each."""
        paths = self._looped_paths(func, site.args[0] if site.args else kwargs.get("path"))
        endpoint_ref = site.args[1] if len(site.args) > 1 else kwargs.get("endpoint")
        if endpoint_ref is None or not all(p and p.startswith(("/", UNREAD_PREFIX)) for p in paths):
            return  # (a Starlette path starts with "/": aiohttp's `add_route("GET", h)` is not one)
        target = self.p.value_of(func, endpoint_ref)
        if target is None or target[0] not in ("func", "meth"):
            return
        endpoint = self.p.funcs.get(target[1])
        if endpoint is None:
            return
        methods = ["WS"] if "websocket" in method else _http_methods(kwargs.get("methods"))
        for path in paths:
            self._route(
                endpoint,
                methods,
                path,
                owner,
                kwargs.get("dependencies"),
                func,
                func.mod.path,
                site.line,
                site.col,
                websocket="websocket" in method,
                response_model=(
                    kwargs.get("response_model") if method == "add_api_route" else NO_MODEL
                ),
            )

    def _looped_paths(self, scope: Func, ref: tuple | None) -> list[str | None]:
        """The path a registration gives (`_path`), or, for a name that holds one of
        several literal strings (a `for` loop over them binds each), each of them."""
        values: list[tuple] = []
        if ref is not None and ref[0] == "name" and scope.fd.qn == "<module>":
            values = [v for _, v in scope.mod.summary.global_values.get(ref[1], [])]
        elif ref is not None and ref[0] == "name":
            values = scope.fd.locals.get(ref[1], [])
        texts = [v[1] for v in values if v[0] == "const" and type(v[1]) is str]
        if len(values) > 1 and len(texts) == len(values):
            return list(dict.fromkeys(texts))
        return [self._path(scope, ref)]

    def _route_object_kind(self, func: Func, ref: tuple) -> str | None:
        """The route-object class `ref` builds (`starlette.routing.Route` …), also through a
        project subclass (`class APIRoute(fastapi.routing.APIRoute)` with its own request
        handler, as FastAPI's docs show); None for any other call."""
        last = _last_name(ref)
        if last not in _ROUTE_OBJECTS and last not in self._route_subclasses():
            return None
        value = self.p.value_of(func, ref)
        if value is None:
            return None
        if value[0] == "ext":
            return value[1] if value[1] in _ROUTE_OBJECT_TYPES else None
        if value[0] == "class":
            outside = self.p.mro(value[1])[1]
            return next((kind for kind in _ROUTE_OBJECT_TYPES if kind in outside), None)
        return None

    def _route_subclasses(self) -> frozenset[str]:
        """Names of project classes with a route-object base, directly or through other such
        classes (by the bases' last names), found once; `_route_object_kind` confirms."""
        names = self._route_class_names
        if names is None:
            found: set[str] = set()
            grew = True
            while grew:
                grew = False
                for cls in self.p.classes.values():
                    if cls.cd.name not in found and any(
                        _last_name(base) in _ROUTE_OBJECTS or _last_name(base) in found
                        for base in cls.cd.bases
                    ):
                        found.add(cls.cd.name)
                        grew = True
            names = self._route_class_names = frozenset(found)
        return names

    def _route_object(self, func: Func, site, kind: str) -> None:
        """`Route("/path", endpoint, methods=[...])` and its kin, handed to an app or router
        as `routes=[...]`: their endpoints are served like decorated ones (the route is not
        tied to an app: where the list goes is not followed)."""
        kwargs = dict(site.kwargs)
        path = self._path(func, site.args[0] if site.args else kwargs.get("path"))
        endpoint_ref = site.args[1] if len(site.args) > 1 else kwargs.get("endpoint")
        if path is None or endpoint_ref is None:
            return
        target = self.p.value_of(func, endpoint_ref)
        endpoint = self.p.funcs.get(target[1]) if target and target[0] in ("func", "meth") else None
        if endpoint is None:
            return
        websocket = "WebSocket" in kind
        methods = ["WS"] if websocket else _http_methods(kwargs.get("methods"))
        fastapi = kind == _ROUTE_OBJECTS["APIRoute"]
        self._route(
            endpoint,
            methods,
            path,
            None,
            kwargs.get("dependencies"),
            func,
            func.mod.path,
            site.line,
            site.col,
            websocket=websocket,
            response_model=kwargs.get("response_model") if fastapi else NO_MODEL,
        )

    # ---- decorators and an app's arguments ----------------------------------------------

    def _decorated(self, func: Func) -> None:
        scope = self.p.parent_scope(func)
        for ref, line, col in func.fd.decorators:
            if ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in _DECORATORS:
                self._route_decorator(func, ref, scope, line, col)
            elif ref[0] == "call":
                returned = helper_route_decorator(self.p, scope, ref)
                if returned is not None:
                    self._route_decorator(func, returned, scope, line, col)

    def _decorator_calls(self, func: Func) -> None:
        """`app.post("/path")(handler)`: a route decorator called on a function, not written
        above it (`self.app.get("/health")(self.health)` in a server class's setup), or on an
        object of a project class, whose `__call__` runs (`app.middleware("http")(audit)` of
        `audit = AuditLoggingMiddleware()`)."""
        for site in func.fd.calls:
            ref = site.func
            if (
                ref[0] == "call"
                and ref[1][0] == "attr"
                and ref[1][2] in _DECORATORS
                and len(site.args) == 1
            ):
                value = self.p.value_of(func, site.args[0])
                called = None
                if value is not None and value[0] in ("func", "meth"):
                    called = self.p.funcs.get(value[1])
                elif value is not None and value[0] == "obj" and value[1] in self.p.classes:
                    called = self.p.method(value[1], "__call__")  # (an object: its `__call__`)
                if called is not None:
                    self._route_decorator(called, ref, func, site.line, site.col)

    def _an_app(self, scope: Func, ref: tuple) -> bool:
        """Whether the object a route decorator `ref` is called on is an app."""
        return self._app_type(self.p.value_of(scope, ref[1][1])) == APP

    def _route_decorator(self, func: Func, ref: tuple, scope: Func, line: int, col: int) -> None:
        """`func` decorated by `ref`, `owner.<method>(...)`, one of `_DECORATORS`, written
        in `scope`."""
        method = ref[1][2]
        owner = self._router_of(scope, ref[1][1])
        if owner is not None and owner.registered_earlier(scope, line):
            return
        if owner is None and (
            self._app_type(self.p.value_of(scope, ref[1][1])) is None
            or self._never_given(scope, ref[1][1])
        ):
            return
        args, kwargs = ref[2], dict(ref[3])
        if method == "middleware":
            if _const_str(args[0] if args else kwargs.get("middleware_type")) == "http":
                self.model.http_middleware.append(
                    Middleware(  # (where it is registered: `app.middleware("http")(f)` too)
                        func.display if func.fd.name == "__call__" else func.fd.name,
                        scope.mod.path,
                        line,
                        col,
                        '@app.middleware("http") function',
                        owner.sym if owner is not None else None,
                    )
                )
                self._other(func, Role.HTTP_MIDDLEWARE)
            return
        if method == "exception_handler":
            self._other(func, Role.EXCEPTION_HANDLER)
            return
        if method == "on_event":
            if not _lifespan_replaces_events(owner):
                role = _event_role(args[0] if args else kwargs.get("event_type"))
                self._other(func, role, app=owner.sym if owner is not None else "")
            return
        path = self._path(scope, args[0] if args else kwargs.get("path"))
        if path is None and None in kwargs:
            path = UNREAD_PREFIX  # (`@app.post(**SPECS["signup"])`: the spread holds it)
        if path is None:
            return
        if owner is None and not path.startswith(UNREAD_PREFIX) and not self._an_app(scope, ref):
            # a router unjam cannot name (`def add_routes(router: APIRouter)`): where it is
            # included, and so its prefix, is unknown ("…"); an app serves at the root
            path = UNREAD_PREFIX + path
        websocket = method in ("websocket", "websocket_route")
        if websocket:
            methods = ["WS"]
        elif method in ("api_route", "route"):
            methods = _http_methods(kwargs.get("methods"))
        else:
            methods = [method.upper()]
        self._route(
            func,
            methods,
            path,
            owner,
            kwargs.get("dependencies"),
            scope,
            scope.mod.path,  # (the decorator's file: `app.get(path)(handler)` may be elsewhere)
            line,
            col,
            websocket=websocket,
            # (Starlette's own `route` and `websocket_route` validate nothing)
            response_model=NO_MODEL
            if method in _STARLETTE_ROUTES
            else kwargs.get("response_model"),
        )

    def _router_kwargs(self, obj: RouterObj) -> None:
        kwargs = obj.kwargs
        if "lifespan" in kwargs:
            self._callable(obj.scope, kwargs["lifespan"], Role.LIFESPAN, obj.sym)
        if not _lifespan_replaces_events(obj):
            for key, role in (("on_startup", Role.STARTUP), ("on_shutdown", Role.SHUTDOWN)):
                for item in _list_items(kwargs.get(key)):
                    self._callable(obj.scope, item, role, obj.sym)
        handlers = kwargs.get("exception_handlers")
        if handlers is not None and handlers[0] == "dict":
            for _key, value in handlers[1]:
                self._callable(obj.scope, value, Role.EXCEPTION_HANDLER)

    def _callable(self, scope: Func, ref: tuple, role: Role, app: str = "") -> None:
        value = self.p.value_of(scope, ref)
        if value is None:
            return
        if value[0] in ("func", "meth") and value[1] in self.p.funcs:
            self._other(self.p.funcs[value[1]], role, app=app)
        elif value[0] == "obj":
            method = self.p.method(value[1], "__call__")
            if method is not None:
                self._other(method, role, app=app)

    def _dispatch_middleware(
        self, scope: Func, site: CallSite, target: tuple, owner: RouterObj | None
    ) -> None:
        """`add_middleware(BaseHTTPMiddleware, dispatch=f)` (or `Middleware(...)` of the same
        arguments): Starlette's base class itself, running `f` on every request as its
        `dispatch` — the registration is the middleware, `f` the code it runs on the loop."""
        if self.p.value_of(scope, target) != ("ext", _BASE_HTTP_MIDDLEWARE):
            return
        handed = dict(site.kwargs).get("dispatch")
        if handed is None and len(site.args) > 1 and site.args[0] is target:
            handed = site.args[1]  # (`BaseHTTPMiddleware(app, dispatch=None)`: the next one)
        value = self.p.value_of(scope, handed) if handed is not None else None
        if value is None or value[0] not in ("func", "meth") or value[1] not in self.p.funcs:
            return
        dispatch = self.p.funcs[value[1]]
        app = owner.sym if owner is not None else None
        self.model.http_middleware.append(
            Middleware(dispatch.fd.name, scope.mod.path, site.line, site.col, DISPATCH_FORM, app)
        )
        self._other(dispatch, Role.HTTP_MIDDLEWARE, app=app or "")

    def _library_middleware(
        self, scope: Func, site: CallSite, target: tuple, owner: RouterObj | None
    ) -> None:
        """`add_middleware(SlowAPIMiddleware)` (or `Middleware(...)` of it): a library's
        class built on BaseHTTPMiddleware, whose pure ASGI twin the same library offers —
        the registration is the middleware to change."""
        value = self.p.value_of(scope, target)
        if value is None or value[0] != "ext" or value[1] not in LIBRARY_MIDDLEWARE:
            return
        library, fix = LIBRARY_MIDDLEWARE[value[1]]
        name = value[1].rpartition(".")[2]
        form = f"{library}'s BaseHTTPMiddleware"
        app = owner.sym if owner is not None else None
        self.model.http_middleware.append(
            Middleware(name, scope.mod.path, site.line, site.col, form, app, fix)
        )

    def _asgi_middleware(self, scope: Func, ref: tuple) -> None:
        value = self.p.value_of(scope, ref)
        if value is None or value[0] != "class":
            return
        if _BASE_HTTP_MIDDLEWARE in self.p.mro(value[1])[1]:
            return  # handled with the class scan (dispatch)
        method = self.p.method(value[1], "__call__")
        if method is not None:
            self._other(method, Role.ASGI_MIDDLEWARE)


def _lifespan_replaces_events(owner: RouterObj | None) -> bool:
    """Whether `owner` is an app given a `lifespan=`: its lifespan then replaces the default
    one, the only one that runs startup and shutdown event handlers (`on_event`,
    `add_event_handler`, `on_startup=`), which never run."""
    if owner is None or owner.type != APP:
        return False
    lifespan = owner.kwargs.get("lifespan")
    return lifespan is not None and lifespan != ("const", None)


def _event_role(event: tuple | None) -> Role:
    """`on_event("shutdown")` registers a shutdown handler; any other event, start-up."""
    return Role.SHUTDOWN if _const_str(event) == "shutdown" else Role.STARTUP


def _handed_in(func: Func, ref: tuple) -> bool:
    """Whether `ref` is rooted in a parameter of `func` (`router`, `self.router`): a call
    of it may hand any router, of which unjam names the first it finds."""
    while ref[0] in ("attr", "sub"):
        ref = ref[1]
    return ref[0] == "name" and any(q.name == ref[1] for q in func.fd.params)
