"""The thread-pool meter: a wrapper around anyio's `run_sync`, timing each call's wait and run.

Every sync callable FastAPI and Starlette send to the thread pool goes through
`anyio.to_thread.run_sync` (looked up as a module attribute at call time), so one wrapper
there measures, per call, the wait for one of the limiter's tokens (until the worker thread
starts the function) and the run time — including sync dependencies, background tasks,
`UploadFile` and `FileResponse` I/O, which all share the same 40 tokens.

The wrapper is installed once per process and stays: unlike the phase wrappers it costs
only the calls that use the pool, which pay a thread hop already. Each call's times go to
the probe's pool-wide histograms and to the request that made it (`_request_record`).
"""

from __future__ import annotations

import functools
import inspect
import sys
from time import perf_counter
from typing import TYPE_CHECKING, Any

from unjam.probe.state import CURRENT_REQUEST, SCOPE_KEY, PoolRecord, RequestState

if TYPE_CHECKING:
    from unjam.probe.core import Probe

_probe: Probe | None = None
_installed: bool | None = None


def install(probe: Probe) -> None:
    """Meter the thread pool for `probe` (the wrapper itself is installed once per process)."""
    global _probe, _installed
    _probe = probe
    if _installed is None:
        _installed = _wrap_run_sync(probe)


def _wrap_run_sync(probe: Probe) -> bool:
    """Put the timing wrapper in place of `anyio.to_thread.run_sync`; False if it cannot be."""
    try:
        import anyio.to_thread as to_thread
    except ImportError:
        return False
    original = to_thread.run_sync
    try:
        params = inspect.signature(original).parameters
        ok = "func" in params and "limiter" in params
    except (TypeError, ValueError):
        ok = False
    if not ok:
        probe.warn("anyio.to_thread.run_sync changed; per-call thread-pool timing is off")
        return False

    @functools.wraps(original)
    async def run_sync(func: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("limiter") is not None or _probe is None:
            return await original(func, *args, **kwargs)  # a private limiter, not the pool
        marks = [0.0, 0.0]

        def timed_call(*call_args: Any) -> Any:
            marks[0] = perf_counter()
            try:
                return func(*call_args)
            finally:
                marks[1] = perf_counter()

        start = perf_counter()
        probe = _probe
        try:
            _note_entry(probe)
        except Exception as exc:
            probe.count_error("thread-pool entry", exc)
        try:
            return await original(timed_call, *args, **kwargs)
        finally:
            if marks[0]:
                try:
                    _record_call(probe, start, marks)
                except Exception as exc:
                    probe.count_error("thread-pool timing", exc)

    run_sync.__unjam_original__ = original  # type: ignore[attr-defined]
    to_thread.run_sync = run_sync
    return True


def _note_entry(probe: Probe) -> None:
    """Peak tokens borrowed/waiting, seen as each call arrives (the 10 Hz timeline misses peaks)."""
    limiter = probe.limiter
    if limiter is None:
        return
    try:
        borrowed = limiter.borrowed_tokens
        total = limiter.total_tokens
        pool = probe.threadpool
        if borrowed >= total:
            waiting = limiter.statistics().tasks_waiting + 1
            if waiting > pool.max_waiting:
                pool.max_waiting = waiting
            borrowed = total
        else:
            borrowed += 1
        if borrowed > pool.max_borrowed:
            pool.max_borrowed = int(borrowed)
    except Exception as exc:
        probe.count_error("thread-pool entry", exc)


def _request_record() -> tuple[RequestState | PoolRecord | None, dict[str, Any] | None]:
    """The record a thread-pool call adds its times to, and the scope of an untimed request.

    A timed request publishes its `RequestState` in the context variable (and folds it in
    itself when it ends: no scope is returned). The others have no record until they use
    the pool: a `PoolRecord` is kept under the scope key of the HTTP `scope` held by the
    innermost ASGI frame up this task's stack (the probe's untimed path leaves no frame;
    for a task spawned under the request, this finds the request's scope all the same). A
    thread hop costs far more than the walk.
    """
    state = CURRENT_REQUEST.get()
    if state is not None:
        return state, None
    frame = sys._getframe(1)
    while frame is not None:
        if "scope" in frame.f_code.co_varnames:
            scope = frame.f_locals.get("scope")
            if isinstance(scope, dict) and scope.get("type") == "http":
                record = scope.get(SCOPE_KEY)
                if isinstance(record, RequestState):
                    return record, None  # timed: folded in when it ends
                if not isinstance(record, PoolRecord):
                    record = scope[SCOPE_KEY] = PoolRecord()
                return record, scope
        frame = frame.f_back
    return None, None


def _record_call(probe: Probe, start: float, marks: list[float]) -> None:
    try:
        wait = max(0.0, marks[0] - start)
        run = max(0.0, (marks[1] or perf_counter()) - marks[0])
        pool = probe.threadpool
        pool.wait.record(wait * 1000.0)
        pool.run.record(run * 1000.0)
        record, scope = _request_record()
        if record is not None:
            if record.tp_wait < 0:
                record.tp_wait = 0.0
            record.tp_wait += wait
            record.tp_run += run
            if scope is not None and isinstance(record, PoolRecord):
                probe.fold_threadpool(record, scope)  # untimed: no end to fold it in at
    except Exception as exc:
        probe.count_error("thread-pool timing", exc)
