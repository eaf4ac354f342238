"""Finding the apps and routers: the assignments that construct them (also through a factory,
`app = create_app()`), and which app or router an expression such as `app`, `api.router` or a
parameter a caller passes one for stands for.

The first layer of the FastAPI model's builder (fastapi_model.py says which come next).
"""

from __future__ import annotations

from collections.abc import Callable

from unjam.analysis.fastapi_records import (
    APP,
    ROUTER,
    UNREAD_REF,
    FastAPIModel,
    RouterObj,
    _last_name,
    _list_items,
)
from unjam.analysis.list_items import list_items
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import ModuleSummary

_NAMED_TYPES = {"FastAPI": APP, "APIRouter": ROUTER}
_CAST = ("ext", "typing.cast")
# how many calls an app or router is followed through as an argument (a lifespan handing its
# app to `configure(app)`, which hands it to `add_routes(app)`, to `add_health_route(app)`)
_PASSES = 5


class AppDiscovery:
    def __init__(self, project: Project, on_error) -> None:
        self.p = project
        self.model = FastAPIModel()
        self.routers: dict[str, RouterObj] = {}
        self._pending: list[tuple[tuple, dict]] = []
        # (scope, target ref, call ref, factory gqn) of `name = factory()` (_factory_result)
        self._from_factories: list[tuple[Func, tuple, tuple, str]] = []
        self.on_error = on_error
        self.skip: Callable[[Func], bool] | None = None  # functions that never run (build_model)
        self.overrides: dict[tuple, tuple] = {}  # replaced dependencies (build_model)
        # whether a launcher names an app (build_model; launchers.py), and its answers
        self.launched: Callable[[RouterObj], int] | None = None  # launchers.py `launch_rank`
        self._launch_ranks: dict[str, int] = {}
        # an include or mount whose child unjam cannot name (`include_router(r)` of a
        # parameter), or routes added by hand (`app.routes.extend(...)`): any router may
        # be served through it (RouteModel._served)
        self.loose_includes = False
        self.loose_in: set[str] = set()  # the modules of such includes
        self.routes_by_hand = False
        # an include of a router from a module imported by name (routers_by_name.py)
        self.routers_by_name = False
        # class names given to `add_middleware` in a function no app reaches
        # (Registrations._never_given) → the modules holding those calls; and the names
        # given to it anywhere else
        self.dead_middleware: dict[str, set[str]] = {}
        self.live_middleware: set[str] = set()
        self._import_aliases: dict[str, set[str]] | None = None  # see IncludeModel._aliases
        self._named_paths: frozenset[str] | None = None  # see RouteModel._named_for_import
        self._app_programs: set[str] | None = None  # see RouteModel._in_an_app_program
        self._loader_roots: tuple[str, ...] = ()  # see RouteModel._programs
        self._imported_by_path: dict[str, bool] = {}  # see RouteModel._in_an_app_program
        self._versioned: frozenset[str] | None = None  # see RouteModel._versioned_apps
        # the routers a Cadwyn app's versioned include takes (fastapi_registrations.py)
        self.cadwyn_routers: set[str] = set()

    def _guard(self, func: Func, step) -> None:
        if self.skip is not None and self.skip(func):
            return
        try:
            step(func)
        except Exception as err:
            self.on_error(func, err)

    def _site_line(self, func: Func, ref: tuple) -> tuple[int, int]:
        for site in func.fd.calls:
            if site.func == ref[1] and site.args == ref[2] and site.kwargs == ref[3]:
                return site.line, site.col
        return func.fd.line, func.fd.col

    def _constructions(self, func: Func, found: list[tuple[tuple, tuple]]) -> None:
        for target, ref in found:
            self._construction(func, target, ref)

    def _construction(self, func: Func, target: tuple, ref: tuple) -> None:
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
        sym = self._target_symbol(func, target)
        if sym is None or _fallback_binding(func, target):
            return
        direct = p.callee(func, ref[1])
        if sym in self.routers:
            self._rebound(self.routers[sym], func, kind, ref, direct)
            return
        if named is None and direct is not None and direct[0] in ("func", "meth"):
            # `app = create_app()`: the app built inside the factory, once every
            # construction is known
            self._from_factories.append((func, target, ref, direct[1]))
            return
        self._new_router(func, sym, kind, ref, direct, known=named is not None)

    def _target_symbol(self, func: Func, target: tuple) -> str | None:
        """The symbol of an assignment's target: a name, or `self.<attr>` in a method — one
        symbol for every method of the class (see `_self_router`)."""
        if target[0] == "attr":
            return f"{func.class_gqn}.self.{target[2]}"
        return self.p.symbol(func, target)

    def _self_router(self, func: Func, ref: tuple) -> RouterObj | None:
        """`self.app` in a method: the app or router a method of its class, or of a base
        class, stores there (`self.app = FastAPI(...)` in `__init__`)."""
        if func.class_gqn is None or ref[0] != "attr" or ref[1] != ("name", "self"):
            return None
        for cls in self.p.mro(func.class_gqn)[0]:
            found = self.routers.get(f"{cls}.self.{ref[2]}")
            if found is not None:
                return found
        return None

    def _rebound(self, app: RouterObj, func: Func, kind: str, ref: tuple, direct) -> None:
        """`app = FastAPI(lifespan=lifespan)`, then further down `app = FastAPI()`: the module
        serves the last app its body builds, so that one's place and arguments stand for the
        name (the earlier app, with its lifespan and what the body registers on it before
        the rebinding, is never served: `RouterObj.registered_earlier`). So with a router
        built twice: an include of the name takes the last one, with its prefix."""
        if (
            kind != app.type
            or app.scope is not func
            or func.fd.qn != "<module>"
            or direct is None
            or direct[0] not in ("ext", "class")
        ):
            return
        sites = [
            (site.line, site.col)
            for site in func.fd.calls
            if site.func == ref[1] and site.args == ref[2] and site.kwargs == ref[3]
        ]
        if sites and max(sites) > (app.line, app.col):
            app.line, app.col = max(sites)
            app.kwargs = dict(ref[3])
            app.rebound_at = app.line

    def _new_router(
        self, func: Func, sym: str, kind: str, ref: tuple, direct, known: bool = False
    ) -> None:
        line, col = self._site_line(func, ref)
        known = known or (direct is not None and direct[0] in ("ext", "class"))
        kwargs = dict(ref[3]) if known else {}
        self.routers[sym] = RouterObj(sym, kind, func, kwargs, func.mod.path, line, col)

    def _factory_result(self, func: Func, target: tuple, ref: tuple, factory_gqn: str) -> None:
        """`app = create_app()` names the app `create_app` builds and returns (one app, so
        one UJ006 and one set of routes), else a new one."""
        p = self.p
        sym = self._target_symbol(func, target)
        if sym is None or sym in self.routers:
            return
        factory = p.funcs.get(factory_gqn)
        inner = None if factory is None else self._built_by(factory, 0)
        if inner is not None:
            self.routers[sym] = inner
            return
        kind = self._app_type(p.value_of(func, ref))
        if kind is None or (factory is not None and _hands_back_a_kept_one(factory)):
            return
        built = None if factory is None else self._constructed_and_returned(factory)
        if factory is not None and built is not None:  # `return APIRouter(prefix=PREFIX)`
            self._new_router(factory, sym, kind, built, p.callee(factory, built[1]))
            return
        self._new_router(func, sym, kind, ref, p.callee(func, ref[1]))
        if kind == ROUTER:  # built where unjam cannot see: its prefix is not known
            self.routers[sym].kwargs["prefix"] = UNREAD_REF

    def _constructed_and_returned(self, factory: Func) -> tuple | None:
        """The construction a factory returns as its only value (`return APIRouter(...)`)."""
        returned = factory.fd.return_values
        if len(returned) != 1 or returned[0][0] != "call":
            return None
        call = returned[0]
        direct = self.p.callee(factory, call[1])
        if direct is None or direct[0] not in ("ext", "class"):
            return None
        return call if self._app_type(self.p.value_of(factory, call)) is not None else None

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
            found = found or self._self_router(factory, returned)  # `return self.app`
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
        held = self._self_router(func, base_ref)
        if held is not None:
            return held
        if base_ref[0] == "attr" and base_ref[2] == "router":
            return self._router_of(func, base_ref[1], depth)
        if base_ref[0] in ("name", "attr") and depth < _PASSES:
            found = None
            if base_ref[0] == "name":
                found = self._passed_router(func, base_ref[1], depth)
            if found is None:  # `api_v1 = create_api_v1()`, then `app.mount("/api/v1", api_v1)`
                scope, value = self._held_value(func, base_ref)
                if value is not None and value[0] == "call":
                    found = self._returned_router(scope, value[1], depth)
                elif value is not None and value[0] in ("name", "attr"):  # `user_router = router`
                    found = self._router_of(scope, value, depth + 1)
            return found
        if base_ref[0] == "call" and depth < 3:
            if len(base_ref[2]) == 2 and self.p.callee(func, base_ref[1]) == _CAST:
                return self._router_of(func, base_ref[2][1], depth + 1)  # `cast(Any, router)`
            return self._returned_router(func, base_ref[1], depth)
        return None

    def _looped_routers(self, func: Func) -> list[RouterObj]:
        """`for router in routers: app.include_router(router)`: the routers of the one
        list (or tuple) the function iterates whose items are all routers — written in the
        list, or appended to a local one (`routers.append((auth.router, "/auth", tags))`,
        each tuple holding one router, unpacked by `for router, prefix, tags in routers:`);
        none when it iterates no such list, or two (which one the loop variable takes is
        not known)."""
        found: list[list[RouterObj]] = []
        for ref in func.fd.iterated:
            where = func
            default = self._unpassed_default(func, ref[1]) if ref[0] == "name" else None
            if default is not None:  # `def create_app(routers=ROUTERS): for r in routers:`
                where, ref = self.p.module_scope(func.mod), default
            scope, held = self._held_value(where, ref) if ref[0] == "name" else (where, ref)
            if where is func and ref[0] == "name" and ref[1] in func.fd.locals:
                scope, items = func, tuple(list_items(func, ref))  # (`routers.append(...)`)
            else:
                items = _list_items(held)
            # (an item built from a module the project lacks or cannot parse never gets
            # there: its import raises first)
            items = tuple(item for item in items if not self._from_missing_module(scope, item))
            routers = [self._router_in(scope, item) for item in items]
            if items and all(router is not None for router in routers):
                found.append(routers)  # type: ignore[arg-type]
        return found[0] if len(found) == 1 else []

    def _from_missing_module(self, scope: Func, item: tuple) -> bool:
        """Whether `item` (or a part of a tuple item) names something in a module of the
        project's own packages that the project does not hold (`ai_analytics.router` of a
        file with a syntax error, or of one never written), in an empty module, or in one
        that cannot import (`users.router` of a users.py whose own import fails: `skip`)."""
        for part in item[1] if item[0] == "list" else (item,):
            sym = self.p.symbol(scope, part) if part[0] in ("name", "attr") else None
            if sym and ":" in sym:
                continue  # a function's own name (`setup:app`, its parameter): no module's
            names = sym.split(".") if sym else []
            for i in range(len(names) - 1, 0, -1):
                package = self.p.modules.get(".".join(names[:i]))
                if package is not None:
                    if package.summary.is_package and not _defines(package.summary, names[i]):
                        return True
                    if not package.summary.is_package and _empty(package.summary):
                        return True  # (`from .inventory import router` of an empty file)
                    if self.skip is not None and self.skip(self.p.module_scope(package)):
                        return True
                    break
        return False

    def _router_in(self, scope: Func, item: tuple) -> RouterObj | None:
        """The router an item of a looped list is, or the one router a tuple item holds."""
        router = self._router_of(scope, item)
        if router is not None or item[0] != "list":
            return router
        held = [r for r in (self._router_of(scope, part) for part in item[1]) if r is not None]
        return held[0] if len(held) == 1 else None

    def _unpassed_default(self, func: Func, name: str) -> tuple | None:
        """The default of `func`'s parameter `name` when it is not rebound and no call of
        `func` that names it passes it (by keyword, by position, or in a `*`/`**` spread)."""
        fd = func.fd
        index = next((i for i, q in enumerate(fd.params) if q.name == name), -1)
        param = fd.params[index] if index >= 0 else None
        if param is None or param.default is None or name in fd.locals:
            return None
        for caller, site in self.p.sites_named(fd.name):
            callee = self.p.callee(caller, site.func)
            if callee is None or callee[1] != func.gqn:
                continue
            positional = param.kind == "pos" and (
                len(site.args) > index or any(arg[0] == "star" for arg in site.args)
            )
            if positional or any(key in (name, None) for key, _ in site.kwargs):
                return None
        return param.default

    def _held_value(self, func: Func, ref: tuple) -> tuple[Func, tuple | None]:
        """The one value the name `ref` is assigned — a local, or a module global (imported
        or not) — and the scope that value is read in."""
        sym = self.p.symbol(func, ref) or ""
        values: list = []
        scope: Func | None = None
        if ":" in sym:  # `gqn:name`, a function's local
            owner, _, name = sym.rpartition(":")
            scope = self.p.funcs.get(owner)
            values = scope.fd.locals.get(name, []) if scope is not None else []
        else:  # `module.name`, a module global
            owner, _, name = sym.rpartition(".")
            mod = self.p.modules.get(owner)
            held = mod.summary.global_values.get(name, []) if mod is not None else []
            if mod is not None and len(held) == 1:
                where, value = held[0]  # (the scope that assigns it: `<module>`, mostly)
                scope = self.p.funcs.get(f"{mod.name}.{where}") or self.p.module_scope(mod)
                values = [value]
        if scope is None or len(values) != 1:
            return func, None
        return scope, values[0]

    def _returned_router(self, func: Func, callee_ref: tuple, depth: int) -> RouterObj | None:
        """`app.include_router(get_remember_router(), prefix="/api/v1/remember")`: the
        router the project function builds and returns."""
        value = self.p.callee(func, callee_ref)
        target = self.p.funcs.get(value[1]) if value is not None and value[0] == "func" else None
        if target is None:
            return None
        for ref in target.fd.return_values:
            found = self._router_of(target, ref, depth + 1)
            if found is not None:
                return found
        return None

    def _lifespan_of(self, func: Func) -> RouterObj | None:
        """The app `func` is the lifespan of (`FastAPI(lifespan=lifespan)`): Starlette calls
        it with that app, so its first parameter is the app (routes a lifespan adds through
        it, `await register_routes(app)`, are that app's)."""
        for obj in self.routers.values():
            given = obj.kwargs.get("lifespan") if obj.type == APP else None
            if given is not None and given[0] in ("name", "attr"):
                callee = self.p.callee(obj.scope, given)
                if callee is not None and callee[1] == func.gqn:
                    return obj
        return None

    def _passed_router(self, func: Func, param: str, depth: int) -> RouterObj | None:
        """`def setup_routers(app): app.include_router(r, prefix="/api")`: the app or router
        a caller passes for `param` (the first caller whose argument is known)."""
        p = self.p
        names = [q.name for q in func.fd.params]
        if param not in names or func.fd.qn == "<module>":
            return None
        if names[0] == param and (served := self._lifespan_of(func)) is not None:
            return served
        index = names.index(param) - (1 if func.class_gqn else 0)  # bound: no `self`
        for caller, site in p.sites_named(func.fd.name):
            callee = p.callee(caller, site.func)
            if callee is None or not _runs(callee[1], func, p):
                continue
            kwargs = dict(site.kwargs)
            arg = site.args[index] if 0 <= index < len(site.args) else kwargs.get(param)
            if arg is not None:
                found = self._router_of(caller, arg, depth + 1)
                if found is not None:
                    return found
        return None


