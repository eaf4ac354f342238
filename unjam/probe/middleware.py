"""`ProbeMiddleware` / `instrument`: the pure-ASGI way in.

Pure ASGI, never `BaseHTTPMiddleware`: the latter runs the app in a separate task and
buffers streaming, which changes the behaviour being measured and costs throughput.

Most requests take the untimed path, which does the minimum, measured in instructions
under valgrind. `__call__` is a plain function that returns the app's own awaitable with
`send` wrapped, so the probe adds no coroutine, frame or await layer to the request (the
coroutine chain of a request is walked on every resumption). It creates no per-request
record, and it neither reads the clock nor checks the loop (the timed path attaches the
probe to a new loop: the first request is always timed). The send wrapper counts the
request under its route and status when the response starts (the router has set
`scope["route"]` by then, and FastAPI 0.165+ the effective context of a route in an
included router, which tells two includes of one router apart:
`route_table.matched_route`). With no frame of its own on the stack, the request is found
through the `scope` the ASGI frames below it hold: by the watchdog, to name the route of a
stall, and by the thread-pool wrapper, which keeps a record under the scope key only for a
request that uses the pool (`pool_meter._request_record`) and folds it into the route as it goes.

One request is not counted: with `app.add_middleware(ProbeMiddleware)` the probe sits inside
Starlette's `ServerErrorMiddleware`, so when the app raises before responding, the 500 that
answers it is sent outside the probe. (`unjam.instrument` and `unjam serve` put the probe
outside, where it sees and counts that 500.)

Phase timing is sampled by time, not by count: the first request to start
`phase_sample_ms` (default 50 ms) after the last timed one takes the timed path. The
heartbeat, which runs every few milliseconds anyway, raises `probe.sample_due` when that
time has come (`Probe.raise_sample_due`), so the untimed path reads one attribute instead
of the clock. It publishes a `RequestState` (scope key and context variable, read by the
FastAPI wrappers), and the wrappers are swapped in only while such a request is in flight
(`hooks.attach_phase_timing`). Sampling 1 request in N could not do that: at saturation a
sampled request is nearly always in flight (64 connections at 9,000 req/s keep each
request ~7 ms in flight, while 1 in 8 starts every ~1 ms), so every request would pay for
the wrappers. A quiet app is still timed in full. Everything the probe does is wrapped so
that its failures are counted, never raised into the app.
"""

from __future__ import annotations

import asyncio.coroutines
import inspect
from asyncio import _get_running_loop
from collections.abc import Awaitable
from time import perf_counter
from typing import Any

from unjam.probe.core import Probe, get_probe
from unjam.probe.hooks import attach_phase_timing, detach_phase_timing
from unjam.probe.state import CURRENT_REQUEST, SCOPE_KEY, TIMED_CODES, RequestState

Scope = dict[str, Any]


def _marked_coroutine_function(func: Any) -> Any:
    """Mark a plain function returning an awaitable as a coroutine function.

    Servers tell an ASGI 3 app from an ASGI 2 one by `iscoroutinefunction(app.__call__)`
    (uvicorn; Starlette's `is_async_callable` likewise): unmarked, uvicorn would wrap the
    probe in its ASGI 2 adapter. `inspect.markcoroutinefunction` (3.12+) answers for
    `inspect.iscoroutinefunction`, the `_is_coroutine` marker for `asyncio`'s before 3.14.
    """
    mark = getattr(inspect, "markcoroutinefunction", None)
    if mark is not None:
        func = mark(func)
    marker = getattr(asyncio.coroutines, "_is_coroutine", None)
    if marker is not None:
        func._is_coroutine = marker
    return func


