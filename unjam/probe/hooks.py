"""Wrappers around FastAPI's request phases, with version guards (thread pool: pool_meter.py).

FastAPI has no public hook for phase timing (fastapi#701). (0.16x brackets the phases with
a private `_operation(name=...)` telemetry context manager; timing inside it measured more
instructions per request than the coroutine wrappers below, so it is not used.) The request
handler looks up `solve_dependencies` and `run_endpoint_function` as globals of
`fastapi.routing` on every request, and `solve_dependencies` recurses through the global of
`fastapi.dependencies.utils`. `run_endpoint_function` (3 keyword arguments) is wrapped rather
than `serialize_response` (11, each re-packed per call); serialization is then the gap from
the endpoint's return to the response start, which also covers rendering the JSON body.
Replacing those module attributes times each phase without touching the app. Per-dependency time is taken between the return of a dependency's own
`solve_dependencies` (its sub-dependencies are ready) and the next solve or the end of
resolution — i.e. the dependency call itself plus FastAPI's bookkeeping around it.

The phase wrappers are in place only while a request sampled for phase timing is in
flight (`attach_phase_timing` / `detach_phase_timing`, counted): every other request calls
FastAPI's own functions directly and pays nothing for them. A swap only touches an
attribute that still holds what this module put there, so a later patch by someone else is
never undone.

If the signatures are not the ones this was written against, the phase wrappers are not
installed: the probe falls back to whole-request timing and says so once in `warnings`.
"""

from __future__ import annotations

import functools
import inspect
from time import perf_counter
from typing import TYPE_CHECKING, Any

from unjam.probe import pool_meter
from unjam.probe.state import CURRENT_REQUEST, RequestState

if TYPE_CHECKING:
    from unjam.probe.core import Probe

_probe: Probe | None = None
_phases_ok: bool | None = None
# (module, attribute, FastAPI's function, the timing wrapper) for each phase hook
_phase_swaps: list[tuple[Any, str, Any, Any]] = []
_sampled_in_flight = 0

_EXPECTED_PARAMS = {
    "solve_dependencies": {"request", "dependant", "body", "async_exit_stack"},
    "run_endpoint_function": {"dependant", "values", "is_coroutine"},
}


def install(probe: Probe) -> None:
    """Install the wrappers once per process (idempotent); record whether phases work."""
    global _probe, _phases_ok
    _probe = probe
    pool_meter.install(probe)
    if _phases_ok is None and probe.settings.phases:
        _phases_ok = _install_fastapi(probe)
    probe.phases_enabled = bool(_phases_ok)


def _dependency_name(dependant: Any, _cache: dict[int, str] = {}) -> str:  # noqa: B006
    call = getattr(dependant, "call", None)
    key = id(call)
    name = _cache.get(key)
    if name is None:
        target = call
        while isinstance(target, functools.partial):
            target = target.func
        qualname = getattr(target, "__qualname__", None) or type(target).__qualname__
        name = f"dep:{qualname}"
        if len(_cache) < 5000:
            _cache[key] = name
    return name


def _install_fastapi(probe: Probe) -> bool:
    try:
        import fastapi
        import fastapi.dependencies.utils as dep_utils
        import fastapi.routing as routing
    except ImportError:
        return False  # not a FastAPI app: whole-request timing is all there is
    version = getattr(fastapi, "__version__", "?")
    for name, params in _EXPECTED_PARAMS.items():
        func = getattr(routing, name, None)
        func = getattr(func, "__unjam_original__", func)  # already wrapped by this probe
        ok = func is not None and inspect.iscoroutinefunction(func)
        if ok:
            try:
                ok = params <= set(inspect.signature(func).parameters)
            except (TypeError, ValueError):
                ok = False
        if not ok:
            probe.warn(
                f"FastAPI {version}: fastapi.routing.{name} is not what unjam expects; "
                "per-phase timing is off, only whole-request timing is recorded"
            )
            return False
    if getattr(dep_utils, "solve_dependencies", None) is not routing.solve_dependencies:
        probe.warn(
            f"FastAPI {version}: solve_dependencies is not shared by fastapi.routing and "
            "fastapi.dependencies.utils; per-dependency timing is off"
        )
    else:
        nested = dep_utils.solve_dependencies
        _phase_swaps.append((dep_utils, "solve_dependencies", nested, _wrap_nested_solve(nested)))
    top = routing.solve_dependencies
    _phase_swaps.append((routing, "solve_dependencies", top, _wrap_top_solve(top)))
    endpoint = routing.run_endpoint_function
    _phase_swaps.append((routing, "run_endpoint_function", endpoint, _wrap_endpoint(endpoint)))
    return True


def attach_phase_timing() -> None:
    """A sampled request starts: route FastAPI's phase functions through the wrappers."""
    global _sampled_in_flight
    _sampled_in_flight += 1
    if _sampled_in_flight == 1:
        for module, name, original, wrapped in _phase_swaps:
            if getattr(module, name, None) is original:
                setattr(module, name, wrapped)


def detach_phase_timing() -> None:
    """A sampled request ended: once none is left in flight, put FastAPI's functions back."""
    global _sampled_in_flight
    if _sampled_in_flight > 0:
        _sampled_in_flight -= 1
    if _sampled_in_flight == 0:
        for module, name, original, wrapped in _phase_swaps:
            if getattr(module, name, None) is wrapped:
                setattr(module, name, original)


