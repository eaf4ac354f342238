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

Built in passes, as the steps of `_Builder.build` (a chain of classes, one concept per
module, compiled by mypyc as one group): the assignments that may build an app or router
(fastapi_candidates.py, collected while the project is linked), the apps and routers they
build (fastapi_apps.py), the registrations that hand callables to them
(fastapi_registrations.py), then the routes with their dependency trees, once every
`include_router` is known (fastapi_routes.py). The records are in fastapi_records.py.
"""

from __future__ import annotations

from unjam.analysis.aiohttp_apps import aiohttp_entries
from unjam.analysis.fastapi_candidates import AppCandidates
from unjam.analysis.fastapi_records import (
    _DECORATORS,
    APP,
    CLASS_FORM,
    ROUTER,
    FastAPIModel,
    Invoked,
    Middleware,
    Route,
    RouterObj,
)
from unjam.analysis.fastapi_registrations import (
    _BASE_HTTP_MIDDLEWARE,
    _REGISTRATIONS,
    _ROUTE_OBJECTS,
    Registrations,
)
from unjam.analysis.gradio_events import gradio_handlers
from unjam.analysis.imported import may_be_imported, name_loaders, programs_loading
from unjam.analysis.litestar_apps import litestar_entries
from unjam.analysis.project import Cls, Func, Module, Project
from unjam.analysis.route_shadows import unshadowed
from unjam.analysis.summary import FuncDef
from unjam.analysis.tornado_apps import tornado_handlers
from unjam.semantics import Role

__all__ = [
    "APP",
    "ROUTER",
    "AppCandidates",
    "FastAPIModel",
    "Invoked",
    "Middleware",
    "Route",
    "RouterObj",
    "build_model",
]


class _Builder(Registrations):
    _registering_programs: set[str] | None = None  # see _loaded_by_no_app
    _registered_names: frozenset[str] | None = None  # see _named_registrations

    def build(self, candidates: AppCandidates) -> FastAPIModel:
        funcs = list(self.p.funcs.values())
        for func, found in candidates.by_func.values():
            self._guard(func, lambda f, found=found: self._constructions(f, found))
        for func, target, ref, factory in self._from_factories:
            self._guard(
                func, lambda f, t=target, r=ref, g=factory: self._factory_result(f, t, r, g)
            )
        # only functions holding a call named like a registration (from the project's index
        # of call sites by name) can register anything
        registering = {
            id(func)
            for name in ("Middleware", *_REGISTRATIONS, *_ROUTE_OBJECTS, *self._route_subclasses())
            for func, _site in self.p.sites_named(name)
        }
        for func in funcs:
            if id(func) in registering:
                self._guard(func, self._registrations)
        for func in funcs:
            if func.fd.decorators:
                self._guard(func, self._decorated)
        # `app.post(path)(handler)`: among the functions that call a decorator's name
        calling = {
            id(func): func for name in _DECORATORS for func, _site in self.p.sites_named(name)
        }
        for func in calling.values():
            self._guard(func, self._decorator_calls)
        self._middleware_classes()
        self.routes_by_hand = self._routes_added_by_hand()
        for args, kwargs in self._pending:
            self._guard(args[0], lambda _f, a=args, k=kwargs: self._build_route(*a, **k))
        self.model.routes = unshadowed(self.model.routes, self.outside_mounts)
        # (one object may stand under several symbols: `app = create_app()`)
        unique = {id(r): r for r in self.routers.values()}
        for obj in unique.values():
            self._guard(obj.scope, lambda _f, o=obj: self._router_kwargs(o))
        self.model.apps = [r for r in unique.values() if r.type == APP]
        # (and those that include one in another: `register_all_routes(app, server)`)
        setup = [r.scope for r in unique.values()]
        setup += [parent[2] for r in unique.values() for parent in r.parents]
        self.model.builders = frozenset(f.gqn for f in setup if f.fd.qn != "<module>")
        if self.model.apps or self.model.routes:  # (without an app every coroutine is one)
            for handler in gradio_handlers(self.p):
                self._guard(handler, lambda f: self._other(f, Role.UI_EVENT))
        for method, label in tornado_handlers(self.p):
            self._guard(method, lambda f, r=label: self._other(f, Role.TORNADO, r))
        for func, role, route in aiohttp_entries(self.p):
            self._guard(func, lambda f, o=role, r=route: self._other(f, o, r))
        for func, route in litestar_entries(self.p):
            self._guard(func, lambda f, r=route: self._other(f, Role.LITESTAR, r))
        return self.model

    def _routes_added_by_hand(self) -> bool:
        """`app.router.routes.extend(other.routes)` and its kin: routes a router gets
        without an include."""
        return any(
            site.func[0] == "attr" and site.func[1][0] == "attr" and site.func[1][2] == "routes"
            for name in ("extend", "append", "insert")
            for _func, site in self.p.sites_named(name)
        )

    def _registered_dead(self, cls: Cls) -> bool:
        """Whether the class is registered only where no app is reached (`def
        setup_metrics(app): app.add_middleware(M)` whose one call is commented out): never
        by a call that is (by its name, when the registered class is not known), never
        built by name, never handed on as a value in another module (one whose name means
        another class of the same name does not count)."""
        name = cls.cd.name
        dead = self.dead_middleware.get(name)
        live = self.live_middleware
        if dead is None or cls.gqn in live or name in live or self.p.sites_named(name):
            return False
        return all(
            mod.name in dead
            for mod in self.p.unique_modules()
            if name in mod.summary.value_names and self._may_name(mod, name, cls.gqn)
        )

    def _may_name(self, mod: Module, name: str, class_gqn: str) -> bool:
        """Whether `name` in the module may be that class (unknown counts as may)."""
        value = self.p.value_of(self.p.module_scope(mod), ("name", name))
        return value is None or value == ("class", class_gqn)

    def _middleware_classes(self) -> None:
        """`BaseHTTPMiddleware` subclasses, wherever they are registered (`add_middleware`,
        `Middleware(...)`, a list a setting holds, a subclass's base: anywhere its name is
        handed on as a value, or called, as `Wrapper(app)` does): their `dispatch`. One only
        defined and exported, or used by tests alone, serves nothing. One whose own
        `__call__` never calls `super().__call__` is a pure ASGI middleware in effect: the
        base class's machinery never runs."""
        used = self.p.used_names() if self.skip is None else self._used_where_run()
        for cls in list(self.p.classes.values()):
            name = cls.cd.name
            if (name not in used and not self._called(name)) or self._registered_dead(cls):
                continue
            if self._loaded_by_no_app(cls):
                continue  # (a middleware package the served app never imports)
            if self._skipped(self.p.module_scope(cls.mod)):
                continue  # its module cannot import: no app registers this class
            try:
                if _BASE_HTTP_MIDDLEWARE in self.p.mro(cls.gqn)[1]:
                    own_call = self.p.method(cls.gqn, "__call__")
                    if own_call is not None and not _calls_super_call(own_call.fd):
                        continue
                    if not self._named_anywhere(cls):
                        continue  # its name means another class wherever it is used
                    self.model.http_middleware.append(
                        Middleware(cls.cd.name, cls.mod.path, cls.cd.line, cls.cd.col, CLASS_FORM)
                    )
                    dispatch = self.p.method(cls.gqn, "dispatch")
                    if dispatch is not None:
                        self._other(dispatch, Role.HTTP_MIDDLEWARE)
            except Exception as err:
                self.on_error(self.p.module_scope(cls.mod), err)

    def _named_anywhere(self, cls: Cls) -> bool:
        """Whether some use of the class's name (handed on, or called) may be this class —
        not only another project class of that name (a left-over copy in a module a package
        of the same name shadows, an unused `other/mw.py`)."""
        name = cls.cd.name
        # (the names a project's own packages may go by: `middleware` of src/middleware/)
        tops = self.p.top_names() | {f.rstrip("/").rpartition("/")[2] for f in self.p.folders()}
        for mod in self.p.unique_modules():
            if name in mod.summary.value_names:
                value = self.p.value_of(self.p.module_scope(mod), ("name", name))
                if _may_be(value, cls.gqn, tops):
                    return True
        return any(
            _may_be(self.p.callee(func, site.func), cls.gqn, tops)
            for func, site in self.p.sites_named(name)
        )

    def _loaded_by_no_app(self, cls: Cls) -> bool:
        """Whether no app's program may load the class's module, so that no app registers
        it: none imports it (as resolved, nor by its path), and none imports modules by
        computed name. With no app, any may; and a class some module registers by its name
        (`Middleware(IngressMiddleware)`, `add_middleware(Timing)`) may serve an app unjam
        does not model (a FastHTML or Starlette one)."""
        if cls.cd.name in self._named_registrations():
            return False
        if self._registering_programs is None:
            apps = {obj.scope.mod.name for obj in self.routers.values() if obj.type == APP}
            programs = programs_loading(self.p, apps) if apps else set()
            loaders = name_loaders(self.p)
            self._registering_programs = (
                set() if any(f.mod.name in programs for f in loaders) else programs
            )
        programs = self._registering_programs
        return (
            bool(programs)
            and cls.mod.name not in programs
            and not may_be_imported(self.p, cls.mod, among=programs)
        )

    def _named_registrations(self) -> frozenset[str]:
        """The class names a `Middleware(...)` or `add_middleware(...)` call names."""
        if self._registered_names is None:
            self._registered_names = frozenset(
                site.args[0][1] if site.args[0][0] == "name" else site.args[0][2]
                for name in ("Middleware", "add_middleware")
                for _func, site in self.p.sites_named(name)
                if site.args and site.args[0][0] in ("name", "attr")
            )
        return self._registered_names

    def _used_where_run(self) -> set[str]:
        """The names handed on as values by the modules that run (`skip`: not those that
        cannot import)."""
        used: set[str] = set()
        for mod in self.p.unique_modules():
            if not self._skipped(self.p.module_scope(mod)):
                used.update(mod.summary.value_names)
        return used

    def _called(self, name: str) -> bool:
        return any(not self._skipped(func) for func, _site in self.p.sites_named(name))

    def _skipped(self, func: Func) -> bool:
        return self.skip is not None and self.skip(func)