class ProbeMiddleware:
    """ASGI middleware attaching the unjam probe: `app.add_middleware(ProbeMiddleware)`."""

    def __init__(
        self, app: Any, probe: Probe | None = None, *, threshold_ms: float | None = None
    ) -> None:
        self.app = app
        self.probe = probe or get_probe()
        if threshold_ms is not None:
            self.probe.settings.threshold_ms = float(threshold_ms)
        try:
            self.probe.route_index.register(app)
            from unjam.probe import hooks

            hooks.install(self.probe)
        except Exception as exc:  # never break the app
            self.probe.count_error("installing hooks", exc)

    @_marked_coroutine_function
    def __call__(self, scope: Scope, receive: Any, send: Any) -> Awaitable[None]:
        """The awaitable that runs one ASGI call (a plain function: see the module doc)."""
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                return self._lifespan(scope, receive, send)
            return self.app(scope, receive, send)
        probe = self.probe
        if probe.sample_due:
            return self._timed(scope, receive, send)

        def observed_send(message: dict[str, Any]) -> Any:
            # A plain function returning send's awaitable: no extra coroutine per message.
            if message["type"] == "http.response.start":
                try:  # try is free on 3.11; contextlib.suppress() is an object per request
                    # the matched entry, as `route_table.matched_route` reads it, inlined
                    fa = scope.get("fastapi")
                    route = (fa and fa.get("effective_route_context")) or scope.get("route")
                    counts = probe.counting.get((scope["method"], id(route)))
                    if counts is not None and SCOPE_KEY not in scope:
                        status = message["status"]
                        counts[status] = counts.get(status, 0) + 1  # the common case, inlined
                    else:  # a route's first request, no route, or thread-pool calls to fold
                        probe.count_response(scope, message["status"])
                except Exception as exc:
                    probe.count_error("counting a request", exc)
            return send(message)

        return self.app(scope, receive, observed_send)

    async def _timed(self, scope: Scope, receive: Any, send: Any) -> None:
        """A request sampled for phase timing: published, with its phases recorded.

        Every step of the probe's own is guarded: a fault in one is counted and the request
        goes on as if it were not timed — the app gets the server's own `send`, its
        response and its exceptions pass through untouched.
        """
        probe = self.probe
        try:
            state, token, phased = self._publish(scope)
        except Exception as exc:
            probe.count_error("starting a timed request", exc)
            await self.app(scope, receive, send)
            return

        def observed_send(message: dict[str, Any]) -> Any:
            if message["type"] == "http.response.start":
                try:
                    state.status = message["status"]
                    state.response_start = perf_counter()
                    state.phase = None
                except Exception as exc:
                    probe.count_error("timing the response start", exc)
            return send(message)

        try:
            await self.app(scope, receive, observed_send)
        finally:
            self._finish(scope, state, token, phased)

    def _publish(self, scope: Scope) -> tuple[RequestState, Any, bool]:
        """Attach to a new loop, make the request's record and publish it (see `_timed`);
        undone if any step fails."""
        probe = self.probe
        if _get_running_loop() is not probe.loop:
            try:
                probe.ensure_attached()
            except Exception as exc:
                probe.count_error("attaching to the loop", exc)
        start = perf_counter()
        every = probe.settings.phase_sample_ms * 0.001
        probe.next_sample_at = start + every
        if every > 0.0:
            probe.sample_due = False
        state = RequestState(scope, start)
        state.sampled = True
        # Found by the watchdog in this frame's locals (or, for tasks spawned under the
        # request, through the scope the ASGI frames hold), and by the FastAPI wrappers in
        # the context variable.
        scope[SCOPE_KEY] = state
        try:
            token = CURRENT_REQUEST.set(state)
        except BaseException:
            scope.pop(SCOPE_KEY, None)
            raise
        phased = False
        try:
            if probe.phases_enabled:
                attach_phase_timing()
                phased = True
        except BaseException:
            scope.pop(SCOPE_KEY, None)
            CURRENT_REQUEST.reset(token)
            raise
        return state, token, phased

    def _finish(self, scope: Scope, state: RequestState, token: Any, phased: bool) -> None:
        scope.pop(SCOPE_KEY, None)  # break the scope ↔ state cycle: freed by refcount
        probe = self.probe
        try:
            end = perf_counter()
            if phased:
                detach_phase_timing()
        except Exception as exc:
            probe.count_error("detaching phase timing", exc)
            end = perf_counter()
        try:
            CURRENT_REQUEST.reset(token)
        except ValueError:
            pass  # the token came from another context (a task spawned elsewhere)
        except Exception as exc:
            probe.count_error("unpublishing a request", exc)
        try:
            probe.finish_request(state, end)
        except Exception as exc:
            probe.count_error("finishing a request", exc)

    async def _lifespan(self, scope: Scope, receive: Any, send: Any) -> None:
        """Attach at startup; write the JSON snapshot when the server shuts down."""
        probe = self.probe
        try:
            probe.ensure_attached()
        except Exception as exc:
            probe.count_error("attaching to the loop", exc)

        async def observed_send(message: dict[str, Any]) -> None:
            await send(message)
            if message.get("type") in ("lifespan.shutdown.complete", "lifespan.shutdown.failed"):
                try:
                    probe.shutdown()
                except Exception as exc:
                    probe.count_error("shutdown", exc)

        await self.app(scope, receive, observed_send)


TIMED_CODES.add(ProbeMiddleware._timed.__code__)


class InstrumentedApp(ProbeMiddleware):
    """The outermost probe around an app; attribute access falls through to the app.

    So `app = unjam.instrument(app)` keeps `app.get(...)`, `app.state`, `app.routes` and
    `app.dependency_overrides` working, while the probe sees every request first (including
    the ones middleware or ServerErrorMiddleware answer) and names the route of stalls in
    user middleware.
    """

    def __getattr__(self, name: str) -> Any:
        if name in ("app", "probe"):
            raise AttributeError(name)
        return getattr(self.app, name)


def instrument(app: Any, *, threshold_ms: float | None = None, probe: Probe | None = None) -> Any:
    """Wrap an ASGI app with the probe: `app = unjam.instrument(app)`.

    Returns an `InstrumentedApp` (a `ProbeMiddleware`); the original app is `.app`, and its
    attributes stay reachable through the wrapper.
    """
    if isinstance(app, ProbeMiddleware):
        return app
    return InstrumentedApp(app, probe=probe, threshold_ms=threshold_ms)
