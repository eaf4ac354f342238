"""Routes and what runs for them: a route's full path and app through `include_router`
prefixes, its dependency tree (route, router and include-level `dependencies=`, `Depends`
parameters, class and callable-instance dependencies, cached factories), and the other
callables the framework invokes, each as an `Invoked` in its `Role`.

A layer of the FastAPI model's builder (see fastapi_model.py).
"""

from __future__ import annotations

from unjam.analysis.async_decorators import async_decorator
from unjam.analysis.cadwyn_routes import served_by_cadwyn
from unjam.analysis.callgraph_singletons import metaclass_keeps_one
from unjam.analysis.class_views import class_view
from unjam.analysis.constant_text import constant_text
from unjam.analysis.dependency_overrides import UNSEEN, overridden
from unjam.analysis.fastapi_apps import AppDiscovery
from unjam.analysis.fastapi_records import (
    APP,
    UNLINKED_ROUTER,
    Invoked,
    Route,
    RouterObj,
    registration_step,
)
from unjam.analysis.imported import may_be_imported, name_loaders, programs_loading
from unjam.analysis.list_items import conditional_items
from unjam.analysis.path_params import lacks_a_path_param
from unjam.analysis.project import Cls, Func, Module, Project
from unjam.analysis.redefined import runtime_bodies
from unjam.analysis.resolution import import_root
from unjam.analysis.routers_by_name import named_module_paths
from unjam.analysis.summary import Param, attributes_read, names_read
from unjam.model import UNREAD_PREFIX
from unjam.semantics import Role

# decorators that make a start-up handler start a periodic task and return: the function runs
# later, as a background task does (a sync one through run_in_threadpool), not at start-up
_PERIODIC = frozenset(
    ("ext", name)
    for name in (
        "fastapi_utils.tasks.repeat_every",
        "fastapi_restful.tasks.repeat_every",
        "fastapi_utilities.repeat_every",
        "fastapi_utilities.repeat_at",  # (its cron-driven twin)
    )
)
_HANDLERS = frozenset((Role.STARTUP, Role.SHUTDOWN))
# the first step of `Route.order` below a router included in several places (its symbol
# follows): routes below one such router are ordered among themselves only
_INCLUDED_TWICE = "<included in several places>:"