def _runs(called: str, func: Func, p: Project) -> bool:
    """Whether a call resolved to `called` may run `func`: it is `func`, or a method `func`
    overrides (`await self.configure(app)` in the base class, which the subclass's
    `configure` implements)."""
    return called == func.gqn or (func.class_gqn is not None and func.gqn in p.overrides(called))


def _hands_back_a_kept_one(factory: Func) -> bool:
    """Whether the function only returns what is already stored (`def get_app(self) ->
    Starlette: app = self.app; …; return app`): an accessor of an app built elsewhere, whose
    call builds none."""
    returned = factory.fd.return_values
    if not returned or any(value[0] == "call" for _base, _attr, value in factory.fd.attr_stores):
        return False  # (`cls._app = FastAPI()` … `return cls._app` builds it on first use)
    parameters = {param.name for param in factory.fd.params}
    for value in returned:
        held = factory.fd.locals.get(value[1], []) if value[0] == "name" else [value]
        if value[0] == "name" and not held and value[1] not in parameters:
            return False  # (a name the function does not bind: a global, unknown here)
        if any(item[0] not in ("name", "attr") for item in held):
            return False
    return True


def _empty(summary: ModuleSummary) -> bool:
    """Whether a module binds nothing at all (an empty file, or one of comments)."""
    return not (
        summary.global_values
        or summary.imports
        or summary.classes
        or summary.star_imports
        or any(qn != "<module>" for qn in summary.funcs)
    )


