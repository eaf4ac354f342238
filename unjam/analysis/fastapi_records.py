"""The FastAPI model's records — apps and routers, routes with their dependencies, the
callables the framework invokes and in which role, HTTP middleware — and the few readers of
summary refs (a constant string, a list's items, a route's methods) its builders share.

How they are found: fastapi_model.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from unjam.analysis.project import Func
from unjam.model import ExecutionContext
from unjam.semantics import HTTP_ROUTE_METHODS, Role, runs_on, uses_threadpool_token

APP = "fastapi.FastAPI"
ROUTER = "fastapi.APIRouter"
# the `prefix=` of a router built where unjam cannot see (a factory's): no text can be read
UNREAD_REF = ("unread",)


# the first step of `Route.order` for a route whose router's includes unjam cannot follow: its
# routes are compared with that router's own (route_shadows.py)
UNLINKED_ROUTER = "<included where unjam cannot follow>:"


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
    on_error: bool = False  # work started only in an `except` handler (callgraph Offloaded)
    # a `def` that this project decorator wraps in an `async def` (async_decorators.py):
    # it runs on the event loop, and `is_async` says so
    async_by: str = ""
    app: str = ""  # a lifespan's or start-up handler's app (its symbol), when known
    # a router's or include's dependency added to its list only under a test
    # (list_items.Condition): () for one every request runs
    condition: tuple = ()
    # a route's piece whose router is included only under a test (`if flags.beta:
    # app.include_router(beta)`): ("any", (Condition, ...)), one per include on the way
    served_when: tuple = ()

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
    # (sym, prefix, scope, deps, the ref the registration names this object by, its (line,
    # col))
    parents: list[tuple[str, str, Func, tuple | None, tuple, tuple[int, int]]] = field(
        default_factory=list
    )
    # the line of the module body's last `app = FastAPI(...)` where it rebinds the name: what
    # the body registers on the name above that line went to an app never served
    rebound_at: int = 0

    def registered_earlier(self, scope: Func, line: int) -> bool:
        """Whether a registration on this object's name at `line` of `scope` went to an app
        the module body built before rebinding the name (`@app.on_event("startup")` between
        `app = FastAPI(lifespan=ls)` and `app = FastAPI()`)."""
        return self.rebound_at > 0 and scope is self.scope and line < self.rebound_at


@dataclass
class Route:
    label: str  # "POST /webhooks/invoice"
    endpoint: Invoked
    decorator_path: str
    decorator_line: int
    decorator_col: int
    app: str | None
    dependencies: list[Invoked] = field(default_factory=list)
    # the `response_model=` given (NO_MODEL: `None`, or a Starlette route, which validates
    # nothing); None when not given: FastAPI reads it from the endpoint's return annotation
    response_model: tuple | None = None
    # how the route reached its app, from the app down (route_shadows.py): each include and
    # the registration itself as (function gqn, line, whether it is a statement of that
    # function's own body, not under an `if`/`for`/`try`); None when unknown
    order: tuple[tuple[str, int, bool], ...] | None = None
    path: str = ""  # as its registration writes it, without the prefixes above
    # a `Depends(...)` whose callable, or whose own dependencies, unjam cannot see (an outside
    # function or class): what it runs in the thread pool is not counted
    unseen_dependencies: bool = False
    # a dependency factory returning one of several `Depends(...)` (`RoleACL`), by name
    unpicked: str = ""
    # served by a Cadwyn app, which solves its dependencies twice (cadwyn_routes.py)
    cadwyn: bool = False

    @property
    def tokens(self) -> int:
        return int(self.endpoint.token) + sum(1 for d in self.dependencies if d.token)


NO_MODEL = ("const", None)


# the form of `add_middleware(BaseHTTPMiddleware, dispatch=f)`: the base class itself runs `f`
DISPATCH_FORM = "BaseHTTPMiddleware with the dispatch function"
CLASS_FORM = "BaseHTTPMiddleware"  # a subclass of it
# library middleware built on BaseHTTPMiddleware → (the library, what to register instead:
# the same library's pure ASGI twin)
_SLOWAPI = (
    "slowapi",
    "register slowapi's `SlowAPIASGIMiddleware` instead (`from slowapi.middleware import "
    "SlowAPIASGIMiddleware`): the same limits, as a pure ASGI middleware",
)
_STARLETTE_CONTEXT = (
    "starlette-context",
    "register starlette-context's `RawContextMiddleware` instead (the same plugins): the "
    "same context, as a pure ASGI middleware",
)
LIBRARY_MIDDLEWARE = {
    "slowapi.middleware.SlowAPIMiddleware": _SLOWAPI,
    "starlette_context.middleware.ContextMiddleware": _STARLETTE_CONTEXT,
    "starlette_context.middleware.context_middleware.ContextMiddleware": _STARLETTE_CONTEXT,
}


@dataclass
class Middleware:
    name: str
    path: str
    line: int
    col: int
    form: str  # CLASS_FORM, '@app.middleware("http") function', DISPATCH_FORM, a library's
    app: str | None = None  # the app it is registered on, when unjam knows it
    # a library's class (LIBRARY_MIDDLEWARE), recorded where it is registered: what to
    # register instead
    fix: str = ""


@dataclass
class FastAPIModel:
    apps: list[RouterObj] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    others: list[Invoked] = field(default_factory=list)  # middleware, handlers, startup
    http_middleware: list[Middleware] = field(default_factory=list)
    # functions (not module bodies) that build an app or a router, or include a router in
    # another: app set-up code
    builders: frozenset[str] = frozenset()
    # apps left out because they cannot start as written (unstartable.py)
    unstartable: list[RouterObj] = field(default_factory=list)
    # the file that keeps the only app there is from starting (missing_app.py), if any
    missing_app: str = ""
    # of a project without an app (a library): each file whose import fails, and why
    # (unstartable.py `unimportable_modules`): the coroutines that need it are not checked
    unimportable: dict[str, str] = field(default_factory=dict)
    # the routes left out because FastAPI answers every request of them 422 first, a
    # `Depends(...)` given an `Annotated` alias: (path, line of the function whose parameter
    # it is, the alias, the route's label) (alias_depends.py)
    refused: list[tuple[str, int, str, str]] = field(default_factory=list)


# the methods of an app or router that register the function they decorate (and return it)
_DECORATORS = HTTP_ROUTE_METHODS | {
    "api_route",
    "websocket",
    "route",
    "websocket_route",
    "middleware",
    "exception_handler",
    "on_event",
}


def _last_name(ref: tuple) -> str | None:
    if ref[0] == "name":
        return ref[1]
    if ref[0] == "attr":
        return ref[2]
    return None


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


def _http_methods(ref: tuple | None) -> list[str]:
    """A route's `methods=[...]` (the constant ones, upper-cased), GET when none is given,
    "…" when the methods given are not constants (`methods=[endpoint.method]`)."""
    if ref is None or ref == ("const", None):
        return ["GET"]
    found = [m[1].upper() for m in _list_items(ref) if m[0] == "const" and isinstance(m[1], str)]
    return found or ["…"]


def registration_step(scope: Func, line: int, col: int) -> tuple[str, int, bool]:
    """A registration's step in `Route.order`: sure to run when it is a statement of its
    scope's own body (column 0 in a module; the def's column plus four in a function)."""
    body = 0 if scope.fd.qn == "<module>" else scope.fd.col + 4
    return scope.gqn, line, col == body