class RouteModel(AppDiscovery):
    # ---- invoked callables --------------------------------------------------------------

    def _other(self, func: Func, role: Role, route: str | None = None, app: str = "") -> Invoked:
        if role in _HANDLERS and self._repeats(func):
            role = Role.BACKGROUND_TASK
        invoked = Invoked(
            (func.gqn,),
            func.display,
            role,
            func.fd.is_async,
            func.mod.path,
            func.fd.line,
            route,
            key=func.gqn,
            app=app,
        )
        self.model.others.append(invoked)
        return invoked

    def _repeats(self, func: Func) -> bool:
        """`@repeat_every(seconds=60)` under `@app.on_event("startup")`."""
        return any(value in _PERIODIC for value in self.p.decorator_values(func))

    # ---- routes and dependencies --------------------------------------------------------

    def _prefix_chain(self, obj: RouterObj | None):
        """(prefix, [(scope, dependencies ref)], root app sym, whether each prefix's place is
        known: the router is included where unjam sees, with one prefix, the includes a
        router — not an app — is linked by alone, each as a Condition `("at", module, line,
        col)` whose enclosing `if` says when the route is served) following include_router."""
        prefix, deps, app, placed = "", [], None, True
        only: list[tuple] = []
        seen: set[str] = set()
        while obj is not None and obj.sym not in seen:
            seen.add(obj.sym)
            own = self._prefix_text(obj.scope, obj.kwargs.get("prefix"))
            prefix = _joined(own, prefix)
            if obj.kwargs.get("dependencies") is not None:
                deps.append((obj.scope, obj.kwargs["dependencies"]))
            if obj.type == APP:
                app = obj.sym
                if app in self._versioned_apps():
                    prefix = _joined(UNREAD_PREFIX, prefix)
                    placed = False
            if not obj.parents:
                if obj.type != APP:  # a router included nowhere unjam sees: prefix unknown
                    prefix = _joined(UNREAD_PREFIX, prefix)
                    placed = False
                break
            known = [parent for parent in obj.parents if parent[0] in self.routers] or obj.parents
            # (a router also included in one that no app mounts is served where an app is)
            serving = [p for p in known if p[0] in self.routers and self._serves(p[0])]
            known = self._launched_first(obj, serving or known)
            parent_sym, include_prefix, scope, include_deps, _, at = known[0]
            # (an app mounted under a test may be served on its own too: only a router's)
            if len(obj.parents) == 1 and obj.type != APP:
                only.append(("at", scope.mod.name, *at))
            if _conflated(known):
                include_prefix = UNREAD_PREFIX
                placed = False
            prefix = _joined(include_prefix, prefix)
            if include_deps is not None:
                deps.append((scope, include_deps))
            obj = self.routers.get(parent_sym)
        return prefix, deps, app, placed, tuple(only)

    def _launched_first(self, obj: RouterObj, parents: list[tuple]) -> list[tuple]:
        """A router's includes, those in the app a launcher names most surely first
        (launchers.py `launch_rank`: not a dev copy that only runs itself with
        `uvicorn.run("main:app")`), then those in an app of the router's own top-level
        package: a route's label is its path in the app the server runs, not in an older
        copy of `main.py` kept in a drafts folder, which includes the router without its
        prefix."""
        if self.launched is None or len({parent[0] for parent in parents}) < 2:
            return parents
        package = obj.scope.mod.name.partition(".")[0]

        def rank(parent: tuple) -> tuple[int, bool]:
            app = self._app_above(parent[0])
            if app is None:
                return 4, True
            return self._launch_rank(app), app.scope.mod.name.partition(".")[0] != package

        return sorted(parents, key=rank)

    def _app_above(self, sym: str) -> RouterObj | None:
        """The app `sym` is, or, of the apps above it, the one a launcher names most surely
        (the nearest, of equal ones)."""
        best: RouterObj | None = None
        seen: set[str] = set()
        queue = [sym]  # (nearest first)
        at = 0
        while at < len(queue):
            obj = self.routers.get(queue[at])
            at += 1
            if obj is None or obj.sym in seen:
                continue
            seen.add(obj.sym)
            if obj.type == APP:
                if best is None or self._launch_rank(obj) < self._launch_rank(best):
                    best = obj
                continue
            for parent in obj.parents:
                queue.append(parent[0])
        return best

    def _launch_rank(self, app: RouterObj) -> int:
        known = self._launch_ranks.get(app.sym)
        if known is None:
            known = self._launch_ranks[app.sym] = self.launched(app) if self.launched else 3
        return known

    def _versioned_apps(self) -> frozenset[str]:
        """The apps `VersionedFastAPI(app, …)` wraps (fastapi-versioning): the server runs
        the wrapper, which serves each route under its version's prefix (`/v1`, `/v1_0`),
        so their labels start with "…"."""
        known = self._versioned
        if known is None:
            found: set[str] = set()
            for func, site in self.p.sites_named("VersionedFastAPI"):
                ref = site.args[0] if site.args else dict(site.kwargs).get("app")
                app = self._router_of(func, ref) if ref is not None else None
                if app is not None:
                    found.add(app.sym)
            known = self._versioned = frozenset(found)
        return known

    def _served(self, owner: RouterObj | None) -> bool:
        """Whether a route on `owner` may be served: a router no include or mount links to
        an app is not when no app's program loads its module (_in_an_app_program); nor, in a
        program whose module builds its app, when every include names its router and
        nothing else adds routes (`app.routes.extend(...)`): a module left out of the
        program (FastApiv1.6's routers no `include_router` names); elsewhere (a library's
        routers, an include unjam cannot follow) every router may be."""
        if owner is None or self._reaches_app(owner, through_unnamed=False):
            return True
        if not self._in_an_app_program(owner):
            return False
        if self._loose() or not self._module_app():
            return True
        if self._reaches_app(owner, through_unnamed=True):
            return True
        return self.routers_by_name and self._named_for_import(owner)

    def _in_an_app_program(self, owner: RouterObj) -> bool:
        """Whether some app's program (its module's imports, followed) may load `owner`'s
        module: a router in a module no app's program imports (an `old/routers.py` left
        beside the app) serves nothing, whatever includes unjam cannot follow — unless some
        import may load it by its path (resolution may have sent it to another module of
        that name), or a program's import by computed name may (_programs). With no app,
        every router may be."""
        mod = owner.scope.mod
        if self._may_load(mod.name):
            return True
        imported = self._imported_by_path.get(mod.name)
        if imported is None:
            imported = self._imported_by_path[mod.name] = may_be_imported(self.p, mod)
        return imported

    def _may_load(self, name: str) -> bool:
        """Whether some app's program may load the module `name`."""
        programs = self._app_programs
        if programs is None:
            programs = self._app_programs = self._programs()
        if not programs or name in programs:
            return True
        mod = self.p.modules.get(name)
        return mod is not None and mod.path.startswith(self._loader_roots)

    def _programs(self) -> set[str]:
        """The modules the apps' programs load; empty (no limit) when there is no app. A
        program that imports by computed name (`importlib.import_module(f"routers.{x}")`)
        may load any module under its loader's import root (`_loader_roots`): in a
        repository of services each run from its own folder, the gateway's loader reaches
        no other service's files."""
        apps = {obj.scope.mod.name for obj in self.routers.values() if obj.type == APP}
        programs = programs_loading(self.p, apps) if apps else set()
        loaders = {f.mod.name: f.mod for f in name_loaders(self.p)}
        roots = {_loader_root(mod) for name, mod in loaders.items() if name in programs}
        self._loader_roots = tuple(sorted(roots))
        return programs

    def _loose(self) -> bool:
        """Whether an include or mount unjam cannot follow may link a router to an app: one
        in a module some app's program loads (or any, without that limit); routes added by
        hand (`app.routes.extend(...)`) always may."""
        if self.routes_by_hand:
            return True
        return self.loose_includes and any(self._may_load(name) for name in self.loose_in)

    def _serves(self, sym: str) -> bool:
        """Whether the app or router `sym` is an app or reaches one (including unjam sees)."""
        return self._reaches_app(self.routers[sym], through_unnamed=False)

    def _reaches_app(self, obj: RouterObj, through_unnamed: bool) -> bool:
        """Whether `obj` is an app, or is included or mounted in one; `through_unnamed`: an
        include into an app or router unjam cannot name counts as reaching one."""
        seen: set[str] = set()
        stack = [obj]
        while stack:
            current = stack.pop()
            if current.type == APP:
                return True
            if current.sym in seen:
                continue
            seen.add(current.sym)
            for parent in current.parents:
                above = self.routers.get(parent[0])
                if above is not None:
                    stack.append(above)
                elif through_unnamed:
                    return True
        return False

    def _named_for_import(self, owner: RouterObj) -> bool:
        """Whether a program that includes routers of modules it imports by name may import
        `owner`'s module: when its strings name it, or name none of its modules."""
        if self._named_paths is None:
            self._named_paths = named_module_paths(self.p)
        return not self._named_paths or owner.scope.mod.path in self._named_paths

    def _registration_order(
        self, owner: RouterObj | None, step: tuple[str, int, bool]
    ) -> tuple[tuple[str, int, bool], ...] | None:
        """`Route.order`: the includes and mounts from the app down to `owner`, then `step`;
        from a router included in several places down, when one is (each include copies its
        routes in their order, so of two routes below it the earlier comes first wherever it
        is served: `_INCLUDED_TWICE` stands for the includes above) — and so from a router
        whose includes unjam cannot follow (`app.include_router(events.router)` of a router
        an object keeps on `self`, or a router only such a router includes): `UNLINKED_ROUTER`."""
        steps = [step]
        obj = owner
        if owner is not None and owner.type != APP and not owner.parents:
            return ((f"{UNLINKED_ROUTER}{owner.sym}", 0, True), step)
        seen: set[str] = set()
        while obj is not None and obj.parents:
            # (an include into a router no app includes adds nothing the app serves)
            served = [parent for parent in obj.parents if self._parent_reaches_app(parent[0])]
            if len(served) > 1 and obj.sym not in seen:
                steps.append((f"{_INCLUDED_TWICE}{obj.sym}", 0, True))
                steps.reverse()
                return tuple(steps)
            if not served and obj.sym not in seen:  # (included only where unjam cannot follow)
                steps.append((f"{UNLINKED_ROUTER}{obj.sym}", 0, True))
                steps.reverse()
                return tuple(steps)
            if len(served) != 1 or obj.sym in seen:
                return None
            seen.add(obj.sym)
            parent = served[0]
            steps.append(registration_step(parent[2], *parent[5]))
            obj = self.routers.get(parent[0])
        if obj is None or obj.type != APP:
            return None
        steps.reverse()
        return tuple(steps)

    def _parent_reaches_app(self, sym: str) -> bool:
        """Whether the object named `sym` is one unjam names that is, or is linked to, an app."""
        above = self.routers.get(sym)
        return above is not None and self._reaches_app(above, through_unnamed=False)

    def _module_app(self) -> bool:
        """Whether a module binds an app as it loads: one it builds (`app = FastAPI()`) or
        one a factory it calls builds (`app = create_app()`, a name of the module's own)."""
        return any(
            r.type == APP
            and (r.scope.fd.qn == "<module>" or (":" not in sym and ".self." not in sym))
            for sym, r in self.routers.items()
        )

    def _prefix_text(self, scope: Func, ref: tuple | None) -> str:
        """The prefix `ref` gives: a string, or a constant holding one (`prefix=API_V1`,
        constant_text.py); UNREAD_PREFIX for one unjam cannot read (`prefix=settings.
        API_V1_STR`, `prefix=self._api_prefix`), so that a route label never passes for the
        whole path."""
        if ref is None:
            return ""
        text = constant_text(self.p, scope, ref)
        return UNREAD_PREFIX if text is None else text

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
        response_model: tuple | None = None,
    ) -> None:
        if not self._served(owner):
            return
        prefix, chain_deps, app, placed, includes = self._prefix_chain(owner)
        if placed and lacks_a_path_param(self.p, endpoint, path, _joined(prefix, path)):
            return  # every request is answered 422: the endpoint never runs
        label = f"{','.join(methods)} {_joined(prefix, path)}"
        role = Role.WEBSOCKET if websocket else Role.ENDPOINT
        async_by = async_decorator(self.p, endpoint)
        invoked = Invoked(
            (endpoint.gqn,),
            endpoint.display,
            role,
            endpoint.fd.is_async or bool(async_by),
            endpoint.mod.path,
            endpoint.fd.line,
            label,
            key=endpoint.gqn,
            async_by=async_by,
        )
        route = Route(label, invoked, dpath, line, col, app, response_model=response_model)
        route.cadwyn = served_by_cadwyn(owner, self.routers, self.cadwyn_routers)
        statement_col = endpoint.fd.col if (line, col) in _decorator_sites(endpoint) else col
        if statement_col and _in_a_top_level_class_body(endpoint):
            statement_col = 0  # (a class-based view: its body runs as the module does)
        route.order = self._registration_order(owner, registration_step(scope, line, statement_col))
        route.path = path
        seen: set[str] = set()
        added_by: dict[str, list[Invoked]] = {}  # a listed dependency's key → what it added
        # in FastAPI's order: the app's, each include's and router's from the outside in,
        # the decorator's, then the endpoint's parameters (`_prefix_chain` goes outwards)
        for dep_scope, ref in [*reversed(chain_deps), (scope, route_deps)]:
            if ref is None:
                continue
            dep_scope, items = self._dependency_list(dep_scope, ref)
            if not items and ref[0] != "list":
                route.unseen_dependencies = True  # (a list unjam cannot read)
            for item, condition in items:
                listed = self.p.listed_depends(dep_scope, item)
                if listed is None:
                    continue
                added = len(route.dependencies)
                self._dependency(listed[0], None, listed[1], route, seen, 0)
                new = route.dependencies[added:]  # (it and what it depends on)
                for invoked in new:
                    invoked.condition = condition
                    added_by.setdefault(invoked.key, new)
                if not new and not condition:
                    self._listed_outright(listed, route, added_by)
        self._sub_dependencies(endpoint, route, seen, 0)
        if includes:  # (a router included under an `if`: the route is served only then)
            for invoked in [route.endpoint, *route.dependencies]:
                invoked.served_when = ("any", includes)
        self.model.routes.append(route)

    def _dependency_list(self, scope: Func, ref: tuple) -> tuple[Func, list[tuple]]:
        """The items of a `dependencies=` list, each with the condition it is added under
        (list_items.py), and the scope they are read in: a list display, or what a name
        holds (`dependencies=protected`), also one another module binds (`from app.security
        import member_only`)."""
        items = conditional_items(scope, ref)
        if items or ref[0] != "name":
            return scope, items
        mod = scope.mod
        imp = mod.summary.imports.get(ref[1]) if scope.fd.qn == "<module>" else None
        if imp is None or not imp.name:
            return scope, items
        target = self.p.import_target(mod, imp)
        owner = self.p.modules.get(target.rpartition(".")[0])
        if owner is None:
            return scope, items
        there = self.p.module_scope(owner)
        return there, conditional_items(there, ("name", target.rpartition(".")[2]))

    def _sub_dependencies(self, func: Func, route: Route, seen: set[str], depth: int) -> None:
        skip_first = func.class_gqn is not None
        if skip_first and depth == 0 and route.endpoint.funcs[:1] == (func.gqn,):
            view = class_view(self.p, func)
            if view is not None:
                self._view_dependency(view, route, seen)
        for index, param in enumerate(func.fd.params):
            if skip_first and index == 0:
                continue
            found = self.p.param_depends(func, param)
            if found is not None:
                self._dependency(found[0], param, found[1], route, seen, depth, owner=func)
            else:
                factory = self.p.depends_unpicked(func, param)
                if factory:
                    route.unseen_dependencies = True
                    route.unpicked = route.unpicked or factory

    def _view_dependency(self, view: Cls, route: Route, seen: set[str]) -> None:
        """The `self` of a class-based view's endpoint (fastapi-utils' `@cbv(router)`): FastAPI
        solves `Depends(View)` first — its `__init__`'s parameters, then the `Depends(...)`
        each class of the view declares as a class attribute (bases first) — and calls the
        view in the thread pool, its own `__init__` last."""
        p = self.p
        init = p.method(view.gqn, "__init__")
        if init is not None:
            self._sub_dependencies(init, route, seen, 1)
        for gqn in reversed(p.mro(view.gqn)[0]):
            cls = p.classes[gqn]
            scope = p.class_scope(cls)
            for name, values in cls.cd.attrs.items():
                listed = p.listed_depends(scope, values[-1]) if not name.startswith("_") else None
                if listed is not None:
                    self._dependency(listed[0], None, listed[1], route, seen, 1)
        route.dependencies.append(
            Invoked(
                (init.gqn,) if init is not None else (),
                view.cd.name,
                Role.CLASS_DEPENDENCY,
                False,
                view.mod.path,
                view.cd.line,
                route.label,
                key=f"class:{view.gqn}",
            )
        )

    def _listed_outright(
        self, listed: tuple, route: Route, added_by: dict[str, list[Invoked]]
    ) -> None:
        """A dependency listed again with no test, that a router added before under one
        (`if auth_enabled: dependencies.append(Depends(check_viewer))`, and the route's own
        `Depends(check_viewer)`): FastAPI runs it once, and always."""
        target = self.p.depends_target(listed[0], None, listed[1])
        if target is not None:
            target = overridden(self.overrides, route.app, target)
        for invoked in added_by.get(f"{target[0]}:{target[1]}" if target else "", ()):
            invoked.condition = ()

    def _dependency(
        self,
        scope: Func,
        param: Param | None,
        call: tuple,
        route: Route,
        seen: set[str],
        depth: int,
        owner: Func | None = None,
    ) -> None:
        """One `Depends(...)` of `route` and, once per route, what it depends on in turn;
        `owner`: the function whose parameter `param` is (`scope` is where the `Depends(...)`
        is read: the module around that `def`, an alias's, a factory's)."""
        if depth > 64:
            return
        p = self.p
        target = p.depends_target(scope, param, call)
        if target is not None:
            target = overridden(self.overrides, route.app, target)  # (what FastAPI calls)
        if target is None or target == UNSEEN:
            route.unseen_dependencies = True
            return
        key = f"{target[0]}:{target[1]}"
        identity = self._dependency_identity(scope, (owner, param), call, target, key)
        if identity in seen:
            return
        seen.add(identity)
        if target[0] in ("func", "meth") and target[1] in p.funcs:
            self._function_dependency(p.funcs[_bound_body(p, target[1])], key, route, seen, depth)
        elif target[0] == "class":
            self._class_dependency(p.classes[target[1]], key, route, seen, depth)
        elif target[0] == "ext" and _class_name(target[1]):
            # an outside class (`Authorize: AuthJWT = Depends()`): FastAPI calls it in the
            # thread pool, as any class; its `__init__`'s own dependencies are not seen (FastAPI's
            # own, `OAuth2PasswordRequestForm`, take only request data)
            route.unseen_dependencies = route.unseen_dependencies or not _framework(target[1])
            name = target[1].rpartition(".")[2]
            route.dependencies.append(
                Invoked(
                    (),
                    name,
                    Role.CLASS_DEPENDENCY,
                    False,
                    scope.mod.path,
                    scope.fd.line,
                    route.label,
                    key=key,
                )
            )
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
                self._sub_dependencies(method, route, seen, depth + 1)
                route.dependencies.append(invoked)
            else:
                route.unseen_dependencies = True
        elif not _framework(target[1]):  # an outside function (fastapi-users' `current_user`)
            route.unseen_dependencies = True

    def _dependency_identity(
        self, scope: Func, where: tuple, call: tuple, target: tuple, key: str
    ) -> str:
        """What FastAPI caches a dependency by within one request: the callable object.
        `Depends(limiter)` twice is one call, but each `Depends(RateLimiter(...))` or
        `Depends(filter_factory(...))` builds its own callable, run once per occurrence (each
        `def` that writes one in its signature makes its own; an alias, `Repo =
        Annotated[R, Depends(make_repo())]`, holds one for all its users), and two
        module-level instances of one class are two callables, as are two names bound to what
        one closure factory makes (`get_user_repo = make_repo(User)`). `where`: (the function
        whose parameter it is, that parameter), or (None, None) for a `dependencies=[...]`
        item."""
        owner, param = where
        args, kwargs = call[2], dict(call[3])
        arg = args[0] if args else kwargs.get("dependency")
        if arg is None:
            return key
        if arg[0] == "attr" and target[0] == "meth":
            # a method bound to an instance (`Depends(F1.get_ctrl)`, `Depends(Factory().
            # get_ctrl)`): each instance's bound method is a callable of its own
            arg = arg[1]
            if arg[0] != "call":
                return f"{key}@{self.p.symbol(scope, arg)}"
        if arg[0] == "call":  # a new object each time the signature is read
            own = owner is not None and param is not None and _written_in_signature(param)
            site = f"{owner.gqn}:{param.name}" if own else f"{scope.gqn}:{call!r}"
            return f"{key}@{site}"
        if target[0] == "obj":
            return f"{key}@{self.p.symbol(scope, arg)}"
        if self._closure_made(target):
            # (one closure of a factory made per name: `get_user_repo = make_repo(User)`,
            # `get_chat_repo = make_repo(Chat)`; an alias of one is that one)
            return f"{key}@{self._bound_first(scope, arg)}"
        return key

    def _bound_first(self, scope: Func, ref: tuple) -> str | None:
        """The module-level name `ref` stands for, through names bound once to another
        (`same_repo = get_book_repo` is `get_book_repo`)."""
        symbol = self.p.symbol(scope, ref)
        for _ in range(8):
            if symbol is None:
                return None
            modname, _, name = symbol.rpartition(".")
            mod = self.p.modules.get(modname)
            held = mod.summary.global_values.get(name, ()) if mod is not None else ()
            module_scope = self.p.funcs.get(f"{modname}.<module>")
            if len(held) != 1 or held[0][1][0] != "name" or module_scope is None:
                return symbol
            symbol = self.p.symbol(module_scope, held[0][1])
        return symbol

    def _closure_made(self, target: tuple) -> bool:
        """Whether the dependency is a function nested in another, which makes a new one each
        time it runs: a name bound to one such call holds a callable of its own."""
        func = self.p.funcs.get(target[1]) if target[0] == "func" else None
        return func is not None and func.fd.parent is not None and func.fd.class_qn is None

    def _function_dependency(
        self, dep: Func, key: str, route: Route, seen: set[str], depth: int
    ) -> None:
        """`Depends(func)`: a function (a generator's body too), cached when it is a
        functools cache (a singleton factory)."""
        p = self.p
        cached = p.memoised(dep)
        async_by = async_decorator(p, dep)
        invoked = Invoked(
            (dep.gqn,),
            dep.display,
            Role.DEPENDENCY,
            dep.fd.is_async or bool(async_by),
            dep.mod.path,
            dep.fd.line,
            route.label,
            cached,
            key,
            async_by=async_by,
        )
        # (FastAPI solves a dependency's own dependencies first, then calls it)
        self._sub_dependencies(dep, route, seen, depth + 1)
        route.dependencies.append(invoked)

    def _class_dependency(
        self, cls: Cls, key: str, route: Route, seen: set[str], depth: int
    ) -> None:
        """`Depends(SomeClass)`: its `__new__` and `__init__` run (on the first request
        only, under a metaclass that keeps the instance), and `__init__`'s parameters are
        dependencies in turn."""
        p = self.p
        init = p.method(cls.gqn, "__init__")
        new = p.method(cls.gqn, "__new__")
        funcs = tuple(f.gqn for f in (new, init) if f is not None)
        if funcs and metaclass_keeps_one(p, cls.gqn):
            funcs = ()
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
        if init is not None:
            self._sub_dependencies(init, route, seen, depth + 1)
        route.dependencies.append(invoked)