# The wrappers are plain functions returning the original's coroutine, so a request that
# is not sampled for phase timing pays one call and a context-variable read — no extra
# coroutine. Sampled requests get the timing coroutines below. Whatever fails in the
# probe's part is counted and the original's own coroutine is returned: the request goes
# on untimed. The timing coroutines guard their bookkeeping likewise, and let the
# original's result or exception through untouched.
_current = CURRENT_REQUEST.get


def _timing(timer: Any, call: Any, *extra: Any) -> Any:
    """`call` wrapped in `timer` for a sampled request; `call` itself otherwise or on a fault."""
    try:
        state = _current()
        if state is None or not state.sampled:
            return call
        return timer(state, call, *extra)
    except Exception as exc:
        _count_fault("phase timing", exc)
        return call


def _count_fault(where: str, exc: BaseException) -> None:
    probe = _probe
    if probe is not None:
        probe.count_error(where, exc)


def _wrap_endpoint(original: Any) -> Any:
    if _keyword_only(original) == {"dependant", "values", "is_coroutine"}:
        # The exact signature: explicit keywords, no dict packed and unpacked per call.
        @functools.wraps(original)
        def timed(*, dependant: Any, values: Any, is_coroutine: Any) -> Any:
            call = original(dependant=dependant, values=values, is_coroutine=is_coroutine)
            return _timing(_time_endpoint, call)

    else:

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            return _timing(_time_endpoint, original(*args, **kwargs))

    timed.__unjam_original__ = original  # type: ignore[attr-defined]
    return timed


def _keyword_only(func: Any) -> set[str] | None:
    """The parameter names of `func` if all are keyword-only and required, else None."""
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return None
    if all(p.kind is p.KEYWORD_ONLY and p.default is p.empty for p in params):
        return {p.name for p in params}
    return None


async def _time_endpoint(state: RequestState, call: Any) -> Any:
    start = perf_counter()
    try:
        return await call
    finally:
        try:
            end = state.ep_end = perf_counter()
            state.ep_time = end - start
            state.phase = "serialization"
        except Exception as exc:
            _count_fault("endpoint timing", exc)


_TOP_SOLVE_KEYWORDS = (
    "request",
    "dependant",
    "body",
    "dependency_overrides_provider",
    "async_exit_stack",
    "embed_body_fields",
)


def _wrap_top_solve(original: Any) -> Any:
    """Wrap `fastapi.routing.solve_dependencies`, as the route handlers call it.

    They pass exactly `_TOP_SOLVE_KEYWORDS`; naming them spares a dict packed and unpacked
    per request. Any other call goes through `**more`.
    """
    missing = object()

    @functools.wraps(original)
    def timed(
        *,
        request: Any,
        dependant: Any,
        body: Any = missing,
        dependency_overrides_provider: Any = None,
        async_exit_stack: Any = missing,
        embed_body_fields: Any = missing,
        **more: Any,
    ) -> Any:
        if more or body is missing or async_exit_stack is missing or embed_body_fields is missing:
            kwargs = {
                "request": request,
                "dependant": dependant,
                "dependency_overrides_provider": dependency_overrides_provider,
                **more,
            }
            for name, value in (
                ("body", body),
                ("async_exit_stack", async_exit_stack),
                ("embed_body_fields", embed_body_fields),
            ):
                if value is not missing:
                    kwargs[name] = value
            call = original(**kwargs)
        else:
            call = original(
                request=request,
                dependant=dependant,
                body=body,
                dependency_overrides_provider=dependency_overrides_provider,
                async_exit_stack=async_exit_stack,
                embed_body_fields=embed_body_fields,
            )
        return _timing(_time_solve, call)

    timed.__unjam_original__ = original  # type: ignore[attr-defined]
    return timed


async def _time_solve(state: RequestState, call: Any) -> Any:
    state.phase = "dependencies"
    start = perf_counter()
    try:
        return await call
    finally:
        try:
            now = state.deps_end = perf_counter()
            pending = state.dep_pending
            if pending is not None:
                state.dep_pending = None
                state.add_phase(pending[0], now - pending[1])
            state.deps_time = now - start
            state.phase = "endpoint"
        except Exception as exc:
            _count_fault("dependency timing", exc)


def _wrap_nested_solve(original: Any) -> Any:
    @functools.wraps(original)
    def timed(*args: Any, **kwargs: Any) -> Any:
        return _timing(_time_nested, original(*args, **kwargs), kwargs.get("dependant"))

    timed.__unjam_original__ = original  # type: ignore[attr-defined]
    return timed


async def _time_nested(state: RequestState, call: Any, dependant: Any) -> Any:
    try:
        pending = state.dep_pending
        if pending is not None:
            state.dep_pending = None
            state.add_phase(pending[0], perf_counter() - pending[1])
    except Exception as exc:
        _count_fault("dependency timing", exc)
    result = await call
    try:
        now = perf_counter()
        pending = state.dep_pending
        if pending is not None:
            state.add_phase(pending[0], now - pending[1])
        state.dep_pending = (_dependency_name(dependant), now)
    except Exception as exc:
        state.dep_pending = None
        _count_fault("dependency timing", exc)
    return result
