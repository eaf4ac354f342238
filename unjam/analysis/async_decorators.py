"""A `def` endpoint or dependency that a project decorator wraps in an `async def`.

FastAPI asks the object it was given whether it is a coroutine function, and the wrapper is
one (`functools.wraps` copies the signature, not the kind): the `def`'s body then runs inside
the wrapper, on the event loop, not in the thread pool —

    def role_checker(func):
        @wraps(func)
        async def wrapper(*args, **kwargs):
            ...
            return func(*args, **kwargs)
        return wrapper

    @router.get("/me")
    @role_checker
    def me(): ...          # blocks the loop, as an `async def` would

— unless the wrapper hands the function to the thread pool (`run_in_threadpool(func, ...)`)
or awaits it: only a plain call of it from the wrapper's own body runs it there; nor when
the decorator returns a sync wrapper for a `def` and an async one for a coroutine function
(`if asyncio.iscoroutinefunction(func): return async_wrapper`, else `sync_wrapper`).
"""

from __future__ import annotations

from unjam.analysis.fastapi_records import _DECORATORS, _last_name
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import FuncDef


def async_decorator(p: Project, func: Func) -> str:
    """The decorator (`role_checker`) whose `async def` wrapper runs `func`, a `def`, on the
    event loop; "" when the `def` is registered as written (no decorator under the route's,
    or one whose wrapper is a `def`, offloads the call, or is not the project's)."""
    fd = func.fd
    outer = _under_the_route(fd) if not (fd.is_async or fd.is_generator) else None
    if outer is None:
        return ""
    applied = _applied(p, func, outer)
    if applied is not None and _picks_by_kind(p, applied):
        return ""  # (a `def` gets the decorator's sync wrapper)
    wrapper = _returned_func(p, applied) if applied is not None else None
    if applied is None or wrapper is None or not wrapper.fd.is_async or wrapper.fd.is_generator:
        return ""
    params = applied.fd.params
    if not params or not _calls_in_place(wrapper, params[0].name):
        return ""
    return _last_name(outer[1] if outer[0] == "call" else outer) or ""


def sync_decorator(p: Project, func: Func) -> str:
    """The decorator (`cached`) whose `def` wrapper calls `func`, an `async def` endpoint,
    and returns its coroutine unawaited; "" when there is none. FastAPI before 0.123.5 asks
    the wrapper whether it is a coroutine function, runs it in the thread pool and gets a
    coroutine back: every request fails, and the endpoint's body never runs (later versions
    look through `functools.wraps` and await it)."""
    fd = func.fd
    outer = _under_the_route(fd) if fd.is_async and not fd.is_generator else None
    if outer is None:
        return ""
    applied = _surely_applied(p, func, outer)
    if applied is None or _picks_by_kind(p, applied):
        return ""
    wrapper = _only_returned(p, applied)
    if wrapper is None or wrapper.fd.is_async or wrapper.fd.is_generator:
        return ""
    params = applied.fd.params
    if not params or not _calls_in_place(wrapper, params[0].name):
        return ""
    return _last_name(outer[1] if outer[0] == "call" else outer) or ""


def wrappers_run(p: Project, func: Func) -> list[tuple[Func, int, int]]:
    """The project wrappers that run around `func` each time it is served or called, with
    their decorator's line and column: a decorator under the route's (or any, for a function
    nothing registers) whose wrapper, of `func`'s own kind, calls the function it is given
    (`@throttle` whose `def wrapper(*a, **k)` calls Redis, then `f(*a, **k)`)."""
    fd = func.fd
    if fd.is_generator:
        return []
    found = []
    for ref, line, col in _applied_first(fd):
        applied = _surely_applied(p, func, ref)
        if applied is None or not applied.fd.params:
            continue
        wrapper = _wrapper_of_kind(p, applied, fd.is_async)
        if wrapper is None:
            continue
        wrapped = ("name", applied.fd.params[0].name)
        if any(site.func == wrapped and site.arg_of < 0 for site in wrapper.fd.calls):
            found.append((wrapper, line, col))
    return found


def spawned_by(p: Project, func: Func) -> str:
    """The API (`asyncio.ensure_future`) a project decorator of the `async def` `func` hands
    it to, in a task, in place of running it: the wrapper awaits nothing of it, but starts a
    function it defines that awaits it (fastapi-utils' `@repeat_every`, copied into many
    projects: `ensure_future(loop())`, `loop` awaiting `func()` every few seconds) — a call
    of `func` starts a background task and returns; "" when there is no such decorator."""
    fd = func.fd
    if not fd.is_async or fd.is_generator or not fd.decorators:
        return ""
    for ref, _line, _col in _applied_first(fd):
        applied = _surely_applied(p, func, ref)
        wrapper = _wrapper_of_kind(p, applied, True) if applied and applied.fd.params else None
        if applied is None or wrapper is None:
            continue
        wrapped = ("name", applied.fd.params[0].name)
        if any(site.func == wrapped for site in wrapper.fd.calls):
            return ""  # (it runs the function itself)
        spawner = _spawns(p, wrapper, wrapped)
        if spawner:
            return spawner
    return ""


def _spawns(p: Project, wrapper: Func, wrapped: tuple) -> str:
    """The task API `wrapper` hands a call of a function it defines to, that function
    calling `wrapped`."""
    for site in wrapper.fd.calls:
        callee = p.callee(wrapper, site.func)
        off = p.catalogue.offload.get(callee[1]) if callee and callee[0] == "ext" else None
        handed = off.handed(site.args, site.kwargs) if off and off.context == "task" else None
        if handed is None or handed[0] != "call" or handed[1][0] != "name":
            continue
        inner_qn = wrapper.fd.local_defs.get(handed[1][1])
        inner = p.funcs.get(f"{wrapper.mod.name}.{inner_qn}") if inner_qn else None
        if inner is not None and any(s.func == wrapped for s in inner.fd.calls):
            return callee[1]
    return ""