def _class_name(qn: str) -> bool:
    """Whether an outside name is a class's by the naming convention every library follows
    (`AuthJWT`, `OAuth2PasswordRequestForm`; not `get_db`, not a constant `API_KEY`)."""
    name = qn.rpartition(".")[2]
    return name[:1].isupper() and not name.isupper()


def _framework(qn: str) -> bool:
    """FastAPI's and Starlette's own callables: they depend on request data only."""
    return qn.startswith(("fastapi.", "starlette."))


def _decorator_sites(func: Func) -> set[tuple[int, int]]:
    return {(line, col) for _ref, line, col in func.fd.decorators}


def _conflated(parents: list[tuple]) -> bool:
    """Whether registrations on one app or router, under different names, put one object at
    different prefixes: a factory called twice (`chat_app = create_app()`, `agent_app =
    create_app()`, each mounted) builds two objects where unjam sees one, so which prefix a
    route added to one of them has is not known. The same name included twice (`/v1` and
    `/latest`), or one router in two apps, serves the route at each."""
    seen: dict[str, tuple[str, tuple]] = {}
    for sym, prefix, _scope, _deps, named, _site in parents:
        first = seen.setdefault(sym, (prefix, named))
        if first[0] != prefix and first[1] != named:
            return True
    return False


def _joined(outer: str, inner: str) -> str:
    """`outer + inner`, one UNREAD_PREFIX standing for two unread prefixes in a row."""
    if outer.endswith(UNREAD_PREFIX) and inner.startswith(UNREAD_PREFIX):
        return outer + inner[len(UNREAD_PREFIX) :]
    return outer + inner