def _defines(summary: ModuleSummary, name: str) -> bool:
    """Whether a package's `__init__` binds `name` itself (so `pkg.name` is no submodule),
    or may: a star import, or a module `__getattr__` that answers any name (PEP 562 lazy
    exports, `'endpoints_router': ('bisheng.api.v1.endpoints', 'router')`)."""
    return (
        name in summary.global_values
        or name in summary.imports
        or name in summary.funcs
        or name in summary.classes
        or bool(summary.star_imports)
        or "__getattr__" in summary.funcs
    )


def _fallback_binding(func: Func, target: tuple) -> bool:
    """`auth_router = APIRouter()` in a module that also imports the name from another
    module and handles an ImportError (`try: from .auth import router as auth_router` /
    `except ImportError:`): the name is the imported router wherever the import works, so
    the stand-in is not that router (whose prefix it would otherwise take the place of).
    (`import app.models` then `app = FastAPI()` binds the package first, then the app.)"""
    if target[0] != "name" or func.fd.qn != "<module>":
        return False
    imported = func.mod.summary.imports.get(target[1])
    return (
        imported is not None
        and imported.name is not None
        and any(
            guard.kind == "except" and guard.subject[-1] in _IMPORT_ERRORS
            for guard in func.fd.guards
        )
    )


_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