def _applied_first(fd: FuncDef) -> list[tuple[tuple, int, int]]:
    """The decorators that wrap what is served, the outermost first: those under the
    lowest route decorator (what it was given), all of them where none registers."""
    decorators = list(fd.decorators)
    registering = [i for i, (ref, _line, _col) in enumerate(decorators) if registers(ref)]
    return decorators[registering[-1] + 1 :] if registering else decorators


def _wrapper_of_kind(p: Project, applied: Func, is_async: bool) -> Func | None:
    """The wrapper the decorator returns for a function of this kind: its only one, or the
    one of that kind where it picks by kind (`_picks_by_kind`)."""
    made = []
    for ref in applied.fd.return_values:
        for branch in (ref[1], ref[2]) if ref[0] == "ifexp" else (ref,):
            if branch[0] == "name" and branch[1] in applied.fd.local_defs:
                value = p.value_of(applied, branch)
                if value is not None and value[0] == "func" and value[1] in p.funcs:
                    made.append(p.funcs[value[1]])
    if len({m.fd.qn for m in made}) > 1:
        made = [m for m in made if m.fd.is_async == is_async]
    if not made or len({m.fd.qn for m in made}) > 1:
        return None
    wrapper = made[0]
    return wrapper if wrapper.fd.is_async == is_async and not wrapper.fd.is_generator else None


def _under_the_route(fd: FuncDef) -> tuple | None:
    """The decorator right under the route's (what the route decorator, or `add_api_route`,
    was given), or None."""
    refs = [ref for ref, _line, _col in fd.decorators]
    registering = [i for i, ref in enumerate(refs) if registers(ref)]
    below = refs[registering[-1] + 1 :] if registering else refs
    return below[0] if below else None


def _surely_applied(p: Project, func: Func, decorator: tuple) -> Func | None:
    """The project function the decorator expression surely stands for: a name of one, or
    the call of a factory every `return` of which gives the same one (not one that gives a
    no-op wrapper in tests and a library's decorator otherwise)."""
    if decorator[0] != "call":
        return _applied(p, func, decorator)
    value = p.value_of(p.parent_scope(func), decorator[1])
    factory = p.funcs.get(value[1]) if value is not None and value[0] == "func" else None
    return _only_returned(p, factory) if factory is not None else None


def _only_returned(p: Project, func: Func) -> Func | None:
    """The function `func` defines and every `return` of it gives (`return wrapper`), or
    None."""
    returned = set(func.fd.return_values)
    if len(returned) != 1:
        return None
    ref = returned.pop()
    if ref[0] != "name" or ref[1] not in func.fd.local_defs:
        return None
    value = p.value_of(func, ref)
    return p.funcs.get(value[1]) if value is not None and value[0] == "func" else None


def surely_applied_wrappers(p: Project, func: Func) -> list[Func]:
    """The project wrappers that surely run around what is served of `func`, the outermost
    first (`@require_permissions([...])` under the route: its factory's decorator's
    wrapper)."""
    out = []
    for decorator, _line, _col in _applied_first(func.fd):
        applied = _surely_applied(p, func, decorator)
        wrapper = _only_returned(p, applied) if applied is not None else None
        if wrapper is not None:
            out.append(wrapper)
    return out


def decorator_wrapper(p: Project, func: Func, decorator: tuple) -> Func | None:
    """The project function a decorator replaces `func` with: what the decorator function
    (the decorator expression's value) returns."""
    applied = _applied(p, func, decorator)
    return _returned_func(p, applied) if applied is not None else None


def registers(decorator: tuple) -> bool:
    """`@router.get("/x")` and its kin: the route decorators hand back the function itself."""
    return decorator[0] == "call" and decorator[1][0] == "attr" and decorator[1][2] in _DECORATORS


def _applied(p: Project, func: Func, decorator: tuple) -> Func | None:
    """The project function the decorator expression stands for (`checker`, or what the
    factory call `role_checker(roles)` returns)."""
    value = p.value_of(p.parent_scope(func), decorator)
    return p.funcs.get(value[1]) if value is not None and value[0] == "func" else None


def _returned_func(p: Project, applied: Func) -> Func | None:
    returned = p.return_value(applied)
    if returned is None or returned[0] != "func":
        return None
    return p.funcs.get(returned[1])


def _picks_by_kind(p: Project, applied: Func) -> bool:
    """Whether the decorator returns a sync or an async wrapper as the function it is given
    is a coroutine function or not (`if asyncio.iscoroutinefunction(func): return
    async_wrapper` / `return sync_wrapper`)."""
    if not any(_last_name(site.func) == "iscoroutinefunction" for site in applied.fd.calls):
        return False
    kinds = set()
    returned = [
        branch
        for ref in applied.fd.return_values
        for branch in ((ref[1], ref[2]) if ref[0] == "ifexp" else (ref,))
    ]
    for ref in returned:
        value = p.value_of(applied, ref)
        made = p.funcs.get(value[1]) if value is not None and value[0] == "func" else None
        if made is not None:
            kinds.add(made.fd.is_async)
    return kinds == {True, False}


def _calls_in_place(wrapper: Func, wrapped: str) -> bool:
    """Whether the wrapper calls the function it wraps itself, not awaiting it."""
    return any(
        site.func == ("name", wrapped) and not site.awaited and site.arg_of < 0
        for site in wrapper.fd.calls
    )