def _bound_body(p: Project, gqn: str) -> str:
    """The body a name of a function holds when FastAPI reads the signature: a later `def`
    of the same name has replaced the first (redefined.py), unless either may hold it."""
    bodies = runtime_bodies(p, gqn) if gqn in p.variants else [gqn]
    return bodies[0] if len(bodies) == 1 else gqn


def _written_in_signature(param: Param) -> bool:
    """Whether the parameter's `Depends(...)` is written in its `def` (a default that is a
    call, or an `Annotated[...]` annotation), so that each `def` evaluates its own: not one
    a name it refers to holds."""
    if param.default is not None and param.default[0] == "call":
        return True
    # (`user: Annotated[str, Depends(needs("admin"))] = None`: the default is no `Depends`)
    annotation = param.annotation
    return (
        annotation is not None
        and annotation[0] == "sub"
        and bool((names_read(annotation) | attributes_read(annotation)) & {"Depends", "Security"})
    )


def _loader_root(mod: Module) -> str:
    """Where an import by computed name in `mod` starts looking: its `import_root`, or,
    for a module whose names others took (`gateway/core.py` beside a `gateway/core/`
    package), its own folder."""
    if "@" not in mod.name:
        return import_root(mod)
    folder = mod.path.rpartition("/")[0]
    return f"{folder}/" if folder else ""


def _in_a_top_level_class_body(func: Func) -> bool:
    """Whether `func` is a statement of the body of a class defined at the top of its module
    (`class Controller:` at column 0, the method at column 4): its decorators run whenever
    the module body does, as a statement of the module's own would."""
    fd = func.fd
    if fd.class_qn is None or "." in fd.class_qn:
        return False
    cd = func.mod.summary.classes.get(fd.class_qn)
    return cd is not None and cd.col == 0 and fd.col == 4
