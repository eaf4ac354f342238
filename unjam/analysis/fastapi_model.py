"""What the framework invokes: apps, routers, routes with their full paths and dependency
trees, middleware, exception handlers, lifespan/startup handlers — read from the summaries.

Each framework-invoked callable becomes an `Invoked` with its `Role`; `unjam.semantics`
says where that runs. Registration forms understood: `@app.get/post/...`, `api_route`,
`websocket`, `add_api_route`, `include_router(prefix=, dependencies=)`,
`APIRouter(prefix=, dependencies=)`, route-level `dependencies=[...]`, `Depends`/`Security`
as defaults and inside `Annotated[...]`, class / callable-instance / generator dependencies,
`@app.middleware("http")`, `BaseHTTPMiddleware`, `add_middleware`/`Middleware(...)`,
`add_exception_handler`/`@app.exception_handler`, `lifespan=`, `on_startup=`, `on_event`,
`add_event_handler`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import Param
from unjam.model import ExecutionContext
from unjam.semantics import Role, runs_on, uses_threadpool_token

APP = "fastapi.FastAPI"
ROUTER = "fastapi.APIRouter"
_CONSTRUCTORS = {"FastAPI", "APIRouter", "Starlette", "Router"}
_NAMED_TYPES = {"FastAPI": APP, "APIRouter": ROUTER}
# route objects built directly (`routes=[Route("/", endpoint)]`): name → what it must resolve to
_ROUTE_OBJECTS = {
    "Route": "starlette.routing.Route",
    "WebSocketRoute": "starlette.routing.WebSocketRoute",
    "APIRoute": "fastapi.routing.APIRoute",
    "APIWebSocketRoute": "fastapi.routing.APIWebSocketRoute",
}
_HTTP = {"get", "post", "put", "patch", "delete", "head", "options", "trace"}
_DECORATORS = _HTTP | {
    "api_route",
    "websocket",
    "route",
    "websocket_route",
    "middleware",
    "exception_handler",
    "on_event",
}
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
}
_BASE_HTTP_MIDDLEWARE = "starlette.middleware.base.BaseHTTPMiddleware"
_CACHES = {"functools.lru_cache", "functools.cache"}


@dataclass
class Invoked:
    """A callable the framework invokes, in a role."""

    funcs: tuple[str, ...]  # gqns whose bodies run (class deps: __new__, __init__)
    name: str
    role: Role
    is_async: bool
    path: str
    line: int
    route: str | None = None
    cached: bool = False  # functools.lru_cache / cache: a singleton factory
    key: str = ""  # identity for de-duplication (dependency caching per request)

    @property
    def context(self) -> ExecutionContext:
        return runs_on(self.role, self.is_async)

    @property
    def token(self) -> bool:
        return uses_threadpool_token(self.role, self.is_async)


@dataclass
class RouterObj:
    sym: str
    type: str  # APP or ROUTER
    scope: Func
    kwargs: dict
    path: str
    line: int
    col: int
    # (sym, prefix, scope, deps)
    parents: list[tuple[str, str, Func, tuple | None]] = field(default_factory=list)


@dataclass
class Route:
    label: str  # "POST /webhooks/invoice"
    endpoint: Invoked
    decorator_path: str
    decorator_line: int
    decorator_col: int
    app: str | None
    dependencies: list[Invoked] = field(default_factory=list)

    @property
    def tokens(self) -> int:
        return int(self.endpoint.token) + sum(1 for d in self.dependencies if d.token)


@dataclass
class Middleware:
    name: str
    path: str
    line: int
    col: int
    form: str  # "BaseHTTPMiddleware" or '@app.middleware("http")'


@dataclass
class FastAPIModel:
    apps: list[RouterObj] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    others: list[Invoked] = field(default_factory=list)  # middleware, handlers, startup
    http_middleware: list[Middleware] = field(default_factory=list)


def _last_name(ref: tuple) -> str | None:
    if ref[0] == "name":
        return ref[1]
    if ref[0] == "attr":
        return ref[2]
    return None


def _may_be_app(name: str) -> bool:
    """Whether a variable so named may hold an app or a router (see `AppCandidates`)."""
    lowered = name.lower()
    return lowered in ("app", "application", "api", "router") or lowered.endswith(
        ("_app", "router", "_api")
    )


def _may_make_app(last: str) -> bool:
    """Whether a call of a function so named may build an app or a router."""
    return last in _CONSTRUCTORS or last.endswith(("Router", "App", "API", "Api"))


def _const_str(ref: tuple | None) -> str | None:
    if ref is not None and ref[0] == "const" and isinstance(ref[1], str):
        return ref[1]
    return None


def _list_items(ref: tuple | None) -> tuple:
    if ref is None:
        return ()
    if ref[0] == "list":
        return ref[1]
    return ()


class AppCandidates:
    """The `name = call(...)` assignments that may build an app or a router, function by
    function in project order: a cheap filter by names, before any inference.

    Filled as the project is linked (`add` for each function `Project.add_module` creates):
    the engine links each module while the next files are still being summarised, so this
    pass over every assignment of the project costs no time on the one core that the
    inference, which must wait for the whole project, runs on."""

    def __init__(self) -> None:
        # gqn → (function, [(name, call ref)]): a function replaced in `Project.funcs` by a
        # later one of the same gqn is replaced here too, in the same position
        self.by_func: dict[str, tuple[Func, list[tuple[str, tuple]]]] = {}
        self._names: dict[str, bool] = {}  # assigned name → _may_be_app()
        self._makers: dict[str, bool] = {}  # called name → _may_make_app()

    def add(self, func: Func) -> None:
        fd = func.fd
        found: list[tuple[str, tuple]] = []
        if fd.qn == "<module>":
            for name, vals in func.mod.summary.global_values.items():
                for scope_qn, ref in vals:
                    if (
                        scope_qn == "<module>"
                        and ref[0] == "call"
                        and self._may_construct(name, ref)
                    ):
                        found.append((name, ref))
        else:
            for name, assigned in fd.locals.items():
                for ref in assigned:
                    if ref[0] == "call" and self._may_construct(name, ref):
                        found.append((name, ref))
        if found or func.gqn in self.by_func:
            self.by_func[func.gqn] = (func, found)

    def _may_construct(self, name: str, ref: tuple) -> bool:
        """Whether `name = <call ref>` may build an app or router. Both tests are remembered
        per name: the same few names (`response = client.get(...)`) are assigned and called
        all over a project."""
        known = self._names.get(name)
        if known is None:
            known = self._names[name] = _may_be_app(name)
        if known:
            return True
        last = _last_name(ref[1]) or ""
        known = self._makers.get(last)
        if known is None:
            known = self._makers[last] = _may_make_app(last)
        return known


class _Builder:
    def __init__(self, project: Project, on_error) -> None:
        self.p = project
        self.model = FastAPIModel()
        self.routers: dict[str, RouterObj] = {}
        self._pending: list[tuple[tuple, dict]] = []
        # (scope, name, call ref, factory gqn) of `name = factory()` (see _factory_result)
        self._from_factories: list[tuple[Func, str, tuple, str]] = []
        self.on_error = on_error

    # ---- discovery ----------------------------------------------------------------------

    def build(self, candidates: AppCandidates) -> FastAPIModel:
        funcs = list(self.p.funcs.values())
        for func, found in candidates.by_func.values():
            self._guard(func, lambda f, found=found: self._constructions(f, found))
        for func, name, ref, factory in self._from_factories:
            self._guard(func, lambda f, n=name, r=ref, g=factory: self._factory_result(f, n, r, g))
        # only functions holding a call named like a registration (from the project's index
        # of call sites by name) can register anything
        registering = {
            id(func)
            for name in ("Middleware", *_REGISTRATIONS, *_ROUTE_OBJECTS)
            for func, _site in self.p.sites_named(name)
        }
        for func in funcs:
            if id(func) in registering:
                self._guard(func, self._registrations)
        for func in funcs:
            if func.fd.decorators:
                self._guard(func, self._decorated)
        for cls in list(self.p.classes.values()):
            try:
                if _BASE_HTTP_MIDDLEWARE in self.p.mro(cls.gqn)[1]:
                    self.model.http_middleware.append(
                        Middleware(
                            cls.cd.name, cls.mod.path, cls.cd.line, cls.cd.col, "BaseHTTPMiddleware"
                        )
                    )
                    dispatch = self.p.method(cls.gqn, "dispatch")
                    if dispatch is not None:
                        self._other(dispatch, Role.HTTP_MIDDLEWARE)
            except Exception as err:
                self.on_error(self.p.module_scope(cls.mod), err)
        for args, kwargs in self._pending:
            self._guard(args[0], lambda _f, a=args, k=kwargs: self._build_route(*a, **k))
        # (one object may stand under several symbols: `app = create_app()`)
        unique = {id(r): r for r in self.routers.values()}
        for obj in unique.values():
            self._guard(obj.scope, lambda _f, o=obj: self._router_kwargs(o))
        self.model.apps = [r for r in unique.values() if r.type == APP]
        return self.model

    def _guard(self, func: Func, step) -> None:
        try:
            step(func)
        except Exception as err:
            self.on_error(func, err)

    def _site_line(self, func: Func, ref: tuple) -> tuple[int, int]:
        for site in func.fd.calls:
            if site.func == ref[1] and site.args == ref[2] and site.kwargs == ref[3]:
                return site.line, site.col
        return func.fd.line, func.fd.col

    def _constructions(self, func: Func, found: list[tuple[str, tuple]]) -> None:
        for name, ref in found:
            self._construction(func, name, ref)

    def _construction(self, func: Func, name: str, ref: tuple) -> None:
        p = self.p
        value = p.value_of(func, ref)
        kind = self._app_type(value)
        # a constructor the inference cannot follow (`APIRouter = make_router_class(...)`, a
        # class built in a factory) but named exactly like FastAPI's: taken at its name, so
        # its routes are served code rather than unreached coroutines
        named = _NAMED_TYPES.get(_last_name(ref[1]) or "") if value is None else None
        kind = kind or named
        if kind is None:
            return
        sym = p.symbol(func, ("name", name))
        if sym is None or sym in self.routers:
            return
        direct = p.callee(func, ref[1])
        if named is None and direct is not None and direct[0] in ("func", "meth"):
            # `app = create_app()`: the app built inside the factory, once every
            # construction is known
            self._from_factories.append((func, name, ref, direct[1]))
            return
        self._new_router(func, sym, kind, ref, direct, known=named is not None)

    def _new_router(
        self, func: Func, sym: str, kind: str, ref: tuple, direct, known: bool = False
    ) -> None:
        line, col = self._site_line(func, ref)
        known = known or (direct is not None and direct[0] in ("ext", "class"))
        kwargs = dict(ref[3]) if known else {}
        self.routers[sym] = RouterObj(sym, kind, func, kwargs, func.mod.path, line, col)

    def _factory_result(self, func: Func, name: str, ref: tuple, factory_gqn: str) -> None:
        """`app = create_app()` names the app `create_app` builds and returns (one app, so
        one UJ006 and one set of routes), else a new one."""
        p = self.p
        sym = p.symbol(func, ("name", name))
        if sym is None or sym in self.routers:
            return
        factory = p.funcs.get(factory_gqn)
        inner = None if factory is None else self._built_by(factory, 0)
        if inner is not None:
            self.routers[sym] = inner
            return
        kind = self._app_type(p.value_of(func, ref))
        if kind is not None:
            self._new_router(func, sym, kind, ref, p.callee(func, ref[1]))

    def _app_type(self, value) -> str | None:
        """APP or ROUTER for an instance of FastAPI/APIRouter (or a project subclass)."""
        if value is None:
            return None
        if value[0] == "inst" and value[1] in (APP, ROUTER):
            return value[1]
        if value[0] == "obj":
            outside = self.p.mro(value[1])[1]
            for kind in (APP, ROUTER):
                if kind in outside:
                    return kind
        return None

    def _built_by(self, factory: Func, depth: int) -> RouterObj | None:
        """The app/router a factory returns: a local it built (`app = FastAPI(); return app`),
        what another factory returns (`return build()`), or an attribute set from one
        (`server = Server(); return server.app` with `self.app = self._init_app()`)."""
        if depth > 3:
            return None
        p = self.p
        for returned in factory.fd.return_values:
            found = self.routers.get(p.symbol(factory, returned) or "")
            if found is not None:
                return found
            refs = factory.fd.locals.get(returned[1], []) if returned[0] == "name" else [returned]
            targets: list[str] = []
            for value in refs:
                callee = p.callee(factory, value[1]) if value[0] == "call" else None
                if callee is not None and callee[0] in ("func", "meth"):
                    targets.append(callee[1])
            if returned[0] == "attr":
                owner = p.value_of(factory, returned[1])
                if owner is not None and owner[0] == "obj":
                    targets += self._attr_factories(owner[1], returned[2])
            for gqn in targets:
                target = p.funcs.get(gqn)
                if target is not None and target is not factory:
                    found = self._built_by(target, depth + 1)
                    if found is not None:
                        return found
        return None

    def _attr_factories(self, class_gqn: str, attr: str) -> list[str]:
        """The project functions whose result the class's methods store as `self.<attr>`."""
        p = self.p
        cls = p.classes.get(class_gqn)
        out: list[str] = []
        if cls is None:
            return out
        for method_qn in cls.cd.methods.values():
            method = p.funcs.get(f"{cls.mod.name}.{method_qn}")
            if method is None:
                continue
            for base, name, value in method.fd.attr_stores:
                if name == attr and base == ("name", "self") and value[0] == "call":
                    callee = p.callee(method, value[1])
                    if callee is not None and callee[0] in ("func", "meth"):
                        out.append(callee[1])
        return out

    def _router_of(self, func: Func, base_ref: tuple, depth: int = 0) -> RouterObj | None:
        sym = self.p.symbol(func, base_ref)
        if sym in self.routers:
            return self.routers[sym]
        if base_ref[0] == "attr" and base_ref[2] == "router":
            return self._router_of(func, base_ref[1], depth)
        if base_ref[0] == "name" and depth < 3:
            return self._passed_router(func, base_ref[1], depth)
        return None

    def _passed_router(self, func: Func, param: str, depth: int) -> RouterObj | None:
        """`def setup_routers(app): app.include_router(r, prefix="/api")`: the app or router
        a caller passes for `param` (the first caller whose argument is known)."""
        p = self.p
        names = [q.name for q in func.fd.params]
        if param not in names or func.fd.qn == "<module>":
            return None
        index = names.index(param) - (1 if func.class_gqn else 0)  # bound: no `self`
        for caller, site in p.sites_named(func.fd.name):
            callee = p.callee(caller, site.func)
            if callee is None or callee[1] != func.gqn:
                continue
            kwargs = dict(site.kwargs)
            arg = site.args[index] if 0 <= index < len(site.args) else kwargs.get(param)
            if arg is not None:
                found = self._router_of(caller, arg, depth + 1)
                if found is not None:
                    return found
        return None

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
                continue
            last = _last_name(ref)
            if last in _ROUTE_OBJECTS:
                if p.value_of(func, ref) == ("ext", _ROUTE_OBJECTS[last]):
                    self._route_object(func, site, websocket="WebSocket" in last)
                continue
            if ref[0] != "attr" or ref[2] not in _REGISTRATIONS:
                continue
            method = ref[2]
            kwargs = dict(site.kwargs)
            owner = self._router_of(func, ref[1])
            if method == "include_router":
                child_ref = site.args[0] if site.args else kwargs.get("router")
                if child_ref is None or owner is None:
                    continue
                child = self._router_of(func, child_ref)
                if child is not None:
                    prefix = _const_str(kwargs.get("prefix")) or ""
                    child.parents.append((owner.sym, prefix, func, kwargs.get("dependencies")))
            elif method == "mount":
                path = _const_str(site.args[0] if site.args else kwargs.get("path"))
                sub_ref = site.args[1] if len(site.args) > 1 else kwargs.get("app")
                if path is None or sub_ref is None or owner is None:
                    continue
                child = self._router_of(func, sub_ref)
                if child is not None:
                    child.parents.append((owner.sym, path.rstrip("/"), func, None))
            elif method in (
                "add_api_route",
                "add_route",
                "add_api_websocket_route",
                "add_websocket_route",
            ):
                path = _const_str(site.args[0] if site.args else kwargs.get("path"))
                endpoint_ref = site.args[1] if len(site.args) > 1 else kwargs.get("endpoint")
                if path is None or endpoint_ref is None:
                    continue
                target = p.value_of(func, endpoint_ref)
                if target is None or target[0] not in ("func", "meth"):
                    continue
                endpoint = p.funcs.get(target[1])
                if endpoint is None:
                    continue
                if "websocket" in method:
                    methods = ["WS"]
                else:
                    methods = [
                        m[1].upper()
                        for m in _list_items(kwargs.get("methods"))
                        if m[0] == "const" and isinstance(m[1], str)
                    ] or ["GET"]
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
                )
            elif method == "add_middleware":
                target = site.args[0] if site.args else kwargs.get("middleware_class")
                if target is not None:
                    self._asgi_middleware(func, target)
            elif method == "add_exception_handler":
                handler = site.args[1] if len(site.args) > 1 else kwargs.get("handler")
                if handler is not None:
                    self._callable(func, handler, Role.EXCEPTION_HANDLER)
            elif method == "add_event_handler":
                handler = site.args[1] if len(site.args) > 1 else kwargs.get("func")
                if handler is not None:
                    self._callable(func, handler, Role.STARTUP)

    def _route_object(self, func: Func, site, websocket: bool) -> None:
        """`Route("/path", endpoint, methods=[...])` and its kin, handed to an app or router
        as `routes=[...]`: their endpoints are served like decorated ones (the route is not
        tied to an app: where the list goes is not followed)."""
        kwargs = dict(site.kwargs)
        path = _const_str(site.args[0] if site.args else kwargs.get("path"))
        endpoint_ref = site.args[1] if len(site.args) > 1 else kwargs.get("endpoint")
        if path is None or endpoint_ref is None:
            return
        target = self.p.value_of(func, endpoint_ref)
        endpoint = self.p.funcs.get(target[1]) if target and target[0] in ("func", "meth") else None
        if endpoint is None:
            return
        methods = (
            ["WS"]
            if websocket
            else [
                m[1].upper()
                for m in _list_items(kwargs.get("methods"))
                if m[0] == "const" and isinstance(m[1], str)
            ]
            or ["GET"]
        )
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
        )

    def _decorated(self, func: Func) -> None:
        p = self.p
        scope = p.parent_scope(func)
        for ref, line, col in func.fd.decorators:
            if ref[0] != "call" or ref[1][0] != "attr" or ref[1][2] not in _DECORATORS:
                continue
            method = ref[1][2]
            owner = self._router_of(scope, ref[1][1])
            if owner is None and self._app_type(p.value_of(scope, ref[1][1])) is None:
                continue
            args, kwargs = ref[2], dict(ref[3])
            if method == "middleware":
                if _const_str(args[0] if args else kwargs.get("middleware_type")) == "http":
                    self.model.http_middleware.append(
                        Middleware(
                            func.fd.name,
                            func.mod.path,
                            line,
                            col,
                            '@app.middleware("http") function',
                        )
                    )
                    self._other(func, Role.HTTP_MIDDLEWARE)
                continue
            if method == "exception_handler":
                self._other(func, Role.EXCEPTION_HANDLER)
                continue
            if method == "on_event":
                self._other(func, Role.STARTUP)
                continue
            path = _const_str(args[0] if args else kwargs.get("path"))
            if path is None:
                continue
            websocket = method in ("websocket", "websocket_route")
            if websocket:
                methods = ["WS"]
            elif method in ("api_route", "route"):
                methods = [
                    m[1].upper()
                    for m in _list_items(kwargs.get("methods"))
                    if m[0] == "const" and isinstance(m[1], str)
                ] or ["GET"]
            else:
                methods = [method.upper()]
            self._route(
                func,
                methods,
                path,
                owner,
                kwargs.get("dependencies"),
                scope,
                func.mod.path,
                line,
                col,
                websocket=websocket,
            )

    def _router_kwargs(self, obj: RouterObj) -> None:
        kwargs = obj.kwargs
        if "lifespan" in kwargs:
            self._callable(obj.scope, kwargs["lifespan"], Role.LIFESPAN)
        for key in ("on_startup", "on_shutdown"):
            for item in _list_items(kwargs.get(key)):
                self._callable(obj.scope, item, Role.STARTUP)
        handlers = kwargs.get("exception_handlers")
        if handlers is not None and handlers[0] == "dict":
            for _key, value in handlers[1]:
                self._callable(obj.scope, value, Role.EXCEPTION_HANDLER)

    # ---- invoked callables --------------------------------------------------------------

    def _other(self, func: Func, role: Role, route: str | None = None) -> Invoked:
        invoked = Invoked(
            (func.gqn,),
            func.display,
            role,
            func.fd.is_async,
            func.mod.path,
            func.fd.line,
            route,
            key=func.gqn,
        )
        self.model.others.append(invoked)
        return invoked

    def _callable(self, scope: Func, ref: tuple, role: Role) -> None:
        value = self.p.value_of(scope, ref)
        if value is None:
            return
        if value[0] in ("func", "meth") and value[1] in self.p.funcs:
            self._other(self.p.funcs[value[1]], role)
        elif value[0] == "obj":
            method = self.p.method(value[1], "__call__")
            if method is not None:
                self._other(method, role)

    def _asgi_middleware(self, scope: Func, ref: tuple) -> None:
        value = self.p.value_of(scope, ref)
        if value is None or value[0] != "class":
            return
        if _BASE_HTTP_MIDDLEWARE in self.p.mro(value[1])[1]:
            return  # handled with the class scan (dispatch)
        method = self.p.method(value[1], "__call__")
        if method is not None:
            self._other(method, Role.ASGI_MIDDLEWARE)

    # ---- routes and dependencies --------------------------------------------------------

    def _prefix_chain(self, obj: RouterObj | None):
        """(prefix, [(scope, dependencies ref)], root app sym) following include_router."""
        prefix, deps, app = "", [], None
        seen: set[str] = set()
        while obj is not None and obj.sym not in seen:
            seen.add(obj.sym)
            own = _const_str(obj.kwargs.get("prefix")) or ""
            prefix = own + prefix
            if obj.kwargs.get("dependencies") is not None:
                deps.append((obj.scope, obj.kwargs["dependencies"]))
            if obj.type == APP:
                app = obj.sym
            if not obj.parents:
                break
            parent_sym, include_prefix, scope, include_deps = obj.parents[0]
            prefix = include_prefix + prefix
            if include_deps is not None:
                deps.append((scope, include_deps))
            obj = self.routers.get(parent_sym)
        return prefix, deps, app

    def _route(self, *args, **kwargs) -> None:
        """Routes are built once every include_router is known (prefixes, app)."""
        self._pending.append((args, kwargs))

    def _build_route(
        self,
        endpoint: Func,
        methods,
        path,
        owner,
        route_deps,
        scope,
        dpath,
        line,
        col,
        websocket: bool,
    ) -> None:
        prefix, chain_deps, app = self._prefix_chain(owner)
        label = f"{','.join(methods)} {prefix}{path}"
        role = Role.WEBSOCKET if websocket else Role.ENDPOINT
        invoked = Invoked(
            (endpoint.gqn,),
            endpoint.display,
            role,
            endpoint.fd.is_async,
            endpoint.mod.path,
            endpoint.fd.line,
            label,
            key=endpoint.gqn,
        )
        route = Route(label, invoked, dpath, line, col, app)
        seen: set[str] = set()
        for dep_scope, ref in [(scope, route_deps), *chain_deps]:
            for item in _list_items(ref):
                if self.p.is_depends(dep_scope, item):
                    self._dependency(dep_scope, None, item, route, seen, 0)
        self._sub_dependencies(endpoint, route, seen, 0)
        self.model.routes.append(route)

    def _sub_dependencies(self, func: Func, route: Route, seen: set[str], depth: int) -> None:
        skip_first = func.class_gqn is not None
        for index, param in enumerate(func.fd.params):
            if skip_first and index == 0:
                continue
            found = self.p.param_depends(func, param)
            if found is not None:
                self._dependency(found[0], param, found[1], route, seen, depth)

    def _dependency(
        self,
        scope: Func,
        param: Param | None,
        call: tuple,
        route: Route,
        seen: set[str],
        depth: int,
    ) -> None:
        if depth > 64:
            return
        p = self.p
        target = p.depends_target(scope, param, call)
        if target is None:
            return
        key = f"{target[0]}:{target[1]}"
        if key in seen:
            return
        seen.add(key)
        if target[0] in ("func", "meth") and target[1] in p.funcs:
            dep = p.funcs[target[1]]
            scope = p.parent_scope(dep)
            cached = any(
                p.value_of(scope, d[0][1] if d[0][0] == "call" else d[0])
                in {("ext", c) for c in _CACHES}
                for d in dep.fd.decorators
            )
            invoked = Invoked(
                (dep.gqn,),
                dep.display,
                Role.DEPENDENCY,
                dep.fd.is_async,
                dep.mod.path,
                dep.fd.line,
                route.label,
                cached,
                key,
            )
            route.dependencies.append(invoked)
            self._sub_dependencies(dep, route, seen, depth + 1)
        elif target[0] == "class":
            cls = p.classes[target[1]]
            init = p.method(cls.gqn, "__init__")
            new = p.method(cls.gqn, "__new__")
            funcs = tuple(f.gqn for f in (new, init) if f is not None)
            invoked = Invoked(
                funcs,
                cls.cd.name,
                Role.CLASS_DEPENDENCY,
                False,
                cls.mod.path,
                cls.cd.line,
                route.label,
                key=key,
            )
            route.dependencies.append(invoked)
            if init is not None:
                self._sub_dependencies(init, route, seen, depth + 1)
        elif target[0] == "obj":
            method = p.method(target[1], "__call__")
            if method is not None:
                invoked = Invoked(
                    (method.gqn,),
                    method.display,
                    Role.CALLABLE_DEPENDENCY,
                    method.fd.is_async,
                    method.mod.path,
                    method.fd.line,
                    route.label,
                    key=key,
                )
                route.dependencies.append(invoked)
                self._sub_dependencies(method, route, seen, depth + 1)


def build_model(
    project: Project, on_error, candidates: AppCandidates | None = None
) -> FastAPIModel:
    """The FastAPI model of `project`; `candidates`: its `AppCandidates`, when they were
    collected while it was linked."""
    if candidates is None:
        candidates = AppCandidates()
        for func in project.funcs.values():
            candidates.add(func)
    return _Builder(project, on_error).build(candidates)