def _may_be(value, class_gqn: str, tops: frozenset[str]) -> bool:
    """Whether a name's value may be the class: it, or unknown — also an import unjam did not
    find in the project (`from middleware.x import M` read as a library's) — but not another
    project class, nor a library's where no project folder bears the library's name
    (`from fastapi.middleware.cors import CORSMiddleware`)."""
    if value is not None and value[0] == "ext":
        first = value[1].partition(".")[0]  # (`builtins.M`: a name read where none is bound)
        return first == "builtins" or first in tops
    return value is None or value[0] != "class" or value[1] == class_gqn


def _calls_super_call(fd: FuncDef) -> bool:
    return any(
        site.func[0] == "attr"
        and site.func[2] == "__call__"
        and site.func[1][0] == "call"
        and site.func[1][1] == ("name", "super")
        for site in fd.calls
    )


def build_model(
    project: Project,
    on_error,
    candidates: AppCandidates | None = None,
    skip=None,
    overrides: dict[tuple, tuple] | None = None,
    launched=None,
) -> FastAPIModel:
    """The FastAPI model of `project`; `candidates`: its `AppCandidates`, when they were
    collected while it was linked; `skip`: which functions never run (their module cannot
    import), so build, register and decorate nothing; `overrides`: the dependencies the
    program replaces (dependency_overrides.py); `launched`: how surely a launcher names an app
    (launchers.py `launch_rank`), to label a route its router has in several apps by the
    one served."""
    if candidates is None:
        candidates = AppCandidates()
        for func in project.funcs.values():
            candidates.add(func)
    builder = _Builder(project, on_error)
    builder.skip = skip
    builder.overrides = overrides or {}
    builder.launched = launched
    return builder.build(candidates)
