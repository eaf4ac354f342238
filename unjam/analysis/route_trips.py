"""What a route's request and response add to its trips through the thread pool, beside
its sync dependencies and endpoint (rules/threadpool.py counts them): FastAPI validating a
sync endpoint's return value, Starlette spooling an uploaded file to disk, and Starlette
sending a file or a sync stream a chunk at a time — and what a response cache's wrapper
takes away.
"""

from __future__ import annotations

from unjam.analysis.fastapi_records import NO_MODEL, Route
from unjam.analysis.project import Func, Project
from unjam.semantics import Role

# decorators that cache an endpoint's response, handing FastAPI an `async def` wrapper
_RESPONSE_CACHES = frozenset(
    ("ext", name) for name in ("fastapi_cache.decorator.cache", "fastapi_cache.decorator.cached")
)
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


def cached_endpoint(project: Project, route: Route) -> bool:
    """Whether a response cache's decorator wraps the sync endpoint (fastapi-cache2's
    `@cache(expire=60)` under the route's): FastAPI is handed its `async def` wrapper, which
    answers a hit itself and runs the endpoint in the thread pool on a miss only — and, the
    endpoint being async to FastAPI, validates the response on the loop."""
    endpoint = route.endpoint
    func = project.funcs.get(endpoint.funcs[0]) if endpoint.funcs else None
    if func is None or func.fd.is_async:
        return False
    scope = project.parent_scope(func)
    return any(
        project.value_of(scope, ref[1] if ref[0] == "call" else ref) in _RESPONSE_CACHES
        for ref, _line, _col in func.fd.decorators
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
    list, a file object (`io.BytesIO(...)`, `open(...)`, or a sync function of the project
    returning one), or an outside object's `iter_*` method; also through a local holding
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
    if (made is None or made[0] == "ext") and content[1][0] == "attr":
        # (an outside object's `iter_*` method: botocore's `Body.iter_chunks()`, requests'
        # `iter_content()`, httpx's sync `iter_bytes()`; the async ones are `aiter_*`)
        return content[1][2].startswith("iter_")
    body = project.funcs.get(made[1]) if made is not None and made[0] == "func" else None
    if body is None or body.fd.is_async:
        return False
    if body.fd.is_generator:
        return True
    returned = project.return_value(body)  # (a helper building the buffer: `build_pdf(n)`)
    return returned is not None and returned[1] in _SYNC_ITERABLES


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
