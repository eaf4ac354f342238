"""The FastAPI model's records — apps and routers, routes with their dependencies, the
callables the framework invokes and in which role, HTTP middleware — and the few readers of
summary refs (a constant string, a list's items, a route's methods) its builders share.

How they are found: fastapi_model.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from unjam.analysis.project import Func, Project
from unjam.model import ExecutionContext
from unjam.semantics import HTTP_ROUTE_METHODS, Role, runs_on, uses_threadpool_token

APP = "fastapi.FastAPI"
ROUTER = "fastapi.APIRouter"
# the `prefix=` of a router built where unjam cannot see (a factory's): no text can be read
UNREAD_REF = ("unread",)


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

    @property
    def tokens(self) -> int:
        return int(self.endpoint.token) + sum(1 for d in self.dependencies if d.token)


NO_MODEL = ("const", None)
# what a StreamingResponse may be handed that Starlette iterates in the thread pool
_SYNC_ITERABLES = frozenset(
    {
        "builtins.iter",
        "builtins.open",
        "io.BytesIO",
        "io.StringIO",
        "io.open",
        "tempfile.SpooledTemporaryFile",
        "tempfile.TemporaryFile",
        "tempfile.NamedTemporaryFile",
    }
)
# what declares an uploaded file among a route's parameters
_FILE_PARAMETERS = frozenset(
    {
        "fastapi.UploadFile",
        "fastapi.datastructures.UploadFile",
        "starlette.datastructures.UploadFile",
        "fastapi.File",
        "fastapi.param_functions.File",
    }
)


def validates_response(project: Project, route: Route, from_annotation: bool = True) -> bool:
    """Whether FastAPI validates what a sync endpoint returns in the thread pool, one more
    trip after the endpoint's own: when a response model is given, or read from the return
    annotation (`from_annotation`: FastAPI 0.89 and later do) — anything but `None`, a
    `Response` class, or a streaming generator's — and the endpoint does not return a
    `Response` object itself (FastAPI sends one as it is, whatever `response_model=`
    says)."""
    endpoint = route.endpoint
    if endpoint.is_async or endpoint.role is not Role.ENDPOINT or not endpoint.funcs:
        return False
    func = project.funcs.get(endpoint.funcs[0])
    if func is not None and _returns_responses(project, func):
        return False
    if route.response_model is not None:
        return route.response_model != NO_MODEL
    if not from_annotation:
        return False
    if func is None or func.fd.is_generator or func.fd.returns in (None, NO_MODEL):
        return False
    value = project.annotation_type(project.parent_scope(func), func.fd.returns)
    return value is None or not _response_class(project, value)


def receives_files(project: Project, route: Route) -> bool:
    """Whether the route takes an uploaded file (an `UploadFile` parameter, or one declared
    with `File()`) in its endpoint or a dependency: Starlette spools a file past 1 MiB to
    disk as it parses the request, each chunk written through the thread pool, and so is
    each read and the close of such a file."""
    for invoked in (route.endpoint, *route.dependencies):
        for gqn in invoked.funcs:
            func = project.funcs.get(gqn)
            if func is None:
                continue
            scope = project.parent_scope(func)
            for param in func.fd.params:
                for ref in (param.annotation, param.default):
                    if ref is not None and _names_a_file(project, scope, ref):
                        return True
    return False


def _names_a_file(project: Project, scope: Func, ref: tuple) -> bool:
    """Whether the annotation or default names `UploadFile` or `File` anywhere in it
    (`list[UploadFile]`, `UploadFile | None`, `Annotated[bytes, File()]`)."""
    stack = [ref]
    while stack:
        item = stack.pop()
        tag = item[0]
        if tag in ("name", "attr"):
            value = project.value_of(scope, item)
            if value is not None and value[1] in _FILE_PARAMETERS:
                return True
            if tag == "attr":
                stack.append(item[1])
        elif tag in ("sub", "call"):
            stack.append(item[1])
            stack.extend(item[2])
        elif tag == "binop":
            stack.extend(item[2:4])
    return False


def sent_through_the_pool(project: Project, route: Route) -> str:
    """The response class a sync endpoint returns that Starlette sends through the thread
    pool too, a trip at a time, "" for none: a `FileResponse` (a stat, the open, a read per
    64 KiB chunk, the close) or a `StreamingResponse` over a sync generator of the project
    (`iterate_in_threadpool`: a trip per chunk)."""
    endpoint = route.endpoint
    func = project.funcs.get(endpoint.funcs[0]) if endpoint.funcs else None
    if func is None:
        return ""
    for ref in func.fd.return_values:
        value = project.value_of(func, ref)
        if value == ("inst", "starlette.responses.FileResponse"):
            return "FileResponse"
        if value == ("inst", "starlette.responses.StreamingResponse") and _sync_content(
            project, func, ref
        ):
            return "StreamingResponse"
    return ""


def _sync_content(project: Project, func: Func, ref: tuple) -> bool:
    """Whether `StreamingResponse(content, ...)` (`ref`, as written in the return) streams
    a sync iterable: a call of one of the project's sync generator functions, `iter(...)`, a
    list, or a file object (`io.BytesIO(...)`, `open(...)`); also through a local holding
    one. Starlette iterates each in the thread pool (`iterate_in_threadpool`)."""
    if ref[0] != "call":
        return False
    contents = [*ref[2][:1], *(value for key, value in ref[3] if key == "content")]
    if not contents:
        return False
    content = contents[0]
    if content[0] == "name" and len(func.fd.locals.get(content[1], ())) == 1:
        content = func.fd.locals[content[1]][0]  # (`spooled = io.BytesIO(...)`)
    if content[0] == "list":
        return True
    if content[0] != "call":
        return False
    made = project.value_of(func, content[1])
    if made is not None and made[0] == "ext" and made[1] in _SYNC_ITERABLES:
        return True
    body = project.funcs.get(made[1]) if made is not None and made[0] == "func" else None
    return body is not None and body.fd.is_generator and not body.fd.is_async


def _returns_responses(project: Project, func: Func) -> bool:
    """Whether each `return` of `func` gives a `Response` object (`return
    StreamingResponse(rows(), ...)`)."""
    if not func.fd.return_values:
        return False
    for ref in func.fd.return_values:
        value = project.value_of(func, ref)
        if value is None or value[0] not in ("inst", "obj") or not _response_class(project, value):
            return False
    return True


def _response_class(project: Project, value: tuple) -> bool:
    """Whether an annotation names Starlette's `Response` or a subclass of it (not one of
    several types: `-> Response | dict` may be validated)."""
    if type(value[1]) is not str:
        return False
    names = [value[1]]
    if value[0] in ("obj", "class") and value[1] in project.classes:
        names = project.mro(value[1])[1]
    return any(
        name.startswith(("starlette.responses.", "fastapi.responses.", "fastapi.Response"))
        for name in names
    )


@dataclass
class Middleware:
    name: str
    path: str
    line: int
    col: int
    form: str  # "BaseHTTPMiddleware" or '@app.middleware("http")'
    app: str | None = None  # the app it is registered on, when unjam knows it


@dataclass
class FastAPIModel:
    apps: list[RouterObj] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    others: list[Invoked] = field(default_factory=list)  # middleware, handlers, startup
    http_middleware: list[Middleware] = field(default_factory=list)
    # functions (not module bodies) that build an app or a router: app set-up code
    builders: frozenset[str] = frozenset()
    # apps left out because they cannot start as written (unstartable.py)
    unstartable: list[RouterObj] = field(default_factory=list)


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
    """A route's `methods=[...]` (the constant ones, upper-cased), GET when none is given."""
    return [
        m[1].upper() for m in _list_items(ref) if m[0] == "const" and isinstance(m[1], str)
    ] or ["GET"]
